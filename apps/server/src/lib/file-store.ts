import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, type ReadStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { isProcessGone, newProcessTag } from "./process-tag.js";

/**
 * Content-addressed file storage on local disk, shared by every feature that keeps uploaded files
 * (ticket attachments, software update packages).
 *
 * Layout: `<root>/<first two hex digits>/<sha256>`, with uploads in progress under
 * `<root>/tmp/<process tag>/` (the same file system, so the final rename is atomic; one directory per
 * server process, so that the next start can remove what a killed process was receiving). A file is
 * identified only by the SHA-256 of its content: two uploads of the same bytes share one file, and a
 * key never changes meaning.
 *
 * Life of an upload:
 * 1. `stage(stream)` copies the stream to a temporary file, computing SHA-256 and size on the way
 *    (never holding the whole file in memory), and fsyncs it. `maxBytes` and `inspect` let the
 *    caller refuse it while it is still arriving; a refused or failed stage leaves nothing behind.
 * 2. `staged.store()` renames it into place (or, if that content is already stored, drops the copy)
 *    and says whether this call created the file. Until then `staged.discard()` removes it.
 * 3. The caller writes the rows that reference the key. If that fails, `removeUnlessReferenced`
 *    takes back a file it created, unless a row elsewhere now references the same content.
 *
 * Nothing here knows about the database: the caller decides what "referenced" means, and should
 * serialise `store` and `removeUnlessReferenced` of one key (an advisory lock on the key) when
 * several processes may write the same content at once.
 */
export interface StagedFile {
  readonly sha256: string;
  readonly size: number;
  /** The temporary copy on disk, to read (a ZIP's central directory, say) before deciding; gone after store or discard. */
  readonly path: string;
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
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
    this.name = "FileTooLargeError";
  }
}

const SHA256_KEY = /^[0-9a-f]{64}$/;
const TEMPORARY_DIRECTORY = "tmp";

export class FileStore {
  /** This store's own directory of uploads in progress (several processes may share the root). */
  private readonly temporaryDirectory: string;

  constructor(readonly root: string) {
    this.temporaryDirectory = path.join(root, TEMPORARY_DIRECTORY, newProcessTag());
  }

  /** Every key stored (not the uploads in progress), in no particular order. */
  async keys(): Promise<string[]> {
    const shards = await readdir(this.root, { withFileTypes: true }).catch(() => []);
    const keys: string[] = [];
    for (const shard of shards) {
      if (!shard.isDirectory() || !/^[0-9a-f]{2}$/.test(shard.name)) continue;
      for (const name of await readdir(path.join(this.root, shard.name))) if (SHA256_KEY.test(name) && name.startsWith(shard.name)) keys.push(name);
    }
    return keys;
  }

  /**
   * Removes the uploads in progress of processes that have ended (killed in the middle of receiving a
   * file, say), and loose temporary files of the layout before per-process directories. Answers how
   * many directories and files it removed. Run at start, before this process stages anything.
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
    if (!SHA256_KEY.test(key)) throw new Error("not a file-store key");
    return path.join(this.root, key.slice(0, 2), key);
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.pathOf(key)).then(
      (found) => found.isFile(),
      () => false,
    );
  }

  /** The stored file's size in bytes; rejects (ENOENT) when the key is not stored. */
  async sizeOf(key: string): Promise<number> {
    return (await stat(this.pathOf(key))).size;
  }

  /**
   * The stored file as a stream, or the bytes `start` to `end` (inclusive) of it; `size` is the whole
   * file's. Rejects (ENOENT) when the key is not stored.
   */
  async read(key: string, range?: { start: number; end: number }): Promise<{ stream: ReadStream; size: number }> {
    const file = this.pathOf(key);
    const { size } = await stat(file);
    return { stream: createReadStream(file, range), size };
  }

  async stage(source: Readable, options: StageOptions = {}): Promise<StagedFile> {
    // An upload can fail before the pipeline below listens (while the directory is made); the
    // pipeline still sees the destroyed stream, but the error must not go unhandled meanwhile.
    source.on("error", () => undefined);
    await mkdir(this.temporaryDirectory, { recursive: true, mode: 0o700 });
    const temporaryPath = path.join(this.temporaryDirectory, `${Date.now()}-${randomBytes(8).toString("hex")}.part`);
    const hash = createHash("sha256");
    let size = 0;
    const measure = new Transform({
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
    const sink = createWriteStream(temporaryPath, { flags: "wx", mode: 0o600 });
    try {
      await pipeline(source, measure, sink);
      // Durable before anyone is told it is stored.
      await syncFile(temporaryPath);
    } catch (error) {
      // A refusal in the first chunk can reject the pipeline while the file is still being opened:
      // removed before the open finished, it would be created after and left behind. Wait for the close.
      if (!sink.closed) await new Promise<void>((resolve) => sink.once("close", () => resolve()));
      await rm(temporaryPath, { force: true });
      throw error;
    }
    const sha256 = hash.digest("hex");
    const finalPath = this.pathOf(sha256);
    let settled = false;
    return {
      sha256,
      size,
      path: temporaryPath,
      store: async () => {
        if (settled) throw new Error("this staged file was already stored or discarded");
        settled = true;
        if (await this.exists(sha256)) {
          await rm(temporaryPath, { force: true });
          return { key: sha256, created: false };
        }
        await mkdir(path.dirname(finalPath), { recursive: true, mode: 0o700 });
        await rename(temporaryPath, finalPath);
        await syncDirectory(path.dirname(finalPath));
        return { key: sha256, created: true };
      },
      discard: async () => {
        settled = true;
        await rm(temporaryPath, { force: true });
      },
    };
  }

  /** Deletes a stored file unless `isReferenced` says something still points at its content. */
  async removeUnlessReferenced(key: string, isReferenced: (key: string) => Promise<boolean>): Promise<boolean> {
    if (await isReferenced(key)) return false;
    await rm(this.pathOf(key), { force: true });
    return true;
  }
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
