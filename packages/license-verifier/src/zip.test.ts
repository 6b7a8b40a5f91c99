import { describe, expect, it } from "vitest";
import { locateCentralDirectory, type ReadAt } from "./zip.js";

const GiB = 1024 ** 3;

/** A file of `size` bytes that is zero except for `pieces`: lets a test place records beyond 4 GiB. */
function virtualFile(size: number, pieces: [position: number, bytes: Buffer][]): ReadAt {
  return async (position, length) => {
    const end = Math.min(size, position + length);
    const bytes = Buffer.alloc(Math.max(0, end - position));
    for (const [at, piece] of pieces) {
      const from = Math.max(at, position);
      const to = Math.min(at + piece.length, end);
      if (from < to) piece.copy(bytes, from - position, from - at, to - at);
    }
    return bytes;
  };
}

function endRecord(fields: { entries: number; size: number; offset: number; comment?: Buffer; disk?: number }): Buffer {
  const comment = fields.comment ?? Buffer.alloc(0);
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(fields.disk ?? 0, 4);
  record.writeUInt16LE(fields.entries, 8);
  record.writeUInt16LE(fields.entries, 10);
  record.writeUInt32LE(fields.size, 12);
  record.writeUInt32LE(fields.offset, 16);
  record.writeUInt16LE(comment.length, 20);
  return Buffer.concat([record, comment]);
}

const ZIP64_END = endRecord({ entries: 0xffff, size: 0xffffffff, offset: 0xffffffff });

function zip64Record(fields: { entries: number; size: number; offset: number; signature?: number }): Buffer {
  const record = Buffer.alloc(56);
  record.writeUInt32LE(fields.signature ?? 0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(fields.entries), 24);
  record.writeBigUInt64LE(BigInt(fields.entries), 32);
  record.writeBigUInt64LE(BigInt(fields.size), 40);
  record.writeBigUInt64LE(BigInt(fields.offset), 48);
  return record;
}

function zip64Locator(recordOffset: number, disks = 1): Buffer {
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(recordOffset), 8);
  locator.writeUInt32LE(disks, 16);
  return locator;
}

/** A ZIP64 file of `fileSize` bytes whose central directory (`size` bytes, `entries`) ends where its ZIP64 record starts. */
function zip64File(fileSize: number, fields: { entries: number; size: number }, overrides: { record?: Buffer; locator?: Buffer } = {}) {
  const locatorAt = fileSize - ZIP64_END.length - 20;
  const recordAt = locatorAt - 56;
  const offset = recordAt - fields.size;
  return {
    offset,
    readAt: virtualFile(fileSize, [
      [recordAt, overrides.record ?? zip64Record({ ...fields, offset })],
      [locatorAt, overrides.locator ?? zip64Locator(recordAt)],
      [fileSize - ZIP64_END.length, ZIP64_END],
    ]),
  };
}

describe("locateCentralDirectory", () => {
  it("reads the classic end record", async () => {
    const readAt = virtualFile(1000, [[978, endRecord({ entries: 3, size: 150, offset: 828 })]]);
    expect(await locateCentralDirectory(readAt, 1000)).toEqual({ ok: true, value: { offset: 828, size: 150, entryCount: 3, zip64: false } });
  });

  it("finds the end record before a comment, even one holding a stray signature", async () => {
    const comment = Buffer.concat([Buffer.from("built by the portal "), Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(30, 0x20)]);
    const record = endRecord({ entries: 1, size: 60, offset: 900, comment });
    const size = 960 + record.length;
    const readAt = virtualFile(size, [[960, record]]);
    expect(await locateCentralDirectory(readAt, size)).toMatchObject({ ok: true, value: { offset: 900, size: 60, entryCount: 1 } });
  });

  it("reads ZIP64 records: a central directory beyond 4 GiB with more than 65 535 entries", async () => {
    const fileSize = 6 * GiB + 12_345;
    const { readAt, offset } = zip64File(fileSize, { entries: 70_000, size: 5_000_000 });
    expect(offset).toBeGreaterThan(2 ** 32);
    expect(await locateCentralDirectory(readAt, fileSize)).toEqual({
      ok: true,
      value: { offset, size: 5_000_000, entryCount: 70_000, zip64: true },
    });
  });

  it("reads ZIP64 records when the 32-bit fields did not overflow", async () => {
    const fileSize = 10_000;
    const { readAt, offset } = zip64File(fileSize, { entries: 2, size: 100 });
    expect(await locateCentralDirectory(readAt, fileSize)).toEqual({ ok: true, value: { offset, size: 100, entryCount: 2, zip64: true } });
  });

  it.each<[string, () => { readAt: ReadAt; size: number }, RegExp]>([
    ["an empty file", () => ({ readAt: virtualFile(0, []), size: 0 }), /too small/],
    ["a file without an end record", () => ({ readAt: virtualFile(5000, [[0, Buffer.from("PK\x03\x04 and then nothing")]]), size: 5000 }), /no end-of-central-directory/],
    [
      "an end record whose comment runs past the end (a truncated file)",
      () => {
        const record = endRecord({ entries: 1, size: 10, offset: 10, comment: Buffer.alloc(40) });
        return { readAt: virtualFile(100, [[50, record.subarray(0, 50)]]), size: 100 };
      },
      /no end-of-central-directory/,
    ],
    [
      "a central directory beyond the end record",
      () => ({ readAt: virtualFile(1000, [[978, endRecord({ entries: 1, size: 100, offset: 900 })]]), size: 1000 }),
      /outside the file/,
    ],
    [
      "an end record on another disk",
      () => ({ readAt: virtualFile(1000, [[978, endRecord({ entries: 1, size: 10, offset: 900, disk: 1 })]]), size: 1000 }),
      /several disks/,
    ],
    [
      "ZIP64 markers without a ZIP64 locator",
      () => ({ readAt: virtualFile(1000, [[1000 - ZIP64_END.length, ZIP64_END]]), size: 1000 }),
      /ZIP64 record that is not there/,
    ],
    [
      "a ZIP64 locator pointing past itself",
      () => ({ readAt: zip64File(6 * GiB, { entries: 1, size: 50 }, { locator: zip64Locator(7 * GiB) }).readAt, size: 6 * GiB }),
      /points outside the file/,
    ],
    [
      "a ZIP64 locator pointing at something else",
      () => ({
        readAt: zip64File(6 * GiB, { entries: 1, size: 50 }, { record: zip64Record({ entries: 1, size: 50, offset: 0, signature: 0x04034b50 }) }).readAt,
        size: 6 * GiB,
      }),
      /ZIP64 end record is missing or damaged/,
    ],
    [
      "a ZIP64 central directory that overlaps its end record",
      () => ({ readAt: zip64File(6 * GiB, { entries: 1, size: 50 }, { record: zip64Record({ entries: 1, size: 50, offset: 6 * GiB - 100 }) }).readAt, size: 6 * GiB }),
      /outside the file/,
    ],
    [
      "a ZIP64 archive on several disks",
      () => ({ readAt: zip64File(6 * GiB, { entries: 1, size: 50 }, { locator: zip64Locator(6 * GiB - 22 - 20 - 56, 2) }).readAt, size: 6 * GiB }),
      /several disks/,
    ],
  ])("refuses %s", async (_label, make, message) => {
    const { readAt, size } = make();
    const result = await locateCentralDirectory(readAt, size);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});
