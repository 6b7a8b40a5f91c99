/**
 * The main thread's side of ./pglite-worker.ts: starts the worker and hands `pg` a socket-like stream
 * per connection, so PGlite is reached through the same `pg` code path as PostgreSQL.
 */
import { spawn } from "node:child_process";
import { rename, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { Duplex } from "node:stream";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { HostMessage, PgliteWorkerData, WorkerMessage } from "./pglite-worker.js";

// Built code runs dist/db/pglite-worker.js. Tests run the TypeScript source: a Node.js that strips
// types itself (24, CI's PGlite pass) loads the worker's source as it is; Node.js 20 loads it through
// tsx (a dev dependency), registered inside the worker before the import. tsx's loader thread, its
// transforms and source maps were about a quarter of the CPU of each of the suite's ~200 opens.
const fromSource = import.meta.url.endsWith(".ts");
const workerUrl = new URL(fromSource ? "./pglite-worker.ts" : "./pglite-worker.js", import.meta.url);
const stripsTypes = Boolean((process.features as { typescript?: string | false }).typescript);

function startWorker(data: PgliteWorkerData): Worker {
  const options = { workerData: data };
  if (!fromSource || stripsTypes) return new Worker(workerUrl, options);
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm/api").replace(/\.cjs$/, ".mjs")).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl.href)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}

function failure(message: WorkerMessage | undefined, fallback: string): Error {
  return new Error(message?.type === "failed" ? `PGlite worker: ${message.error}` : fallback);
}

/**
 * Creates the cluster of a new data directory in a child process that then exits: initdb's memory
 * (some 500 MB) leaves with that process. A thread would not do: its freed memory stays with ours.
 * The cluster is made beside the target and renamed into place, so an interrupted first start leaves
 * no half-made database; the child ends when we do (its stdin closes), whatever happens to us.
 */
export async function initPgliteDataDir(dataDir: string): Promise<void> {
  const staging = `${dataDir}.initdb`;
  await rm(staging, { recursive: true, force: true });
  const script = `
    process.stdin.on("end", () => process.exit(70));
    process.stdin.resume();
    const { PGlite } = require(${JSON.stringify(createRequire(import.meta.url).resolve("@electric-sql/pglite"))});
    PGlite.create({ dataDir: process.env.PGLITE_INITDB_DIR })
      .then((db) => db.close())
      .then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });`;
  const child = spawn(process.execPath, ["-e", script], {
    env: { ...process.env, PGLITE_INITDB_DIR: staging },
    stdio: ["pipe", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  child.stdin.destroy();
  if (code !== 0) {
    await rm(staging, { recursive: true, force: true });
    throw new Error(`PGlite initdb failed (exit ${code}): ${stderr.trim()}`);
  }
  await rename(staging, dataDir);
}

/** A connection to the worker's backend, shaped like the net.Socket that `pg` expects. */
class WorkerSocket extends Duplex {
  private queued: Uint8Array[] = [];
  private flushScheduled = false;

  constructor(
    private readonly host: PgliteHost,
    readonly conn: number,
  ) {
    super();
  }

  connect(): this {
    this.host.send({ type: "open", conn: this.conn });
    process.nextTick(() => this.emit("connect"));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  /** Called by the host with the backend's answer. */
  deliver(bytes: Uint8Array): void {
    this.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  override _read(): void {
    // Data is pushed as the worker answers.
  }

  // pg writes Parse, Bind, Describe, Execute and Sync one by one: they go to the worker together.
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.queued.push(chunk);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      process.nextTick(() => this.flush());
    }
    callback();
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.queued.length === 0) return;
    const bytes = this.queued.length === 1 ? new Uint8Array(this.queued[0]!) : new Uint8Array(Buffer.concat(this.queued));
    this.queued = [];
    this.host.send({ type: "data", conn: this.conn, bytes }, [bytes.buffer as ArrayBuffer]);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.flush();
    this.host.disconnect(this);
    callback();
    // pg waits for the socket to close after it ended the session.
    process.nextTick(() => this.destroy());
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.host.disconnect(this);
    callback(error);
  }
}

/** The serving worker: one PGlite backend, any number of `pg` connections to it. */
export class PgliteHost {
  private readonly sockets = new Map<number, WorkerSocket>();
  private nextConn = 1;
  private exited = false;
  private readonly exit: Promise<number>;
  private fatal: Error | undefined;
  private closing = false;
  /** Told once when the worker fails or exits unasked: the database is gone for this process. */
  onLost: ((error: Error) => void) | undefined;

  private constructor(private readonly worker: Worker) {
    this.exit = new Promise((resolve) => worker.once("exit", resolve));
    void this.exit.then(() => {
      this.exited = true;
      // Set, so that a connection opened from now on fails at once instead of waiting forever.
      this.fail((this.fatal ??= new Error("PGlite worker exited")));
    });
    worker.on("error", (error) => this.fail((this.fatal ??= error)));
    worker.on("message", (message: WorkerMessage) => {
      if (message.type === "data") this.sockets.get(message.conn)?.deliver(message.bytes);
      else if (message.type === "failed") this.fail((this.fatal ??= new Error(`PGlite worker: ${message.error}`)));
    });
  }

  static async start(options: { dataDir?: string }): Promise<PgliteHost> {
    const worker = startWorker(options.dataDir ? { dataDir: options.dataDir } : {});
    const first = await new Promise<WorkerMessage | undefined>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
      worker.once("exit", () => resolve(undefined));
    });
    if (first?.type !== "ready") {
      await worker.terminate();
      throw failure(first, "PGlite worker exited before it was ready");
    }
    return new PgliteHost(worker);
  }

  send(message: HostMessage, transfer: ArrayBuffer[] = []): void {
    if (!this.exited) this.worker.postMessage(message, transfer);
  }

  /** The `stream` option of a `pg` client or pool: each call is a new connection. */
  readonly stream = (): WorkerSocket => {
    const socket = new WorkerSocket(this, this.nextConn++);
    this.sockets.set(socket.conn, socket);
    if (this.fatal) process.nextTick(() => socket.destroy(this.fatal));
    return socket;
  };

  disconnect(socket: WorkerSocket): void {
    if (this.sockets.delete(socket.conn)) this.send({ type: "end", conn: socket.conn });
  }

  /** Closes the database (checkpoint and all) and waits for the thread to end. */
  async close(): Promise<void> {
    this.closing = true;
    if (!this.exited) {
      this.send({ type: "close" });
      const timer = setTimeout(() => void this.worker.terminate(), 10_000);
      await this.exit;
      clearTimeout(timer);
    }
  }

  private fail(error: Error): void {
    if (!this.closing && this.onLost) {
      const lost = this.onLost;
      this.onLost = undefined;
      lost(error);
    }
    for (const socket of this.sockets.values()) socket.destroy(error);
    this.sockets.clear();
  }
}
