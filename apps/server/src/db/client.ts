import path from "node:path";
import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema/index.js";

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
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob | File };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "postgres") return openPostgres(target.url, target.poolSize ?? 10);
  return openPglite(target.dataDir, target.loadDataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: "licence-portal" });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on("error", () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  await db.execute(sql`select 1`);
  return {
    db,
    kind: "postgres",
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
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | File | undefined): Promise<DatabaseHandle> {
  if (dataDir) await mkdir(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    preparedQuery: async <Row>(_name: string, text: string, values: unknown[]) => (await client.query<Row>(text, values)).rows,
    // PGlite is one connection in one process: nothing else can race us.
    withExclusiveLock: (_lockId, fn) => fn(db),
    close: () => client.close(),
  };
}
