import { createHash, randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { endedProcessTag } from "../test/data-dir.js";
import { FileStore, FileTooLargeError } from "./file-store.js";

let root: string;
let store: FileStore;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "file-store-"));
  store = new FileStore(path.join(root, "files"));
});
afterEach(async () => rm(root, { recursive: true, force: true }));

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)));
}

/** A stream of `count` chunks, like a network upload. */
const chunked = (content: Buffer, size = 1000) => Readable.from(Array.from({ length: Math.ceil(content.length / size) }, (_, index) => content.subarray(index * size, (index + 1) * size)));

describe("file store", () => {
  it("hashes and measures while streaming, and stores under ab/<sha256>", async () => {
    const content = randomBytes(25_000);
    const sha256 = createHash("sha256").update(content).digest("hex");
    const staged = await store.stage(chunked(content));
    expect(staged).toMatchObject({ sha256, size: content.length });
    expect(await filesUnder(path.join(root, "files", "tmp"))).toHaveLength(1);
    expect(await store.exists(sha256)).toBe(false);

    expect(await staged.store()).toEqual({ key: sha256, created: true });
    expect(await filesUnder(path.join(root, "files"))).toEqual([path.join(sha256.slice(0, 2), sha256)]);
    expect((await readFile(store.pathOf(sha256))).equals(content)).toBe(true);
    const { stream, size } = await store.read(sha256);
    expect(size).toBe(content.length);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(content)).toBe(true);
  });

  it("keeps one copy of identical content", async () => {
    const content = Buffer.from("same bytes");
    const first = await (await store.stage(Readable.from([content]))).store();
    const second = await (await store.stage(Readable.from([content]))).store();
    expect(first.created).toBe(true);
    expect(second).toEqual({ key: first.key, created: false });
    expect(await filesUnder(path.join(root, "files"))).toHaveLength(1);
  });

  it("leaves nothing behind when a stream is refused, fails or is discarded", async () => {
    await expect(store.stage(chunked(randomBytes(5000)), { maxBytes: 4096 })).rejects.toBeInstanceOf(FileTooLargeError);
    await expect(
      store.stage(chunked(Buffer.from("abcdef"), 2), {
        inspect: (chunk) => {
          if (chunk.includes("c")) throw new Error("refused by content");
        },
      }),
    ).rejects.toThrow("refused by content");
    const broken = new Readable({ read() {} });
    const failing = store.stage(broken);
    broken.push(Buffer.from("partial"));
    broken.destroy(new Error("connection reset"));
    await expect(failing).rejects.toThrow();
    const staged = await store.stage(Readable.from([Buffer.from("never kept")]));
    await staged.discard();
    expect(await filesUnder(path.join(root, "files"))).toEqual([]);
    // Exactly at the limit is fine.
    expect((await store.stage(Readable.from([Buffer.alloc(4096)]), { maxBytes: 4096 })).size).toBe(4096);
  });

  it("takes a stored file back only while nothing references its content", async () => {
    const { key } = await (await store.stage(Readable.from([Buffer.from("shared")]))).store();
    expect(await store.removeUnlessReferenced(key, async () => true)).toBe(false);
    expect(await store.exists(key)).toBe(true);
    expect(await store.removeUnlessReferenced(key, async () => false)).toBe(true);
    expect(await store.exists(key)).toBe(false);
    expect(() => store.pathOf("../../etc/passwd")).toThrow();
  });

  it("removes at start the uploads in progress of ended processes, never a live one's", async () => {
    const temporary = path.join(root, "files", "tmp");
    const living = await store.stage(chunked(randomBytes(5_000)));
    const ended = path.join(temporary, await endedProcessTag());
    const elsewhere = path.join(temporary, "another-host~1~started~0badc0de");
    for (const directory of [ended, elsewhere]) {
      await mkdir(directory, { recursive: true });
      await writeFile(path.join(directory, "1-cut-off.part"), randomBytes(100));
    }
    await writeFile(path.join(temporary, "1-older-layout.part"), randomBytes(100));

    const restarted = new FileStore(path.join(root, "files"));
    expect(await restarted.removeAbandonedUploads()).toBe(2);
    expect((await filesUnder(temporary)).sort()).toEqual([path.relative(temporary, living.path), path.join(path.basename(elsewhere), "1-cut-off.part")].sort());
    await living.store();
    expect(await restarted.keys()).toEqual([living.sha256]);
  });
});
