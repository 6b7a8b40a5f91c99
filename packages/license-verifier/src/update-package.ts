import { createHash } from "node:crypto";
import { open, type FileHandle } from "node:fs/promises";
import { decodeUtf8 } from "./encoding.js";
import { installPathProblem } from "./install-path.js";
import { contentCheck, fileCheck, filesResult, Progress } from "./update-files.js";
import { verifyUpdateManifest } from "./update-manifest.js";
import type {
  UpdateFileCheck,
  UpdateManifest,
  UpdateManifestFile,
  UpdatePackageFailure,
  UpdatePackageFailureReason,
  UpdatePackageResult,
  VerifyUpdatePackageOptions,
} from "./types.js";
import { fileReadAt, readZipEntries, streamEntry, type ZipEntry } from "./zip.js";

/** The package's own entries, beside the files the manifest lists. */
export const PACKAGE_MANIFEST_ENTRY = "manifest.json";
export const PACKAGE_SIGNATURE_ENTRY = "manifest.sig";

/** Far above any real manifest (a change log is at most 20 000 characters), far below harm. */
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;
const MAX_SIGNATURE_BYTES = 4096;

function failure(reason: UpdatePackageFailureReason, message: string, manifest?: UpdateManifest): UpdatePackageFailure {
  return manifest ? { ok: false, reason, message, manifest } : { ok: false, reason, message };
}

function isFolder(entry: ZipEntry): boolean {
  return entry.name.endsWith("/");
}

/** Entry names are install paths, held to the same rules; a folder entry ends with "/". */
function entriesProblem(entries: ZipEntry[]): UpdatePackageFailure | undefined {
  const seen = new Set<string>();
  for (const entry of entries) {
    const folder = isFolder(entry);
    const problem = installPathProblem(folder ? entry.name.slice(0, -1) : entry.name);
    if (problem) return failure("UNSAFE_PATH", `The package entry "${entry.name}" ${problem}.`);
    if (seen.has(entry.name)) return failure("DUPLICATE_ENTRY", `The package holds "${entry.name}" twice.`);
    seen.add(entry.name);
    if (folder && entry.size !== 0) return failure("BAD_PACKAGE", `The package's folder entry "${entry.name}" has content.`);
  }
  return undefined;
}

/** The whole content of a small entry (the manifest or its signature), or why it cannot be had. */
async function readSmallEntry(handle: FileHandle, entries: ZipEntry[], name: string, maxBytes: number): Promise<Buffer | UpdatePackageFailure> {
  const entry = entries.find((candidate) => candidate.name === name);
  if (!entry) return failure("BAD_PACKAGE", `The package holds no ${name}: it is not an update package.`);
  if (entry.size > maxBytes) return failure("BAD_PACKAGE", `The package's ${name} is ${entry.size} bytes, more than a manifest can be.`);
  const chunks: Buffer[] = [];
  const read = await streamEntry(handle, entry, (chunk) => chunks.push(Buffer.from(chunk)));
  if (!read.ok) return failure("BAD_PACKAGE", `The package's ${name} ${read.message}`);
  if (!read.value.crcMatches) return failure("BAD_PACKAGE", `The package's ${name} does not match its CRC-32: the package is damaged.`);
  return Buffer.concat(chunks);
}

/** An entry the manifest does not list: a hidden payload an installer extracting everything would write. */
function unlistedEntry(entries: ZipEntry[], manifest: UpdateManifest): ZipEntry | undefined {
  const files = new Set(manifest.files.map((file) => file.path));
  const folders = new Set(
    manifest.files.flatMap((file) => {
      const segments = file.path.split("/");
      return segments.slice(1).map((_segment, depth) => `${segments.slice(0, depth + 1).join("/")}/`);
    }),
  );
  return entries.find((entry) => {
    if (entry.name === PACKAGE_MANIFEST_ENTRY || entry.name === PACKAGE_SIGNATURE_ENTRY) return false;
    return isFolder(entry) ? !folders.has(entry.name) : !files.has(entry.name);
  });
}

async function checkEntry(handle: FileHandle, file: UpdateManifestFile, entry: ZipEntry | undefined, progress: Progress): Promise<UpdateFileCheck> {
  if (!entry) return fileCheck(file, "missing", "is not in the package.");
  if (entry.size !== file.size) {
    return fileCheck(file, "size_mismatch", `is ${entry.size} bytes in the package; the manifest says ${file.size}.`, { actualSize: entry.size });
  }
  const hash = createHash("sha256");
  let bytes = 0;
  const read = await streamEntry(handle, entry, (chunk) => {
    hash.update(chunk);
    bytes += chunk.length;
    progress.within(file, bytes);
  });
  if (!read.ok) return fileCheck(file, "unreadable", read.message);
  const check = contentCheck(file, read.value.size, hash.digest("hex"));
  if (check.status === "ok" && !read.value.crcMatches) {
    return { ...check, status: "unreadable", message: "does not match its CRC-32 in the package: the package is damaged." };
  }
  return check;
}

async function verifyOpenPackage(handle: FileHandle, size: number, publicKeyPem: string, options: VerifyUpdatePackageOptions): Promise<UpdatePackageResult> {
  const zip = await readZipEntries(fileReadAt(handle), size);
  if (!zip.ok) return failure("BAD_PACKAGE", zip.message);
  const entries = zip.value;
  const structure = entriesProblem(entries);
  if (structure) return structure;

  const manifestBytes = await readSmallEntry(handle, entries, PACKAGE_MANIFEST_ENTRY, MAX_MANIFEST_BYTES);
  if (!Buffer.isBuffer(manifestBytes)) return manifestBytes;
  const signatureBytes = await readSmallEntry(handle, entries, PACKAGE_SIGNATURE_ENTRY, MAX_SIGNATURE_BYTES);
  if (!Buffer.isBuffer(signatureBytes)) return signatureBytes;
  const signature = decodeUtf8(signatureBytes);
  if (signature === undefined) return failure("MALFORMED", `The package's ${PACKAGE_SIGNATURE_ENTRY} is not text.`);
  const verified = verifyUpdateManifest(manifestBytes, signature, publicKeyPem);
  if (!verified.ok) return verified;
  const { manifest } = verified;

  const reserved = manifest.files.find((file) => file.path === PACKAGE_MANIFEST_ENTRY || file.path === PACKAGE_SIGNATURE_ENTRY);
  if (reserved) return failure("BAD_PACKAGE", `The manifest installs a file at "${reserved.path}", where the package keeps its own manifest.`, manifest);
  const unlisted = unlistedEntry(entries, manifest);
  if (unlisted) return failure("UNLISTED_ENTRY", `The package holds "${unlisted.name}", which the manifest does not list.`, manifest);

  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const progress = new Progress(manifest, options.onProgress);
  const files: UpdateFileCheck[] = [];
  for (const file of manifest.files) {
    files.push(await checkEntry(handle, file, byName.get(file.path), progress));
    progress.finished(file);
  }
  const checked = filesResult(files);
  return checked.ok ? { ok: true, manifest, files } : { ...checked, manifest };
}

/**
 * Verifies a downloaded update package (`GET /api/v1/updates/{id}/package`) in place, reading the ZIP
 * with positioned reads and streaming each entry through SHA-256, so packages of any size (ZIP64
 * included) use little memory. Checks, in order: the ZIP structure; entry names (safe install paths,
 * no duplicates); manifest.json's signature (manifest.sig) and shape; that the package holds nothing
 * the manifest does not list; and every listed file's size and SHA-256 (all are checked).
 *
 * Never throws for what the package holds; rejects only when `zipPath` cannot be opened or read or
 * is not a file (Node's I/O error, or an Error), and throws a TypeError when it is not a path.
 */
export async function verifyUpdatePackage(
  zipPath: string,
  publicKeyPem: string,
  options: VerifyUpdatePackageOptions = {},
): Promise<UpdatePackageResult> {
  if (typeof zipPath !== "string" || zipPath === "") throw new TypeError("zipPath must be a path");
  const handle = await open(zipPath, "r");
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new Error(`"${zipPath}" is not a file.`);
    return await verifyOpenPackage(handle, stats.size, publicKeyPem, options);
  } finally {
    await handle.close();
  }
}
