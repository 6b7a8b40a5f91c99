import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { isProcessGone, newProcessTag } from "./process-tag.js";

/**
 * Content-addressed file storage, shared by every feature that keeps uploaded files (ticket
 * attachments, software update files and packages). Two implementations: `LocalFileStore`, a
 * directory on local disk (`DATA_DIR/files`, the default), and `S3FileStore` (lib/s3-file-store.ts),
 * a bucket of S3-compatible object storage (`STORAGE_URL=s3://BUCKET/PREFIX`). A file is identified
 * only by the SHA-256 of its content (its key): two uploads of the same bytes share one file, and a
 * key never changes meaning.
 *
 * Life of an upload:
 * 1. `stage(stream)` copies the stream to a temporary place (a file in the store's temporary area, or
 *    a temporary object written by a multipart upload), computing SHA-256 and size on the way (never
 *    holding the whole file in memory), durably. `maxBytes` and `inspect` let the caller refuse it
 *    while it is still arriving; a refused or failed stage leaves nothing behind.
 * 2. `staged.store()` moves it into place under its key (or, if that content is already stored, drops
 *    the copy) and says whether this call created the file. Until then `staged.discard()` removes it.
 * 3. The caller writes the rows that reference the key. If that fails, `removeUnlessReferenced`
 *    takes back a file it created, unless a row elsewhere now references the same content.
 *
 * Nothing here knows about the database: the caller decides what "referenced" means, and should
 * serialise `store` and `removeUnlessReferenced` of one key (an advisory lock on the key) when
 * several processes may write the same content at once.
 */
export interface FileStore {
  /** `local` or `s3`, for logs and the health of the start. */
  readonly kind: "local" | "s3";
  /** Checks at start that the store can be used; rejects with the storage's own error (S3: the bucket, the credentials). */
  check(): Promise<void>;
  /** Streams an upload into the store's temporary area (see above). */
  stage(source: Readable, options?: StageOptions): Promise<StagedFile>;
  exists(key: string): Promise<boolean>;
  /** The stored file's size in bytes; rejects (code ENOENT) when the key is not stored. */
  sizeOf(key: string): Promise<number>;
  /**
   * The stored file as a stream, or the bytes `start` to `end` (inclusive) of it; `size` is the whole
   * file's. Rejects (code ENOENT) when the key is not stored.
   */
  read(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number }>;
  /** Deletes a stored file; harmless when it is not there. */
  remove(key: string): Promise<void>;
  /** Deletes a stored file unless `isReferenced` says something still points at its content. */
  removeUnlessReferenced(key: string, isReferenced: (key: string) => Promise<boolean>): Promise<boolean>;
  /** Every key stored (not the uploads in progress), a page at a time, in no particular order. */
  listKeys(): AsyncIterable<string[]>;
  /**
   * Removes what uploads of processes that have ended left in the temporary area (killed in the middle
   * of receiving a file, say). Answers how many it removed. Run at start, before this process stages anything.
   */
  removeAbandonedUploads(): Promise<number>;
  /** Lets go of connections (S3); the app calls it when it closes. */
  close(): Promise<void>;
}

export interface ByteRange {
  start: number;
  end: number;
}

export interface StagedFile {
  readonly sha256: string;
  readonly size: number;
  /**
   * A copy on local disk, to read at random (a ZIP's central directory, say) before deciding: always
   * there in the local store, in S3 only when staged with `localCopy`. Gone after store or discard.
   */
  readonly path: string | undefined;
  /** Moves the file into the store; `created` is false when identical content was already there. */
  store(): Promise<{ key: string; created: boolean }>;
  /** Removes the temporary copy; harmless after `store` or a previous discard. */
  discard(): Promise<void>;
}

export interface StageOptions {
  /** Refuses the stream (with FileTooLargeError) as soon as it passes this many bytes. */
  maxBytes?: number;
  /** Sees every chunk as it arrives; throwing refuses the file. */
  inspect?: (chunk: Buffer) => void;
  /** The staged file must have a local `path` to read (S3 keeps one beside the temporary object). */
  localCopy?: boolean;
  /**
   * Checks the whole file from its local copy (`localCopy` must be set) before the stage answers;
   * throwing refuses it, and nothing is left. S3 runs it while the storage completes the multipart
   * upload (putting the parts together can take seconds), not after.
   */
  checkLocalCopy?: (path: string) => Promise<void>;
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
    this.name = "FileTooLargeError";
  }
}

const SHA256_KEY = /^[0-9a-f]{64}$/;
const TEMPORARY_DIRECTORY = "tmp";

/** Whether `key` can be a file-store key (a SHA-256 in lower-case hex); anything else is refused before it reaches a path or an object name. */
export function isFileStoreKey(key: string): boolean {
  return SHA256_KEY.test(key);
}

export function assertFileStoreKey(key: string): void {
  if (!SHA256_KEY.test(key)) throw new Error("not a file-store key");
}

/** The error a store gives for a key it does not hold, as node:fs gives it. */
export function notStoredError(key: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`no stored file ${key}`), { code: "ENOENT" });
}

/**
 * What every store does to an upload on its way in: counts it, refuses it past `maxBytes` or when
 * `inspect` throws, and hashes it; `result()` answers SHA-256 and size once the stream has ended.
 */
export function measuringStream(options: StageOptions): { transform: Transform; result(): { sha256: string; size: number } } {
  const hash = createHash("sha256");
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (options.maxBytes !== undefined && size > options.maxBytes) return done(new FileTooLargeError(options.maxBytes));
      try {
        options.inspect?.(chunk);
      } catch (error) {
        return done(error as Error);
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { transform, result: () => ({ sha256: hash.digest("hex"), size }) };
}

/**
 * What this process remembers of stored files, by key, at most `limit` of them (the oldest go first):
 * their sizes, so that a download (which needs the size before it can answer a Range) does not ask
 * the storage for it on every request, and S3's signed read addresses. A key's content never changes,
 * so neither does its size. Forgotten on remove; another process removes a file only once no row
 * references it, when no download reaches it any more.
 */
export class Remembered<Value> {
  private readonly values = new Map<string, Value>();

  constructor(private readonly limit = 10_000) {}

  get(key: string): Value | undefined {
    return this.values.get(key);
  }

  remember(key: string, value: Value): void {
    this.values.set(key, value);
    if (this.values.size > this.limit) this.values.delete(this.values.keys().next().value!);
  }

  forget(key: string): void {
    this.values.delete(key);
  }
}

/** A name for one upload in progress, unique across processes: `<ms>-<random>.part`. */
export function temporaryName(): string {
  return `${Date.now()}-${randomBytes(8).toString("hex")}.part`;
}

/**
 * The local store, a directory. Layout: `<root>/<first two hex digits>/<sha256>`, with uploads in
 * progress under `<root>/tmp/<process tag>/` (the same file system, so the final rename is atomic; one
 * directory per server process, so that the next start can remove what a killed process was receiving).
 */
export class LocalFileStore implements FileStore {
  readonly kind = "local";
  /** This store's own directory of uploads in progress (several processes may share the root). */
  private readonly temporaryDirectory: string;
  private readonly sizes = new Remembered<number>();

  constructor(readonly root: string) {
    this.temporaryDirectory = path.join(root, TEMPORARY_DIRECTORY, newProcessTag());
  }

  /** The directory is made at the first upload; nothing to check before. */
  async check(): Promise<void> {}

  async close(): Promise<void> {}

  /** Every key stored (not the uploads in progress), one page per shard directory. */
  async *listKeys(): AsyncIterable<string[]> {
    const shards = await readdir(this.root, { withFileTypes: true }).catch(() => []);
    for (const shard of shards) {
      if (!shard.isDirectory() || !/^[0-9a-f]{2}$/.test(shard.name)) continue;
      const keys = (await readdir(path.join(this.root, shard.name))).filter((name) => SHA256_KEY.test(name) && name.startsWith(shard.name));
      if (keys.length > 0) yield keys;
    }
  }

  /**
   * Removes the uploads in progress of processes that have ended, and loose temporary files of the
   * layout before per-process directories. Answers how many directories and files it removed.
   */
  async removeAbandonedUploads(): Promise<number> {
    const entries = await readdir(path.join(this.root, TEMPORARY_DIRECTORY), { withFileTypes: true }).catch(() => []);
    let removed = 0;
    for (const entry of entries) {
      if (entry.isDirectory() ? !isProcessGone(entry.name) : !entry.name.endsWith(".part")) continue;
      await rm(path.join(entry.parentPath, entry.name), { recursive: true, force: true });
      removed++;
    }
    return removed;
  }

  /** Where the file of this key lives (whether or not it exists). */
  pathOf(key: string): string {
    assertFileStoreKey(key);
    return path.join(this.root, key.slice(0, 2), key);
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.pathOf(key)).then(
      (found) => found.isFile(),
      () => false,
    );
  }

  async sizeOf(key: string): Promise<number> {
    const known = this.sizes.get(key);
    if (known !== undefined) return known;
    const { size } = await stat(this.pathOf(key));
    this.sizes.remember(key, size);
    return size;
  }

  /** Opened first, so that a file gone from the disk rejects (ENOENT) before anything is answered. */
  async read(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number }> {
    const file = this.pathOf(key);
    let handle;
    try {
      handle = await open(file, "r");
    } catch (error) {
      this.sizes.forget(key);
      throw error;
    }
    let size = this.sizes.get(key);
    if (size === undefined) {
      try {
        size = (await handle.stat()).size;
      } catch (error) {
        await handle.close();
        throw error;
      }
      this.sizes.remember(key, size);
    }
    return { stream: createReadStream(file, { ...range, fd: handle }), size };
  }

  async remove(key: string): Promise<void> {
    this.sizes.forget(key);
    await rm(this.pathOf(key), { force: true });
  }

  async stage(source: Readable, options: StageOptions = {}): Promise<StagedFile & { path: string }> {
    const { sha256, size, path: stagedPath } = await stageToLocalFile(this.temporaryDirectory, source, options);
    if (options.checkLocalCopy) {
      try {
        await options.checkLocalCopy(stagedPath);
      } catch (error) {
        await rm(stagedPath, { force: true });
        throw error;
      }
    }
    const finalPath = this.pathOf(sha256);
    let settled = false;
    return {
      sha256,
      size,
      path: stagedPath,
      store: async () => {
        if (settled) throw new Error("this staged file was already stored or discarded");
        settled = true;
        if (await this.exists(sha256)) {
          await rm(stagedPath, { force: true });
          return { key: sha256, created: false };
        }
        await mkdir(path.dirname(finalPath), { recursive: true, mode: 0o700 });
        await rename(stagedPath, finalPath);
        await syncDirectory(path.dirname(finalPath));
        return { key: sha256, created: true };
      },
      discard: async () => {
        settled = true;
        await rm(stagedPath, { force: true });
      },
    };
  }

  async removeUnlessReferenced(key: string, isReferenced: (key: string) => Promise<boolean>): Promise<boolean> {
    if (await isReferenced(key)) return false;
    await this.remove(key);
    return true;
  }
}

/**
 * Copies `source` to a new file in `directory` (made 0700 when missing), measuring it on the way
 * (`measuringStream`), and fsyncs it. A refused or failed copy leaves no file.
 */
export async function stageToLocalFile(
  directory: string,
  source: Readable,
  options: StageOptions,
): Promise<{ sha256: string; size: number; path: string }> {
  // An upload can fail before the pipeline below listens (while the directory is made); the
  // pipeline still sees the destroyed stream, but the error must not go unhandled meanwhile.
  source.on("error", () => undefined);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const temporaryPath = path.join(directory, temporaryName());
  const measure = measuringStream(options);
  const sink = createWriteStream(temporaryPath, { flags: "wx", mode: 0o600 });
  try {
    await pipeline(source, measure.transform, sink);
    // Durable before anyone is told it is stored.
    await syncFile(temporaryPath);
  } catch (error) {
    // A refusal in the first chunk can reject the pipeline while the file is still being opened:
    // removed before the open finished, it would be created after and left behind. Wait for the close.
    if (!sink.closed) await new Promise<void>((resolve) => sink.once("close", () => resolve()));
    await rm(temporaryPath, { force: true });
    throw error;
  }
  return { ...measure.result(), path: temporaryPath };
}

async function syncFile(file: string): Promise<void> {
  const handle = await open(file, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

// The rename itself is only durable once its directory entry is on disk.
async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, "r");
  try {
    await handle.sync();
  } catch {
    // Some file systems (and Windows) refuse fsync on a directory; the rename has happened anyway.
  } finally {
    await handle.close();
  }
}
