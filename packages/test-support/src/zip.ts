/**
 * Test-only ZIP writer (APPNOTE 6.3.10), small enough to read and able to write what an honest
 * archive holds — stored or deflated entries, Unix modes, data descriptors, ZIP64 records — and what
 * a forged one might: unsafe names, wrong CRCs, understated sizes, a local name that differs from the
 * central one, data placed beyond 4 GiB behind a sparse hole. `writeZipFile` writes with positioned
 * writes, so a streamed entry never sits in memory; `zipOf` answers a small archive as a Buffer.
 */
import { closeSync, openSync, writeSync } from "node:fs";
import { crc32, deflateRawSync } from "node:zlib";

export interface ZipEntry {
  name: string;
  /** Content (none: empty); a function yields it in chunks (written stored, sizes and CRC in a data descriptor). */
  data?: Uint8Array | string | (() => Iterable<Uint8Array>);
  deflate?: boolean;
  /** The Unix mode (file type and permissions) in the external attributes: 0o120777 makes a symbolic link. None: no mode. */
  mode?: number;
  /** Writes this CRC-32 into the headers instead of the real one. */
  crc32?: number;
  /** Declares this uncompressed size instead of the real one. */
  declaredSize?: number;
  /** Writes this name into the local header instead of `name`. */
  localName?: string;
}

export interface ZipOptions {
  /** Writes ZIP64 records: 0xFFFFFFFF in every 32-bit size and offset, the real values in ZIP64 fields. */
  zip64?: boolean;
  comment?: string;
}

export interface ZipFileOptions extends ZipOptions {
  /** Leaves a hole of this many bytes (sparse on disk) before the first entry. */
  startOffset?: number;
}

const ALL_ONES_32 = 0xffffffff;
const FLAG_DATA_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const MADE_BY_UNIX = 0x0300;

function uint64(value: number): Buffer {
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64LE(BigInt(value));
  return buffer;
}

function extraField(id: number, data: Buffer): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt16LE(id, 0);
  header.writeUInt16LE(data.length, 2);
  return Buffer.concat([header, data]);
}

interface Written {
  name: Buffer;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
  mode: number;
}

/** Where the archive goes: bytes appended at `position`, which starts where the first entry does. */
interface Sink {
  position: number;
  write(bytes: Uint8Array): void;
}

function contentOf(data: ZipEntry["data"]): Buffer {
  if (typeof data === "string") return Buffer.from(data, "utf8");
  if (data instanceof Uint8Array) return Buffer.from(data);
  return Buffer.alloc(0);
}

function writeEntry(sink: Sink, entry: ZipEntry, zip64: boolean): Written {
  const offset = sink.position;
  const name = Buffer.from(entry.name, "utf8");
  const localName = Buffer.from(entry.localName ?? entry.name, "utf8");
  const streamed = typeof entry.data === "function";
  const flags = FLAG_UTF8 | (streamed ? FLAG_DATA_DESCRIPTOR : 0);
  const method = entry.deflate && !streamed ? 8 : 0;
  const content = contentOf(entry.data);
  const stored = method === 8 ? deflateRawSync(content) : content;
  const mode = entry.mode ?? 0;

  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(zip64 ? 45 : 20, 4);
  local.writeUInt16LE(flags, 6);
  local.writeUInt16LE(method, 8);
  local.writeUInt16LE(localName.length, 26);
  let localExtra: Buffer = Buffer.alloc(0);
  if (!streamed) {
    local.writeUInt32LE(entry.crc32 ?? crc32(content), 14);
    if (zip64) {
      local.writeUInt32LE(ALL_ONES_32, 18);
      local.writeUInt32LE(ALL_ONES_32, 22);
      localExtra = extraField(0x0001, Buffer.concat([uint64(entry.declaredSize ?? content.length), uint64(stored.length)]));
    } else {
      local.writeUInt32LE(stored.length, 18);
      local.writeUInt32LE(entry.declaredSize ?? content.length, 22);
    }
  }
  local.writeUInt16LE(localExtra.length, 28);
  sink.write(Buffer.concat([local, localName, localExtra]));

  if (typeof entry.data !== "function") {
    sink.write(stored);
    return { name, flags, method, crc: entry.crc32 ?? crc32(content), compressedSize: stored.length, size: entry.declaredSize ?? content.length, offset, mode };
  }
  let crc = 0;
  let size = 0;
  for (const chunk of entry.data()) {
    crc = crc32(chunk, crc);
    size += chunk.length;
    sink.write(chunk);
  }
  crc = entry.crc32 ?? crc;
  const descriptor = Buffer.alloc(zip64 ? 24 : 16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc, 4);
  if (zip64) {
    descriptor.writeBigUInt64LE(BigInt(size), 8);
    descriptor.writeBigUInt64LE(BigInt(entry.declaredSize ?? size), 16);
  } else {
    descriptor.writeUInt32LE(size, 8);
    descriptor.writeUInt32LE(entry.declaredSize ?? size, 12);
  }
  sink.write(descriptor);
  return { name, flags, method, crc, compressedSize: size, size: entry.declaredSize ?? size, offset, mode };
}

function writeCentralDirectory(sink: Sink, written: Written[], options: ZipOptions): void {
  const zip64 = options.zip64 ?? false;
  const directoryOffset = sink.position;
  for (const entry of written) {
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(MADE_BY_UNIX | (zip64 ? 45 : 20), 4);
    central.writeUInt16LE(zip64 ? 45 : 20, 6);
    central.writeUInt16LE(entry.flags, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE((entry.mode << 16) >>> 0, 38);
    let extra: Buffer = Buffer.alloc(0);
    if (zip64) {
      central.writeUInt32LE(ALL_ONES_32, 20);
      central.writeUInt32LE(ALL_ONES_32, 24);
      central.writeUInt32LE(ALL_ONES_32, 42);
      extra = extraField(0x0001, Buffer.concat([uint64(entry.size), uint64(entry.compressedSize), uint64(entry.offset)]));
    } else {
      central.writeUInt32LE(entry.compressedSize, 20);
      central.writeUInt32LE(entry.size, 24);
      central.writeUInt32LE(entry.offset, 42);
    }
    central.writeUInt16LE(entry.name.length, 28);
    central.writeUInt16LE(extra.length, 30);
    sink.write(Buffer.concat([central, entry.name, extra]));
  }
  const directorySize = sink.position - directoryOffset;

  if (zip64) {
    const recordOffset = sink.position;
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(written.length), 24);
    record.writeBigUInt64LE(BigInt(written.length), 32);
    record.writeBigUInt64LE(BigInt(directorySize), 40);
    record.writeBigUInt64LE(BigInt(directoryOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(recordOffset), 8);
    locator.writeUInt32LE(1, 16);
    sink.write(Buffer.concat([record, locator]));
  }
  const comment = Buffer.from(options.comment ?? "", "utf8");
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? 0xffff : written.length, 8);
  end.writeUInt16LE(zip64 ? 0xffff : written.length, 10);
  end.writeUInt32LE(zip64 ? ALL_ONES_32 : directorySize, 12);
  end.writeUInt32LE(zip64 ? ALL_ONES_32 : directoryOffset, 16);
  end.writeUInt16LE(comment.length, 20);
  sink.write(Buffer.concat([end, comment]));
}

function writeArchive(sink: Sink, entries: ZipEntry[], options: ZipOptions): void {
  const written = entries.map((entry) => writeEntry(sink, entry, options.zip64 ?? false));
  writeCentralDirectory(sink, written, options);
}

/** A ZIP archive in memory. */
export function zipOf(entries: ZipEntry[], options: ZipOptions = {}): Buffer {
  const chunks: Uint8Array[] = [];
  const sink: Sink = {
    position: 0,
    write(bytes) {
      // A copy: a streamed entry may hand over the same buffer for each chunk.
      chunks.push(Buffer.from(bytes));
      sink.position += bytes.length;
    },
  };
  writeArchive(sink, entries, options);
  return Buffer.concat(chunks);
}

/** A ZIP archive written to `file`, streamed entries chunk by chunk. */
export function writeZipFile(file: string, entries: ZipEntry[], options: ZipFileOptions = {}): void {
  const fd = openSync(file, "w");
  try {
    const sink: Sink = {
      position: options.startOffset ?? 0,
      write(bytes) {
        let done = 0;
        while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done, sink.position + done);
        sink.position += bytes.length;
      },
    };
    writeArchive(sink, entries, options);
  } finally {
    closeSync(fd);
  }
}
