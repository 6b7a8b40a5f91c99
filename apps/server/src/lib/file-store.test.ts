import { createHash, randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { endedProcessTag } from "../test/data-dir.js";
import { S3_CREDENTIALS, startS3Server, type TestS3Server } from "../test/s3-server.js";
import { FileTooLargeError, LocalFileStore, type FileStore } from "./file-store.js";
import { S3FileStore } from "./s3-file-store.js";

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)));
}

/** A stream of `count` chunks, like a network upload. */
const chunked = (content: Buffer, size = 1000) => Readable.from(Array.from({ length: Math.ceil(content.length / size) }, (_, index) => content.subarray(index * size, (index + 1) * size)));

/** `megabytes` MB of random bytes, a megabyte at a time, never whole in memory. */
function* megabytes(count: number): Generator<Buffer> {
  for (let index = 0; index < count; index++) yield randomBytes(1024 * 1024);
}

async function text(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** One implementation as the contract suite sees it. */
interface Harness {
  store: FileStore;
  /** Another store on the same place: the next start of the server. */
  restarted(): FileStore;
  /** Everything the store keeps (files or objects, uploads in progress included), sorted. */
  everything(): Promise<string[]>;
  /** Leaves what an upload of the process `tag` was receiving when it was killed. */
  leaveUpload(tag: string): Promise<void>;
}

/** The contract every file store keeps, run against each implementation. */
function fileStoreContract(name: string, make: () => Promise<Harness>, cleanUp: () => Promise<void>) {
  describe(`file store contract: ${name}`, () => {
    let harness: Harness;
    let store: FileStore;
    beforeEach(async () => {
      harness = await make();
      store = harness.store;
    });
    afterEach(async () => {
      await store.close();
      await cleanUp();
    });

    it("hashes and measures while streaming, stores under the SHA-256, reads whole and by range", async () => {
      const content = randomBytes(25_000);
      const sha256 = createHash("sha256").update(content).digest("hex");
      const staged = await store.stage(chunked(content));
      expect(staged).toMatchObject({ sha256, size: content.length });
      expect(await harness.everything()).toHaveLength(1);
      expect(await store.exists(sha256)).toBe(false);

      expect(await staged.store()).toEqual({ key: sha256, created: true });
      expect(await harness.everything()).toHaveLength(1);
      expect(await store.exists(sha256)).toBe(true);
      expect(await store.sizeOf(sha256)).toBe(content.length);
      const whole = await store.read(sha256);
      expect(whole.size).toBe(content.length);
      expect((await text(whole.stream)).equals(content)).toBe(true);
      const part = await store.read(sha256, { start: 1000, end: 1999 });
      expect(part.size).toBe(content.length);
      expect((await text(part.stream)).equals(content.subarray(1000, 2000))).toBe(true);
      const keys: string[] = [];
      for await (const page of store.listKeys()) keys.push(...page);
      expect(keys).toEqual([sha256]);
    });

    it("stores an empty file like any other", async () => {
      const staged = await store.stage(Readable.from([]));
      expect(staged).toMatchObject({ sha256: createHash("sha256").digest("hex"), size: 0 });
      const { key } = await staged.store();
      expect(await store.sizeOf(key)).toBe(0);
      expect((await text((await store.read(key)).stream)).length).toBe(0);
    });

    it("keeps one copy of identical content", async () => {
      const content = Buffer.from("same bytes");
      const first = await (await store.stage(Readable.from([content]))).store();
      const second = await (await store.stage(Readable.from([content]))).store();
      expect(first.created).toBe(true);
      expect(second).toEqual({ key: first.key, created: false });
      expect(await harness.everything()).toHaveLength(1);
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
      await expect(failing).rejects.toThrow("connection reset");
      const staged = await store.stage(Readable.from([Buffer.from("never kept")]), { localCopy: true });
      await staged.discard();
      expect(await harness.everything()).toEqual([]);
      // Exactly at the limit is fine.
      expect((await store.stage(Readable.from([Buffer.alloc(4096)]), { maxBytes: 4096 })).size).toBe(4096);
    });

    it("refuses a file half-way through a multipart upload and keeps none of it", async () => {
      // Past several 5 MiB parts before the refusal: the multipart upload was under way.
      await expect(store.stage(Readable.from(megabytes(24)), { maxBytes: 20 * 1024 * 1024, localCopy: true })).rejects.toBeInstanceOf(FileTooLargeError);
      expect(await harness.everything()).toEqual([]);
    });

    it("keeps a local copy to read at random when asked, until stored", async () => {
      const content = randomBytes(10_000);
      const staged = await store.stage(chunked(content), { localCopy: true });
      expect(staged.path).toBeDefined();
      expect((await readFile(staged.path!)).equals(content)).toBe(true);
      await staged.store();
      expect(await harness.everything()).toHaveLength(1);
      expect((await text((await store.read(staged.sha256)).stream)).equals(content)).toBe(true);
    });

    it("takes a stored file back only while nothing references its content; a missing one is ENOENT", async () => {
      const { key } = await (await store.stage(Readable.from([Buffer.from("shared")]))).store();
      expect(await store.removeUnlessReferenced(key, async () => true)).toBe(false);
      expect(await store.exists(key)).toBe(true);
      expect(await store.removeUnlessReferenced(key, async () => false)).toBe(true);
      expect(await store.exists(key)).toBe(false);
      await expect(store.read(key)).rejects.toMatchObject({ code: "ENOENT" });
      await expect(store.sizeOf(key)).rejects.toMatchObject({ code: "ENOENT" });
      await store.remove(key);
      await expect(store.exists("../../etc/passwd")).rejects.toThrow("not a file-store key");
      expect(await harness.everything()).toEqual([]);
    });

    it("remembers a stored file's size, yet a read of a file another process has removed since is still ENOENT", async () => {
      const content = randomBytes(3_000);
      const { key } = await (await store.stage(chunked(content))).store();
      expect(await store.sizeOf(key)).toBe(content.length);
      const other = harness.restarted();
      await other.remove(key);
      await other.close();
      expect(await store.sizeOf(key)).toBe(content.length);
      await expect(store.read(key, { start: 0, end: 99 })).rejects.toMatchObject({ code: "ENOENT" });
      await expect(store.sizeOf(key)).rejects.toMatchObject({ code: "ENOENT" });
    });

    it("removes at start the uploads in progress of ended processes, never a live one's", async () => {
      const living = await store.stage(chunked(randomBytes(5_000)));
      await harness.leaveUpload(await endedProcessTag());
      await harness.leaveUpload("another-host~1~started~0badc0de");
      expect(await harness.everything()).toHaveLength(3);

      const restarted = harness.restarted();
      expect(await restarted.removeAbandonedUploads()).toBe(1);
      expect(await harness.everything()).toHaveLength(2);
      await living.store();
      const keys: string[] = [];
      for await (const page of restarted.listKeys()) keys.push(...page);
      expect(keys).toEqual([living.sha256]);
      await restarted.close();
    });
  });
}

let root: string;

fileStoreContract(
  "local directory",
  async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "file-store-"));
    const files = path.join(root, "files");
    return {
      store: new LocalFileStore(files),
      restarted: () => new LocalFileStore(files),
      everything: async () => (await filesUnder(files)).sort(),
      leaveUpload: async (tag) => {
        await mkdir(path.join(files, "tmp", tag), { recursive: true });
        await writeFile(path.join(files, "tmp", tag, "1-cut-off.part"), randomBytes(100));
      },
    };
  },
  async () => rm(root, { recursive: true, force: true }),
);

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => s3?.stop());

fileStoreContract(
  "S3 bucket (s3rver on 127.0.0.1)",
  async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "file-store-"));
    const prefix = `contract-${randomBytes(4).toString("hex")}/`;
    const open = () =>
      new S3FileStore({
        bucket: s3.bucket,
        prefix,
        endpoint: s3.endpoint,
        region: "us-east-1",
        forcePathStyle: true,
        credentials: S3_CREDENTIALS,
        localRoot: path.join(root, "files"),
        // Pages of two objects: every listing here goes through the paging.
        listPageSize: 2,
      });
    return {
      store: open(),
      restarted: open,
      // The objects of the prefix, and the local copies of uploads in progress.
      everything: async () => [...(await s3.objects(prefix)), ...(await filesUnder(path.join(root, "files"))).map((file) => `local:${file}`)].sort(),
      leaveUpload: async (tag) => {
        await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `${prefix}tmp/${tag}/1-cut-off.part`, Body: randomBytes(100) }));
      },
    };
  },
  async () => rm(root, { recursive: true, force: true }),
);

describe("S3 file store reads", () => {
  it("reads by a signed address, and a read the storage refuses is the storage's failure, never a missing file", async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "file-store-"));
    const options = { bucket: s3.bucket, prefix: `reads-${randomBytes(4).toString("hex")}/`, endpoint: s3.endpoint, region: "us-east-1", forcePathStyle: true, localRoot: path.join(root, "files") };
    const store = new S3FileStore({ ...options, credentials: S3_CREDENTIALS });
    const refused = new S3FileStore({ ...options, credentials: { accessKeyId: "NOT-S3RVER", secretAccessKey: "S3RVER" } });
    try {
      const content = randomBytes(70_000);
      const { key } = await (await store.stage(chunked(content))).store();
      for (let attempt = 0; attempt < 3; attempt++) {
        const { stream, size } = await store.read(key, { start: 1_000, end: 66_535 });
        expect(size).toBe(content.length);
        expect((await text(stream)).equals(content.subarray(1_000, 66_536))).toBe(true);
      }
      await expect(refused.read(key)).rejects.toMatchObject({ name: "StorageError", code: "ESTORAGE" });
      await store.remove(key);
      await expect(store.read(key, { start: 0, end: 9 })).rejects.toMatchObject({ code: "ENOENT" });
    } finally {
      await Promise.all([store.close(), refused.close()]);
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe("local file store", () => {
  let store: LocalFileStore;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "file-store-"));
    store = new LocalFileStore(path.join(root, "files"));
  });
  afterEach(async () => rm(root, { recursive: true, force: true }));

  it("lays files out as ab/<sha256>, uploads in progress under tmp/<process tag>/", async () => {
    const content = randomBytes(25_000);
    const sha256 = createHash("sha256").update(content).digest("hex");
    const staged = await store.stage(chunked(content));
    expect(path.relative(path.join(root, "files", "tmp"), staged.path)).toMatch(/^[^/]+~\d+~[^/]+\/\d+-[0-9a-f]{16}\.part$/);
    await staged.store();
    expect(await filesUnder(path.join(root, "files"))).toEqual([path.join(sha256.slice(0, 2), sha256)]);
    expect((await readFile(store.pathOf(sha256))).equals(content)).toBe(true);
    expect(() => store.pathOf("../../etc/passwd")).toThrow();
  });

  it("removes loose temporary files of the layout before per-process directories", async () => {
    const temporary = path.join(root, "files", "tmp");
    await mkdir(temporary, { recursive: true });
    await writeFile(path.join(temporary, "1-older-layout.part"), randomBytes(100));
    expect(await store.removeAbandonedUploads()).toBe(1);
    expect(await filesUnder(temporary)).toEqual([]);
  });
});
