import { UPDATE_LIMITS, UPDATE_PACKAGE_NAMES } from "@portal/contract";
import { AppError } from "../../lib/app-error.js";

/** Names the package ZIP keeps for itself at its root: no extra file may be installed there. */
export const PACKAGE_MANIFEST_NAME = "manifest.json";
export const PACKAGE_SIGNATURE_NAME = "manifest.sig";

const RESERVED_PATHS = new Set(
  [UPDATE_PACKAGE_NAMES.backend, UPDATE_PACKAGE_NAMES.frontend, PACKAGE_MANIFEST_NAME, PACKAGE_SIGNATURE_NAME].map((name) => name.toLowerCase()),
);

function refuse(message: string): never {
  throw new AppError("update/extra_path_required", { message });
}

/**
 * An extra file's install path (the file's own path, folders and name, relative to the product's
 * installation folder) in its one normal form: POSIX separators, no empty or "." segments, no trailing
 * slash. Refused: empty, `..` anywhere, absolute, a drive letter, backslashes, NUL and other control
 * characters, longer than the contract's limit, or one of the names the package itself uses.
 */
export function normaliseInstallPath(input: string | undefined): string {
  const text = (input ?? "").trim();
  if (text === "") refuse("Please provide a path for each extra file.");
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(text)) refuse("An install path cannot hold control characters.");
  if (text.includes("\\")) refuse("Install paths use forward slashes (/), not backslashes.");
  if (text.startsWith("/") || /^[A-Za-z]:/.test(text)) refuse(`The install path "${text}" must be relative to the installation folder.`);
  const segments = text.split("/").filter((segment) => segment !== "" && segment !== ".");
  if (segments.includes("..")) refuse(`The install path "${text}" cannot climb out of the installation folder with "..".`);
  const path = segments.join("/");
  if (path === "") refuse("Please provide a path for each extra file.");
  if (path.length > UPDATE_LIMITS.maxPathLength) refuse(`An install path can be at most ${UPDATE_LIMITS.maxPathLength} characters.`);
  if (RESERVED_PATHS.has(path.toLowerCase())) refuse(`The install path "${path}" is reserved for the update's own files.`);
  return path;
}

/** Refuses two extras installed at the same place (compared without case: they collide on Windows). */
export function assertDistinctPaths(paths: string[]): void {
  const seen = new Set<string>();
  for (const path of paths) {
    const key = path.toLowerCase();
    if (seen.has(key)) refuse(`Two extra files cannot share the install path "${path}".`);
    seen.add(key);
  }
}
