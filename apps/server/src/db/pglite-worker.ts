/**
 * PGlite off the main thread. This worker owns the embedded database and speaks the PostgreSQL wire
 * protocol to `pg` clients in the main thread (see ./pglite-host.ts), so both databases share one
 * driver and the WebAssembly never runs on the thread that serves HTTP.
 *
 * One backend, several logical connections (in practice the pool has one): a connection holds the
 * backend from its first message until PostgreSQL says it is idle again (ReadyForQuery 'I'), so
 * transactions, `for update` and advisory locks behave as on one PostgreSQL session and nobody else's
 * Parse/Bind can slip in between. A connection that goes away leaves nothing behind: its transaction
 * is rolled back, its prepared statements and advisory locks are dropped.
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

export interface PgliteWorkerData {
  dataDir?: string;
}

/** Main thread → worker. */
export type HostMessage =
  | { type: "open"; conn: number }
  | { type: "data"; conn: number; bytes: Uint8Array }
  | { type: "end"; conn: number }
  | { type: "close" };

/** Worker → main thread. */
export type WorkerMessage =
  | { type: "ready" }
  | { type: "data"; conn: number; bytes: Uint8Array }
  | { type: "failed"; error: string }
  | { type: "closed" };

const port = parentPort!;
const options = workerData as PgliteWorkerData;

function post(message: WorkerMessage, transfer: ArrayBuffer[] = []): void {
  port.postMessage(message, transfer);
}

// --- wire protocol helpers -------------------------------------------------------------------------

function message(type: string, body: Uint8Array = new Uint8Array(0)): Uint8Array {
  const out = new Uint8Array(5 + body.length);
  out[0] = type.charCodeAt(0);
  new DataView(out.buffer).setInt32(1, 4 + body.length);
  out.set(body, 5);
  return out;
}

function cstrings(...parts: string[]): Uint8Array {
  return new TextEncoder().encode(parts.map((part) => `${part}\0`).join(""));
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/**
 * The backend's answer to `request`, as the bytes it wrote. Through execProtocolRawStream, not
 * execProtocolRaw: PGlite 0.5's execProtocolRaw also parses every answer message in JavaScript and
 * keeps each parsed message (data rows included) in a list that only its parsing entry points ever
 * empty. On this path, which never uses them, that list grew with every query the server ran (221 MB
 * of heap after 20,000 small queries in PGlite alone, where the parsing also cost 116 µs of CPU per
 * query against 67 µs here; the server's own figures, bench/validate.mjs and bench/upload.mjs, did not
 * move beyond their noise).
 */
async function execute(request: Uint8Array): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  // Each chunk is a view into the WebAssembly memory, reused by the next write: copied at once.
  await db.execProtocolRawStream(request, { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) });
  return chunks.length === 1 ? chunks[0]! : concat(chunks);
}

/** What a real server answers to a startup packet once trust authentication is done. */
function startupReply(connId: number): Uint8Array {
  const int32 = (value: number) => {
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setInt32(0, value);
    return bytes;
  };
  return concat([
    message("R", int32(0)),
    message("S", cstrings("server_version", "17.5")),
    message("S", cstrings("server_encoding", "UTF8")),
    message("S", cstrings("client_encoding", "UTF8")),
    message("S", cstrings("DateStyle", "ISO, MDY")),
    message("S", cstrings("integer_datetimes", "on")),
    message("S", cstrings("standard_conforming_strings", "on")),
    message("K", concat([int32(connId), int32(0)])),
    message("Z", new TextEncoder().encode("I")),
  ]);
}

/** The transaction status of the last ReadyForQuery in a backend answer ('I' idle, 'T', 'E'), if any. */
function lastReadyStatus(reply: Uint8Array): string | undefined {
  let status: string | undefined;
  const view = new DataView(reply.buffer, reply.byteOffset, reply.byteLength);
  for (let offset = 0; offset + 5 <= reply.length; ) {
    const length = view.getInt32(offset + 1);
    if (reply[offset] === 0x5a /* Z */ && length === 5) status = String.fromCharCode(reply[offset + 5]!);
    offset += 1 + length;
  }
  return status;
}

// --- connections ------------------------------------------------------------------------------------

interface Connection {
  id: number;
  buffer: Uint8Array;
  started: boolean;
  /** Complete frontend messages waiting for the backend. */
  pending: Uint8Array[];
  ended: boolean;
}

const connections = new Map<number, Connection>();
/** Connections with work, in arrival order; the one holding the backend goes first. */
const waiting: number[] = [];
/** The connection inside a transaction (or between Parse and Sync): nobody else may use the backend. */
let owner: number | undefined;
let pumping = false;
let closing = false;
let db: PGlite;

function frames(conn: Connection): void {
  const out: Uint8Array[] = [];
  let offset = 0;
  const buf = conn.buffer;
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  for (;;) {
    if (!conn.started) {
      if (buf.length - offset < 4) break;
      const length = view.getInt32(offset);
      if (buf.length - offset < length) break;
      const code = view.getInt32(offset + 4);
      offset += length;
      if (code === 80877103 /* SSLRequest */ || code === 80877104 /* GSSENCRequest */) {
        post({ type: "data", conn: conn.id, bytes: new TextEncoder().encode("N") });
        continue;
      }
      conn.started = true;
      post({ type: "data", conn: conn.id, bytes: startupReply(conn.id) });
      continue;
    }
    if (buf.length - offset < 5) break;
    const length = view.getInt32(offset + 1);
    if (buf.length - offset < 1 + length) break;
    out.push(buf.subarray(offset, offset + 1 + length));
    offset += 1 + length;
  }
  conn.buffer = buf.slice(offset);
  if (out.length) {
    conn.pending.push(...out);
    queue(conn);
  }
}

function queue(conn: Connection): void {
  if (owner !== conn.id && !waiting.includes(conn.id)) waiting.push(conn.id);
}

/**
 * Runs queued messages, one connection at a time. A connection keeps the backend until it has sent a
 * Sync (or a simple Query) whose answer leaves the session idle; then the next connection in line goes.
 */
async function pump(): Promise<void> {
  if (pumping) return;
  pumping = true;
  try {
    for (;;) {
      let conn: Connection | undefined;
      if (owner !== undefined) {
        conn = connections.get(owner);
        if (!conn) {
          await reset(owner);
          continue;
        }
        if (conn.pending.length === 0) {
          if (!conn.ended) break; // holds the backend and waits for its next message
          await forget(conn);
          continue;
        }
      } else {
        const id = waiting.shift();
        if (id === undefined) break;
        conn = connections.get(id);
        if (!conn) continue;
        if (conn.pending.length === 0) {
          if (conn.ended) await forget(conn);
          continue;
        }
      }
      // Everything up to and including the next Sync/Query goes to the backend in one call.
      const batch: Uint8Array[] = [];
      let boundary = false;
      while (conn.pending.length && !boundary) {
        const frame = conn.pending.shift()!;
        if (frame[0] === 0x58 /* X: Terminate */) {
          conn.ended = true;
          conn.pending.length = 0;
          break;
        }
        batch.push(frame);
        boundary = frame[0] === 0x53 /* S: Sync */ || frame[0] === 0x51 /* Q: Query */;
      }
      if (batch.length) {
        owner = conn.id;
        const reply = await execute(concat(batch));
        if (boundary && lastReadyStatus(reply) === "I") owner = undefined;
        if (reply.length && !conn.ended) {
          // The answer's own copy (execute), handed over without another.
          post({ type: "data", conn: conn.id, bytes: reply }, [reply.buffer as ArrayBuffer]);
        }
      }
      if (owner === undefined || conn.ended) {
        if (conn.ended) await forget(conn);
        else if (conn.pending.length) queue(conn);
      }
    }
  } catch (error) {
    post({ type: "failed", error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  } finally {
    pumping = false;
  }
}

async function forget(conn: Connection): Promise<void> {
  connections.delete(conn.id);
  const at = waiting.indexOf(conn.id);
  if (at >= 0) waiting.splice(at, 1);
  await reset(conn.id);
}

/** A connection is gone: nothing it did may leak into the next one. */
async function reset(connId: number): Promise<void> {
  if (owner === connId) owner = undefined;
  // Simple-protocol messages: a Sync first ends any half-sent extended-protocol batch.
  const sync = message("S");
  const query = (text: string) => message("Q", cstrings(text));
  await execute(concat([sync, query("rollback"), query("deallocate all"), query("select pg_advisory_unlock_all()")]));
}

async function close(): Promise<void> {
  if (closing) return;
  closing = true;
  while (pumping) await new Promise((resolve) => setTimeout(resolve, 1));
  await db.close();
  post({ type: "closed" });
  port.close();
}

async function main(): Promise<void> {
  db = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    // PostgreSQL's default 128 MB of shared buffers would be touched and kept by the WebAssembly
    // heap: 32 MB holds this database's working set and keeps the server's idle RSS near 300 MB.
    postgresqlconf: "shared_buffers = 32MB",
  });
  port.on("message", (msg: HostMessage) => {
    switch (msg.type) {
      case "open":
        connections.set(msg.conn, { id: msg.conn, buffer: new Uint8Array(0), started: false, pending: [], ended: false });
        break;
      case "data": {
        const conn = connections.get(msg.conn);
        if (!conn || conn.ended) break;
        conn.buffer = conn.buffer.length ? concat([conn.buffer, msg.bytes]) : msg.bytes;
        frames(conn);
        void pump();
        break;
      }
      case "end": {
        const conn = connections.get(msg.conn);
        if (!conn) break;
        conn.ended = true;
        queue(conn);
        void pump();
        break;
      }
      case "close":
        void close();
        break;
    }
  });
  post({ type: "ready" });
}

main().catch((error: unknown) => {
  post({ type: "failed", error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  port.close();
});
