import yauzl, { type Entry, type ZipFile } from "yauzl";
import { AppError } from "../../lib/app-error.js";

/**
 * Checks an uploaded package (backend.zip, frontend.zip) from its staged copy on disk before anything
 * is stored: it must be a ZIP archive yauzl can read, every entry's path must stay inside the folder it
 * is extracted to, no entry may be a symbolic link or another special file, and the whole archive may
 * not expand past `maxExpandedBytes`.
 *
 * The expansion is counted in bytes really inflated, entry by entry, not taken from the sizes the
 * archive declares (and an entry must hold exactly the size it declares). Each entry may also expand
 * to at most MAX_COMPRESSION_RATIO times its compressed size: judged from the central directory
 * before inflating, and again while inflating, since the sizes an archive declares can lie. Deflate
 * cannot do much better than 1030:1 (a megabyte of one repeated byte), so no real file comes near;
 * without it the default total bound let a 1 MB upload expand to 1 GiB. ZIPs inside the package are
 * not opened: installers extract one level.
 */
export interface ZipLimits {
  maxExpandedBytes: number;
}

export interface ZipSummary {
  entries: number;
  expandedBytes: number;
}

/** Past this many bytes out per compressed byte in, an entry is a ZIP bomb, not a file. */
export const MAX_COMPRESSION_RATIO = 1000;

/** More entries than any real package holds; past it the archive is refused before reading them. */
export const MAX_ZIP_ENTRIES = 500_000;

const UTF8_NAME_FLAG = 0x800;
const UNICODE_PATH_EXTRA_FIELD = 0x7075;
const UNIX_FILE_TYPE_MASK = 0o170000;
// A file type of 0 (no Unix mode recorded, as DOS and Windows tools write), a regular file or a directory.
const SAFE_FILE_TYPES = new Set([0, 0o100000, 0o040000]);
const STORED = 0;
const DEFLATED = 8;

class ZipRefusal extends Error {
  constructor(readonly refusal: AppError) {
    super(refusal.message);
  }
}

const refuse = (error: AppError): never => {
  throw new ZipRefusal(error);
};

/** An entry name as a message may quote it: printable and short. */
function quoted(name: string): string {
  // eslint-disable-next-line no-control-regex
  const printable = name.replace(/[\u0000-\u001f\u007f]/g, "?");
  return JSON.stringify(printable.length > 120 ? `${printable.slice(0, 119)}…` : printable);
}

/**
 * Why an entry name is unsafe to extract, if it is: `..` anywhere, an absolute or drive path, a
 * backslash (a separator on Windows, so `..\x` or `C:\x` hide behind it), NUL or control characters.
 */
export function unsafeEntryName(name: string): string | undefined {
  if (name === "") return "an entry without a name";
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return "a control character";
  if (name.includes("\\")) return "a backslash";
  if (name.startsWith("/")) return "an absolute path";
  if (/^[A-Za-z]:/.test(name)) return "a drive letter";
  if (name.split("/").includes("..")) return "a path that climbs out with ..";
  return undefined;
}

/**
 * Every name an extractor might use for an entry: the name field (UTF-8 when flagged, else code page
 * 437, whose ASCII half is all a path check needs) and any Info-ZIP Unicode Path extra field, whether
 * or not its checksum matches (extractors differ on that).
 */
function namesOf(rawName: Buffer, flags: number, extraFieldsRaw: Buffer): string[] {
  const names = [rawName.toString(flags & UTF8_NAME_FLAG ? "utf8" : "latin1")];
  for (const field of yauzl.parseExtraFields(extraFieldsRaw)) {
    if (field.id === UNICODE_PATH_EXTRA_FIELD && field.data.length >= 5) names.push(field.data.subarray(5).toString("utf8"));
  }
  return names;
}

function checkNames(names: string[]): void {
  for (const name of names) {
    const reason = unsafeEntryName(name);
    if (reason) refuse(new AppError("update/unsafe_zip", { message: `The ZIP archive holds an unsafe entry ${quoted(name)}: ${reason}.` }));
  }
}

function notAZip(detail?: string): AppError {
  return new AppError("update/not_a_zip", detail ? { message: `This file is not a valid ZIP archive: ${detail}.` } : {});
}

function tooLarge(maxExpandedBytes: number): AppError {
  return new AppError("update/zip_too_large", { message: `The ZIP archive expands past the allowed ${maxExpandedBytes} bytes.` });
}

function tooCompressed(name: string): AppError {
  return new AppError("update/zip_too_large", {
    message: `The ZIP archive's entry ${quoted(name)} expands more than ${MAX_COMPRESSION_RATIO} times its compressed size: it is a ZIP bomb, not a file.`,
  });
}

const pastRatio = (expandedBytes: number, compressedBytes: number) => expandedBytes > MAX_COMPRESSION_RATIO * compressedBytes;

function nextEntry(zip: ZipFile): Promise<Entry | undefined> {
  return new Promise((resolve, reject) => {
    const cleanUp = () => {
      zip.off("entry", onEntry);
      zip.off("end", onEnd);
      zip.off("error", onError);
    };
    const onEntry = (entry: Entry) => {
      cleanUp();
      resolve(entry);
    };
    const onEnd = () => {
      cleanUp();
      resolve(undefined);
    };
    const onError = (error: Error) => {
      cleanUp();
      reject(error);
    };
    zip.on("entry", onEntry);
    zip.on("end", onEnd);
    zip.on("error", onError);
    zip.readEntry();
  });
}

// decodeStrings is off, so names are the raw bytes; yauzl's own name checks would not tell a
// damaged archive from an unsafe one.
const rawNameOf = (entry: Entry) => (entry.fileName as unknown as Buffer).toString("latin1");

async function checkEntry(zip: ZipFile, entry: Entry): Promise<void> {
  const rawName = entry.fileName as unknown as Buffer;
  checkNames(namesOf(rawName, entry.generalPurposeBitFlag, entry.extraFieldRaw));
  const name = rawNameOf(entry);
  const fileType = (entry.externalFileAttributes >>> 16) & UNIX_FILE_TYPE_MASK;
  if (!SAFE_FILE_TYPES.has(fileType)) {
    refuse(new AppError("update/unsafe_zip", { message: `The ZIP archive holds ${quoted(name)}, which is a symbolic link or another special file.` }));
  }
  if (entry.isEncrypted()) refuse(notAZip(`the entry ${quoted(name)} is encrypted, so it cannot be checked`));
  if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED) {
    refuse(notAZip(`the entry ${quoted(name)} uses compression method ${entry.compressionMethod}; only stored and deflated entries can be checked`));
  }
  // Streaming extractors read the local header's name instead of the central directory's: both must be the same.
  const local = await zip.readLocalFileHeaderPromise(entry);
  checkNames(namesOf(local.fileName, local.generalPurposeBitFlag, local.extraField));
  if (!local.fileName.equals(rawName)) refuse(new AppError("update/unsafe_zip", { message: `The ZIP archive's entry ${quoted(name)} has another name in its local header.` }));
}

/** Throws the contract's refusal (`update/not_a_zip`, `update/unsafe_zip`, `update/zip_too_large`) or answers what was checked. */
export async function inspectZip(file: string, limits: ZipLimits): Promise<ZipSummary> {
  let zip: ZipFile;
  try {
    // Sizes are checked here instead of by yauzl: an entry that inflates past its declared size must
    // reach the expansion bound (413), not stop at the first byte over as a damaged archive.
    zip = await yauzl.openPromise(file, { lazyEntries: true, decodeStrings: false, validateEntrySizes: false, autoClose: false });
  } catch {
    throw notAZip();
  }
  try {
    if (zip.entryCount > MAX_ZIP_ENTRIES) refuse(new AppError("update/zip_too_large", { message: `The ZIP archive holds more than ${MAX_ZIP_ENTRIES} entries.` }));
    let entries = 0;
    let declaredBytes = 0;
    let expandedBytes = 0;
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      entries++;
      await checkEntry(zip, entry);
      // The declared sizes first: a bomb is refused without inflating anything.
      declaredBytes += entry.uncompressedSize;
      if (declaredBytes > limits.maxExpandedBytes) refuse(tooLarge(limits.maxExpandedBytes));
      if (pastRatio(entry.uncompressedSize, entry.compressedSize)) refuse(tooCompressed(rawNameOf(entry)));
      const content = await zip.openReadStreamPromise(entry);
      let entryBytes = 0;
      try {
        for await (const chunk of content as AsyncIterable<Buffer>) {
          entryBytes += chunk.length;
          if (expandedBytes + entryBytes > limits.maxExpandedBytes) refuse(tooLarge(limits.maxExpandedBytes));
          // No more than the declared compressed size is read, so this is the ratio really reached.
          if (pastRatio(entryBytes, entry.compressedSize)) refuse(tooCompressed(rawNameOf(entry)));
        }
      } finally {
        content.destroy();
      }
      if (entryBytes !== entry.uncompressedSize) refuse(notAZip(`the entry ${quoted(rawNameOf(entry))} does not hold the size it declares`));
      expandedBytes += entryBytes;
    }
    return { entries, expandedBytes };
  } catch (error) {
    if (error instanceof ZipRefusal) throw error.refusal;
    // A failing disk is the server's trouble (errno codes); zlib's codes (Z_DATA_ERROR…) are the archive's.
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && /^E[A-Z]+$/.test(code)) throw error;
    // Anything else yauzl or zlib reports is a damaged archive: bad headers, bad deflate data, sizes that lie.
    throw notAZip("it is damaged");
  } finally {
    zip.close();
  }
}
