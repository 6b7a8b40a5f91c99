import { SEMVER_PATTERN, UPDATE_LIMITS, UPDATE_PACKAGE_NAMES, type UpdateType } from "@portal/contract";

/**
 * The wizard's checks of spec section 5, run in the browser before anything is sent (the server runs
 * the same and more: ZIP contents, sizes, "above every published version").
 */

export type PackageSlot = keyof typeof UPDATE_PACKAGE_NAMES;

/** The wizard's toasts share one place: a later success or error replaces the one before it. */
export const WIZARD_TOAST = { id: "update-wizard" };
export const packageSlots = Object.keys(UPDATE_PACKAGE_NAMES) as PackageSlot[];

/** "backend.zip and frontend.zip are required", "must be named backend.zip". */
export type PackageProblem = "missing" | "wrongName";

export function checkPackage(slot: PackageSlot, file: Pick<File, "name"> | null | undefined): PackageProblem | null {
  if (!file) return "missing";
  return file.name === UPDATE_PACKAGE_NAMES[slot] ? null : "wrongName";
}

/** An extra file's install path: required, relative, without "..", not too long, not the package's own, not shared with another extra. */
export type PathProblem = "required" | "unsafe" | "tooLong" | "reserved" | "duplicate";

/** The names the package keeps at its root (the two packages, the manifest and its signature). */
const RESERVED_PATHS = new Set([...Object.values(UPDATE_PACKAGE_NAMES), "manifest.json", "manifest.sig"]);

/**
 * What the server refuses (API "Updates"): absolute (`/etc`), drive (`C:`) or climbing out
 * (`a/../../b`), and backslashes or control characters (paths use forward slashes).
 */
function isUnsafePath(path: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(path)) return true;
  if (path.startsWith("/") || /^[A-Za-z]:/.test(path)) return true;
  return path.split("/").some((segment) => segment === "..");
}

/** The path as the server stores it: "./config//app.ini" → "config/app.ini". */
function normalisePath(path: string): string {
  return path
    .trim()
    .split("/")
    .filter((segment) => segment !== "" && segment !== ".")
    .join("/");
}

export function checkExtraPath(path: string): Exclude<PathProblem, "duplicate"> | null {
  const trimmed = path.trim();
  if (trimmed === "") return "required";
  if (isUnsafePath(trimmed)) return "unsafe";
  const normal = normalisePath(trimmed);
  if (normal === "") return "required";
  if (normal.length > UPDATE_LIMITS.maxPathLength) return "tooLong";
  if (RESERVED_PATHS.has(normal.toLowerCase())) return "reserved";
  return null;
}

export interface ExtraDraft {
  /** Stable across reorders and removals (a React key). */
  id: string;
  file: File;
  path: string;
}

export interface FilesDraft {
  backend: File | null;
  frontend: File | null;
  extras: ExtraDraft[];
}

export interface FilesCheck {
  packages: Record<PackageSlot, PackageProblem | null>;
  /** Problem of each extra's path, by the extra's id. */
  paths: Record<string, PathProblem>;
  tooManyExtras: boolean;
  ok: boolean;
}

export function checkFiles(draft: FilesDraft): FilesCheck {
  const packages = { backend: checkPackage("backend", draft.backend), frontend: checkPackage("frontend", draft.frontend) };
  const paths: Record<string, PathProblem> = {};
  const seenPaths = new Set<string>();
  for (const extra of draft.extras) {
    const problem = checkExtraPath(extra.path);
    // Compared without case, as the server does: such paths collide on Windows.
    const key = normalisePath(extra.path).toLowerCase();
    if (problem) paths[extra.id] = problem;
    else if (seenPaths.has(key)) paths[extra.id] = "duplicate";
    seenPaths.add(key);
  }
  const tooManyExtras = draft.extras.length > UPDATE_LIMITS.maxExtras;
  const ok = !packages.backend && !packages.frontend && Object.keys(paths).length === 0 && !tooManyExtras;
  return { packages, paths, tooManyExtras, ok };
}

// The server opens a package as yauzl does: by the end-of-central-directory record, 22 bytes plus a
// comment of up to 65535 bytes from the end. A file without one is refused as not a ZIP, so the
// browser looks for it too, before a large file is sent for nothing.
const END_RECORD_BYTES = 22;
const END_RECORD_SEARCH_BYTES = END_RECORD_BYTES + 0xffff;

function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsArrayBuffer(blob);
  });
}

/** Whether `file` ends as a ZIP archive does (its end-of-central-directory signature "PK\x05\x06"). */
export async function hasZipEnding(file: Blob): Promise<boolean> {
  if (file.size < END_RECORD_BYTES) return false;
  const tail = await readBytes(file.slice(Math.max(0, file.size - END_RECORD_SEARCH_BYTES)));
  for (let index = tail.length - END_RECORD_BYTES; index >= 0; index--) {
    if (tail[index] === 0x50 && tail[index + 1] === 0x4b && tail[index + 2] === 0x05 && tail[index + 3] === 0x06) return true;
  }
  return false;
}

/** Which package slot a dropped file belongs to, by its exact name (null: neither). */
export function slotForName(name: string): PackageSlot | null {
  return packageSlots.find((slot) => UPDATE_PACKAGE_NAMES[slot] === name) ?? null;
}

/** One install command, with a key that survives moves. */
export interface CommandDraft {
  id: string;
  text: string;
}

export type CommandProblem = "empty" | "tooLong";

export function checkCommands(commands: CommandDraft[]): { problems: Record<string, CommandProblem>; tooMany: boolean; ok: boolean } {
  const problems: Record<string, CommandProblem> = {};
  for (const command of commands) {
    const text = command.text.trim();
    if (text === "") problems[command.id] = "empty";
    else if (text.length > UPDATE_LIMITS.maxCommandLength) problems[command.id] = "tooLong";
  }
  const tooMany = commands.length > UPDATE_LIMITS.maxCommands;
  return { problems, tooMany, ok: !tooMany && Object.keys(problems).length === 0 };
}

/** The list with the item at `from` moved to `to` (both clamped); the same list when nothing moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || from === target) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

export interface ChangelogDraft {
  header: string;
  version: string;
  type: UpdateType | "";
  changeLog: string;
}

export type ChangelogField = keyof ChangelogDraft;

/** Step 3: which fields are empty ("Please fill in all fields"), and whether the version is semantic. */
export function checkChangelog(draft: ChangelogDraft): { empty: ChangelogField[]; badVersion: boolean; ok: boolean } {
  const empty = (["header", "version", "type", "changeLog"] as const).filter((field) => draft[field].trim() === "");
  const badVersion = draft.version.trim() !== "" && !SEMVER_PATTERN.test(draft.version.trim());
  return { empty, badVersion, ok: empty.length === 0 && !badVersion };
}

/** Sum of the sizes of the files about to go up. */
export function uploadBytes(draft: FilesDraft): number {
  return (draft.backend?.size ?? 0) + (draft.frontend?.size ?? 0) + draft.extras.reduce((sum, extra) => sum + extra.file.size, 0);
}
