import { createHash } from "node:crypto";
import { open, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { readRange } from "./read-range.js";
import { manifestProblem } from "./update-manifest.js";
import type {
  UpdateFileCheck,
  UpdateFileStatus,
  UpdateFilesResult,
  UpdateManifest,
  UpdateManifestFile,
  VerifyUpdateFilesOptions,
} from "./types.js";

/** Lower-case hex SHA-256 of a file, read in chunks (never whole). Rejects with Node's error when it cannot be read. */
export async function sha256File(filePath: string): Promise<string> {
  const handle = await open(filePath, "r");
  try {
    const hash = createHash("sha256");
    for await (const chunk of readRange(handle, 0, Number.POSITIVE_INFINITY)) hash.update(chunk);
    return hash.digest("hex");
  } finally {
    await handle.close();
  }
}

const STATUS_WORDS: Record<UpdateFileStatus, string> = {
  ok: "ok",
  missing: "missing",
  size_mismatch: "size mismatch",
  hash_mismatch: "hash mismatch",
  unreadable: "unreadable",
};

export function describeStatus(status: UpdateFileStatus): string {
  return STATUS_WORDS[status];
}

export function fileCheck(
  file: UpdateManifestFile,
  status: UpdateFileStatus,
  message: string,
  found: { actualSize?: number; actualSha256?: string } = {},
): UpdateFileCheck {
  return { name: file.name, path: file.path, status, expectedSize: file.size, expectedSha256: file.sha256, ...found, message };
}

/** The check of a file whose content was read to its end: `size` bytes hashing to `sha256`. */
export function contentCheck(file: UpdateManifestFile, size: number, sha256: string): UpdateFileCheck {
  const found = { actualSize: size, actualSha256: sha256 };
  if (size !== file.size) return fileCheck(file, "size_mismatch", `is ${size} bytes; the manifest says ${file.size}.`, found);
  if (sha256 !== file.sha256) {
    return fileCheck(file, "hash_mismatch", "has the right size but other content (its SHA-256 differs): it was altered or damaged.", found);
  }
  return fileCheck(file, "ok", `matches (${size} bytes, SHA-256 ${sha256}).`, found);
}

/** The overall result of per-file checks. */
export function filesResult(files: UpdateFileCheck[]): UpdateFilesResult {
  const failed = files.filter((file) => file.status !== "ok");
  if (failed.length === 0) return { ok: true, files };
  const list = failed.map((file) => `${file.path} (${describeStatus(file.status)})`).join(", ");
  return {
    ok: false,
    reason: "FILE_MISMATCH",
    message: `${failed.length} of ${files.length} files do not match the manifest: ${list}.`,
    files,
  };
}

/** Counts bytes across files for `onProgress`, ending at the manifest's total whatever was skipped. */
export class Progress {
  private done = 0;
  private readonly total: number;

  constructor(
    manifest: UpdateManifest,
    private readonly onProgress: VerifyUpdateFilesOptions["onProgress"],
  ) {
    this.total = manifest.files.reduce((sum, file) => sum + file.size, 0);
  }

  /** Reports `bytes` read into a file, capped at its expected size. */
  within(file: UpdateManifestFile, bytes: number): void {
    this.onProgress?.(this.done + Math.min(bytes, file.size), this.total);
  }

  finished(file: UpdateManifestFile): void {
    this.done += file.size;
    this.onProgress?.(this.done, this.total);
  }
}

/** A manifest not from verifyUpdateManifest is a programmer error: checking it would prove nothing. */
export function assertManifest(manifest: UpdateManifest): void {
  const problem = manifestProblem(manifest);
  if (problem) throw new TypeError(`Pass the manifest that verifyUpdateManifest returned. ${problem.message}`);
}

function errorCode(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error && typeof error.code === "string" ? error.code : undefined;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function checkFile(file: UpdateManifestFile, directory: string, progress: Progress): Promise<UpdateFileCheck> {
  const location = path.join(directory, ...file.path.split("/"));
  let handle: FileHandle;
  try {
    handle = await open(location, "r");
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT" || code === "ENOTDIR") return fileCheck(file, "missing", "is missing.");
    return fileCheck(file, "unreadable", `cannot be opened: ${errorMessage(error)}`);
  }
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) return fileCheck(file, "missing", "is missing (a folder is in its place).");
    if (!stats.isFile()) return fileCheck(file, "unreadable", "is not a regular file.");
    if (stats.size !== file.size) {
      return fileCheck(file, "size_mismatch", `is ${stats.size} bytes; the manifest says ${file.size}.`, { actualSize: stats.size });
    }
    const hash = createHash("sha256");
    let size = 0;
    for await (const chunk of readRange(handle, 0, Number.POSITIVE_INFINITY)) {
      hash.update(chunk);
      size += chunk.length;
      progress.within(file, size);
    }
    return contentCheck(file, size, hash.digest("hex"));
  } catch (error) {
    return fileCheck(file, "unreadable", `cannot be read: ${errorMessage(error)}`);
  } finally {
    await handle.close();
  }
}

/**
 * Checks the files of a verified manifest in `directory`, each at its install path
 * (`directory/<path>`): present, of the manifest's size, and of its SHA-256, read in chunks so any
 * size uses little memory. Files the manifest does not list are ignored. Every file is checked (an
 * installer can fetch again only the ones that failed).
 *
 * Never rejects for what it finds (a missing or unreadable file is a per-file status); throws a
 * TypeError when `manifest` is not a valid manifest (pass the one verifyUpdateManifest returned).
 */
export async function verifyUpdateFiles(
  manifest: UpdateManifest,
  directory: string,
  options: VerifyUpdateFilesOptions = {},
): Promise<UpdateFilesResult> {
  assertManifest(manifest);
  if (typeof directory !== "string" || directory === "") throw new TypeError("directory must be a path");
  const progress = new Progress(manifest, options.onProgress);
  const files: UpdateFileCheck[] = [];
  for (const file of manifest.files) {
    files.push(await checkFile(file, directory, progress));
    progress.finished(file);
  }
  return filesResult(files);
}
