import path from "node:path";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema/index.js";
import { initPgliteDataDir, PgliteHost } from "./pglite-host.js";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Anything a query can run on: the database itself or an open transaction. */
export type Executor = Database | Transaction;

export type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Database;
  /** A hand-written statement for a hot path; on PostgreSQL it is prepared once per connection by name. */
  preparedQuery<Row>(name: string, text: string, values: unknown[]): Promise<Row[]>;
  kind: DatabaseKind;
  /** Runs `fn` on one connection holding a session-level advisory lock (migrations across processes). */
  withExclusiveLock<T>(lockId: number, fn: (db: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: "postgres"; url: string; poolSize?: number }
  | {
      kind: "pglite";
      dataDir?: string;
      /** Called if the database thread dies while open (a server should log it and exit to be restarted). */
      onLost?: (error: Error) => void;
    };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "postgres") return openPostgres(target.url, target.poolSize ?? 10);
  return openPglite(target.dataDir, target.onLost);
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: "licence-portal" });
  return overPool(pool, "postgres", () => pool.end());
}

/** Both databases, one driver: `pg` over a pool (of real connections, or of one to the PGlite worker). */
async function overPool(pool: pg.Pool, kind: DatabaseKind, close: () => Promise<void>): Promise<DatabaseHandle> {
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on("error", () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  try {
    await db.execute(sql`select 1`);
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  return {
    db,
    kind,
    preparedQuery: async <Row>(name: string, text: string, values: unknown[]) =>
      (await pool.query({ name, text, values })).rows as Row[],
    async withExclusiveLock(lockId, fn) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [lockId]);
        try {
          return await fn(drizzlePg(client, { schema }) as unknown as Database);
        } finally {
          await client.query("select pg_advisory_unlock($1)", [lockId]);
        }
      } finally {
        client.release();
      }
    },
    close,
  };
}

const pgliteHosts = new WeakMap<DatabaseHandle, PgliteHost>();

/**
 * PGlite runs in a worker thread (./pglite-worker.ts), reached through `pg` over one connection: the
 * WebAssembly never blocks the thread that answers HTTP, and the code path is PostgreSQL's. One
 * connection, because PGlite is one backend: `pg`'s pool queues callers as PGlite itself would, and a
 * transaction holds the connection until it ends. A new data directory is created by a short-lived
 * thread first, so initdb's memory does not stay in the server.
 */
async function openPglite(
  dataDir: string | undefined,
  onLost?: (error: Error) => void,
): Promise<DatabaseHandle> {
  if (dataDir) {
    await mkdir(path.dirname(dataDir), { recursive: true });
    if (!existsSync(path.join(dataDir, "PG_VERSION"))) await initPgliteDataDir(dataDir);
  }
  const host = await PgliteHost.start(dataDir ? { dataDir } : {});
  host.onLost = onLost;
  const pool = new pg.Pool({ stream: host.stream, max: 1, ssl: false, application_name: "licence-portal" });
  const handle = await overPool(pool, "pglite", async () => {
    try {
      await pool.end();
    } finally {
      await host.close();
    }
  });
  pgliteHosts.set(handle, host);
  return handle;
}

/** The worker host behind a PGlite handle (tests reach into it). */
export function pgliteHostOf(handle: DatabaseHandle): PgliteHost | undefined {
  return pgliteHosts.get(handle);
}
