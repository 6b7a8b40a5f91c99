/**
 * Reading a ZIP file in place (APPNOTE 6.3.10): the end records and the central directory with
 * positioned reads, then one entry's data at a time as a stream, so a package of any size — ZIP64
 * included — never sits in memory. Only what an update package needs: one disk, no encryption,
 * entries stored or deflated.
 */
import type { FileHandle } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { crc32, createInflateRaw } from "node:zlib";
import { decodeUtf8 } from "./encoding.js";
import { readRange } from "./read-range.js";

/** Reads up to `length` bytes at `position`; fewer only at the end of the file. */
export type ReadAt = (position: number, length: number) => Promise<Buffer>;

export type ZipStep<T> = { ok: true; value: T } | { ok: false; message: string };

export interface CentralDirectoryLocation {
  offset: number;
  size: number;
  entryCount: number;
  zip64: boolean;
}

export const STORED = 0;
export const DEFLATED = 8;

export interface ZipEntry {
  name: string;
  method: typeof STORED | typeof DEFLATED;
  crc32: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
  /** Where the entry's (compressed) data starts, after its local header. */
  dataOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const EOCD_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_LOCATOR_BYTES = 20;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const ZIP64_EOCD_BYTES = 56;
const CENTRAL_HEADER_SIGNATURE = 0x02014b50;
const CENTRAL_HEADER_BYTES = 46;
const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const LOCAL_HEADER_BYTES = 30;
const ZIP64_EXTRA_ID = 0x0001;
const UNICODE_PATH_EXTRA_ID = 0x7075;
/** An update package has a few dozen entries; a larger directory is not one (and is not read into memory). */
const MAX_CENTRAL_DIRECTORY_BYTES = 16 * 1024 * 1024;

const FLAG_ENCRYPTED = 0x0001;
const FLAG_STRONG_ENCRYPTION = 0x0040;
const FLAG_MASKED_HEADERS = 0x2000;

const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });

/** A 64-bit field as a safe integer, or undefined beyond 2^53 (no real file is that large). */
function readUInt64(buffer: Buffer, offset: number): number | undefined {
  const value = buffer.readBigUInt64LE(offset);
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : undefined;
}

async function readExactly(readAt: ReadAt, position: number, length: number): Promise<Buffer | undefined> {
  const buffer = await readAt(position, length);
  return buffer.length === length ? buffer : undefined;
}

/** The ZIP64 end record the locator just before the classic end record points at. */
async function readZip64End(readAt: ReadAt, locatorPosition: number): Promise<ZipStep<CentralDirectoryLocation> | undefined> {
  if (locatorPosition < 0) return undefined;
  const locator = await readExactly(readAt, locatorPosition, ZIP64_LOCATOR_BYTES);
  if (!locator || locator.readUInt32LE(0) !== ZIP64_LOCATOR_SIGNATURE) return undefined;
  if (locator.readUInt32LE(4) !== 0 || locator.readUInt32LE(16) > 1) return fail("The package spans several disks, which is not supported.");
  const recordPosition = readUInt64(locator, 8);
  if (recordPosition === undefined || recordPosition + ZIP64_EOCD_BYTES > locatorPosition) {
    return fail("The package's ZIP64 locator points outside the file.");
  }
  const record = await readExactly(readAt, recordPosition, ZIP64_EOCD_BYTES);
  if (!record || record.readUInt32LE(0) !== ZIP64_EOCD_SIGNATURE) return fail("The package's ZIP64 end record is missing or damaged.");
  if (record.readUInt32LE(16) !== 0 || record.readUInt32LE(20) !== 0) return fail("The package spans several disks, which is not supported.");
  const entriesHere = readUInt64(record, 24);
  const entryCount = readUInt64(record, 32);
  const size = readUInt64(record, 40);
  const offset = readUInt64(record, 48);
  if (entriesHere === undefined || entryCount === undefined || size === undefined || offset === undefined || entriesHere !== entryCount) {
    return fail("The package's ZIP64 end record is damaged.");
  }
  if (offset + size > recordPosition) return fail("The package's central directory lies outside the file.");
  return { ok: true, value: { offset, size, entryCount, zip64: true } };
}

/**
 * Finds the central directory from the end of a file of `fileSize` bytes: the end-of-central-directory
 * record (whose comment must run exactly to the end of the file), and the ZIP64 end record when a
 * ZIP64 locator precedes it.
 */
export async function locateCentralDirectory(readAt: ReadAt, fileSize: number): Promise<ZipStep<CentralDirectoryLocation>> {
  if (fileSize < EOCD_BYTES) return fail("The package is too small to be a ZIP file.");
  const tailStart = Math.max(0, fileSize - EOCD_BYTES - MAX_COMMENT_BYTES);
  const tail = await readExactly(readAt, tailStart, fileSize - tailStart);
  if (!tail) return fail("The package ended while it was being read.");
  let end = -1;
  for (let position = tail.length - EOCD_BYTES; position >= 0; position--) {
    if (tail.readUInt32LE(position) === EOCD_SIGNATURE && position + EOCD_BYTES + tail.readUInt16LE(position + 20) === tail.length) {
      end = position;
      break;
    }
  }
  if (end < 0) return fail("The package is not a ZIP file, or it is truncated: it has no end-of-central-directory record.");
  const endPosition = tailStart + end;

  const zip64 = await readZip64End(readAt, endPosition - ZIP64_LOCATOR_BYTES);
  if (zip64) return zip64;

  const entriesHere = tail.readUInt16LE(end + 8);
  const entryCount = tail.readUInt16LE(end + 10);
  const size = tail.readUInt32LE(end + 12);
  const offset = tail.readUInt32LE(end + 16);
  if (entryCount === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    return fail("The package's end record defers to a ZIP64 record that is not there.");
  }
  if (tail.readUInt16LE(end + 4) !== 0 || tail.readUInt16LE(end + 6) !== 0 || entriesHere !== entryCount) {
    return fail("The package spans several disks, which is not supported.");
  }
  if (offset + size > endPosition) return fail("The package's central directory lies outside the file.");
  return { ok: true, value: { offset, size, entryCount, zip64: false } };
}

/** The ZIP64 extended information holds, in this order, only the fields the header set to all ones. */
function applyZip64Extra(
  data: Buffer,
  fields: { size: number; compressedSize: number; localHeaderOffset: number; disk: number },
): ZipStep<{ size: number; compressedSize: number; localHeaderOffset: number }> {
  let position = 0;
  const next = (): number | undefined => {
    if (position + 8 > data.length) return undefined;
    const value = readUInt64(data, position);
    position += 8;
    return value;
  };
  const result = { size: fields.size, compressedSize: fields.compressedSize, localHeaderOffset: fields.localHeaderOffset };
  for (const key of ["size", "compressedSize", "localHeaderOffset"] as const) {
    if (result[key] !== 0xffffffff) continue;
    const value = next();
    if (value === undefined) return fail("A package entry's ZIP64 sizes are damaged.");
    result[key] = value;
  }
  if (fields.disk === 0xffff && (position + 4 > data.length || data.readUInt32LE(position) !== 0)) {
    return fail("The package spans several disks, which is not supported.");
  }
  return { ok: true, value: result };
}

/** The extra fields of a header, by id. */
function extraFields(extra: Buffer): Map<number, Buffer> | undefined {
  const fields = new Map<number, Buffer>();
  let position = 0;
  while (position + 4 <= extra.length) {
    const id = extra.readUInt16LE(position);
    const length = extra.readUInt16LE(position + 2);
    if (position + 4 + length > extra.length) return undefined;
    fields.set(id, extra.subarray(position + 4, position + 4 + length));
    position += 4 + length;
  }
  return position === extra.length ? fields : undefined;
}

type CentralEntry = Omit<ZipEntry, "dataOffset"> & { nameBytes: Buffer };

function parseCentralEntry(directory: Buffer, position: number): ZipStep<{ entry: CentralEntry; next: number }> {
  if (position + CENTRAL_HEADER_BYTES > directory.length || directory.readUInt32LE(position) !== CENTRAL_HEADER_SIGNATURE) {
    return fail("The package's central directory is damaged.");
  }
  const flags = directory.readUInt16LE(position + 8);
  const method = directory.readUInt16LE(position + 10);
  const nameLength = directory.readUInt16LE(position + 28);
  const extraLength = directory.readUInt16LE(position + 30);
  const commentLength = directory.readUInt16LE(position + 32);
  const next = position + CENTRAL_HEADER_BYTES + nameLength + extraLength + commentLength;
  if (next > directory.length) return fail("The package's central directory is damaged.");
  const nameBytes = directory.subarray(position + CENTRAL_HEADER_BYTES, position + CENTRAL_HEADER_BYTES + nameLength);
  const name = decodeUtf8(nameBytes);
  if (name === undefined) return fail("A package entry's name is not UTF-8.");
  if (flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION | FLAG_MASKED_HEADERS)) return fail(`The package entry "${name}" is encrypted.`);
  if (method !== STORED && method !== DEFLATED) {
    return fail(`The package entry "${name}" uses compression method ${method}; only stored and deflated entries are supported.`);
  }
  const extra = extraFields(directory.subarray(position + CENTRAL_HEADER_BYTES + nameLength, position + CENTRAL_HEADER_BYTES + nameLength + extraLength));
  if (!extra) return fail(`The package entry "${name}" has damaged extra fields.`);
  const unicodePath = extra.get(UNICODE_PATH_EXTRA_ID);
  if (unicodePath && decodeUtf8(unicodePath.subarray(5)) !== name) {
    // Some tools extract under this second name: it must not differ from the one verified.
    return fail(`The package entry "${name}" carries a second, different name.`);
  }
  let sizes = {
    size: directory.readUInt32LE(position + 24),
    compressedSize: directory.readUInt32LE(position + 20),
    localHeaderOffset: directory.readUInt32LE(position + 42),
  };
  const disk = directory.readUInt16LE(position + 34);
  const zip64 = extra.get(ZIP64_EXTRA_ID);
  if (zip64) {
    const applied = applyZip64Extra(zip64, { ...sizes, disk });
    if (!applied.ok) return applied;
    sizes = applied.value;
  } else if (disk !== 0) {
    return fail("The package spans several disks, which is not supported.");
  }
  if (method === STORED && sizes.compressedSize !== sizes.size) return fail(`The package entry "${name}" is stored with two different sizes.`);
  return { ok: true, value: { entry: { name, nameBytes, method, crc32: directory.readUInt32LE(position + 16), ...sizes }, next } };
}

/** Checks an entry's local header against its central one and finds where its data starts. */
async function locateData(readAt: ReadAt, entry: CentralEntry): Promise<ZipStep<ZipEntry>> {
  const damaged = fail(`The package entry "${entry.name}" has a damaged or mismatched local header.`);
  const header = await readExactly(readAt, entry.localHeaderOffset, LOCAL_HEADER_BYTES + entry.nameBytes.length);
  if (!header || header.readUInt32LE(0) !== LOCAL_HEADER_SIGNATURE) return damaged;
  if (header.readUInt16LE(8) !== entry.method || header.readUInt16LE(26) !== entry.nameBytes.length) return damaged;
  // Some tools extract under the local name: it must be the very one the central directory gave.
  if (!header.subarray(LOCAL_HEADER_BYTES).equals(entry.nameBytes)) return damaged;
  const { nameBytes: _nameBytes, ...rest } = entry;
  return { ok: true, value: { ...rest, dataOffset: entry.localHeaderOffset + LOCAL_HEADER_BYTES + entry.nameBytes.length + header.readUInt16LE(28) } };
}

/**
 * Reads the central directory and every local header of a ZIP file of `fileSize` bytes. Refuses what
 * could make two readers see different files: entries whose data overlap each other or the central
 * directory, local names that differ from central ones.
 */
export async function readZipEntries(readAt: ReadAt, fileSize: number): Promise<ZipStep<ZipEntry[]>> {
  const location = await locateCentralDirectory(readAt, fileSize);
  if (!location.ok) return location;
  const { offset, size, entryCount } = location.value;
  if (size > MAX_CENTRAL_DIRECTORY_BYTES) return fail("The package's central directory is too large for an update package.");
  const directory = await readExactly(readAt, offset, size);
  if (!directory) return fail("The package ended while its central directory was being read.");

  const entries: ZipEntry[] = [];
  let position = 0;
  for (let index = 0; index < entryCount; index++) {
    const parsed = parseCentralEntry(directory, position);
    if (!parsed.ok) return parsed;
    const located = await locateData(readAt, parsed.value.entry);
    if (!located.ok) return located;
    entries.push(located.value);
    position = parsed.value.next;
  }
  if (position !== directory.length) return fail("The package's central directory holds more than its end record counts.");

  const byOffset = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  for (const [index, entry] of byOffset.entries()) {
    const dataEnd = entry.dataOffset + entry.compressedSize;
    const nextStart = byOffset[index + 1]?.localHeaderOffset ?? offset;
    if (dataEnd > nextStart) return fail(`The package entry "${entry.name}" overlaps another entry or the central directory.`);
  }
  return { ok: true, value: entries };
}

/** ReadAt over an open file. */
export function fileReadAt(handle: FileHandle): ReadAt {
  return async (position, length) => {
    const buffer = Buffer.alloc(length);
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  };
}

function isZlibError(error: unknown): error is Error {
  return error instanceof Error && "code" in error && typeof error.code === "string" && error.code.startsWith("Z_");
}

/**
 * Streams an entry's content (inflated when deflated) to `onData`, never holding more than a chunk
 * (each is valid only during its call: copy what you keep), and never producing more than the size
 * its header declares (a deflate bomb stops there). The
 * result says how many bytes came out and whether their CRC-32 matched; `ok: false` means the data
 * could not be read to the end (cut short, or not valid deflate). Rejects only on an I/O error.
 */
export async function streamEntry(
  handle: FileHandle,
  entry: ZipEntry,
  onData: (chunk: Buffer) => void,
): Promise<ZipStep<{ size: number; crcMatches: boolean }>> {
  let size = 0;
  let crc = 0;
  let overflow: string | undefined;
  const take = (chunk: Buffer): void => {
    size += chunk.length;
    if (size > entry.size) {
      overflow = `holds more than the ${entry.size} bytes its header declares.`;
      throw new Error(overflow);
    }
    crc = crc32(chunk, crc);
    onData(chunk);
  };
  const chunks = readRange(handle, entry.dataOffset, entry.compressedSize);
  try {
    if (entry.method === STORED) {
      for await (const chunk of chunks) take(chunk);
    } else {
      // The inflater keeps its input until it has used it: hand it copies, as readRange reuses its buffer.
      const copies = Readable.from(
        (async function* () {
          for await (const chunk of chunks) yield Buffer.from(chunk);
        })(),
        { objectMode: false },
      );
      await pipeline(copies, createInflateRaw(), async (inflated: AsyncIterable<Buffer>) => {
        for await (const chunk of inflated) take(chunk);
      });
    }
  } catch (error) {
    // pipeline may report its own AbortError for the error `take` threw: go by what was recorded.
    if (overflow !== undefined) return fail(overflow);
    if (isZlibError(error)) return fail(`cannot be decompressed: ${error.message}.`);
    throw error;
  }
  if (size !== entry.size) return fail(`ends after ${size} of the ${entry.size} bytes its header declares: the package is cut short or damaged.`);
  return { ok: true, value: { size, crcMatches: crc === entry.crc32 } };
}
