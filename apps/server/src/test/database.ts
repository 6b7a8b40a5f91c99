import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/client.js";

let databaseCounter = 0;
const postgresUrls = new WeakMap<DatabaseHandle, string>();

/**
 * Another connection pool on the same test database, as a second API process would have; on
 * PGlite, which one process owns, the same handle.
 */
export async function openSecondConnection(database: DatabaseHandle): Promise<DatabaseHandle> {
  const url = postgresUrls.get(database);
  if (!url) return { ...database, close: async () => undefined };
  return openDatabase({ kind: "postgres", url, poolSize: 5 });
}

/**
 * A new PostgreSQL database copied from this run's migrated template; answers its URL. The run's
 * global teardown drops it with the others.
 */
export async function createTestPostgresDatabase(): Promise<string> {
  const name = `portal_t_${inject("postgresRunId")}_${process.pid}_${databaseCounter++}`;
  await asAdministrator(`create database "${name}" template "${inject("postgresTemplate")}"`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function asAdministrator(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A database of its own for one test file: a copy of the migrated template on PGlite or PostgreSQL.
 * `onLost` is told when PGlite's thread dies while the database is open.
 */
export async function openTestDatabase({ onLost }: { onLost?: (error: Error) => void } = {}): Promise<DatabaseHandle> {
  if (process.env.TEST_DATABASE === "postgres") {
    const url = await createTestPostgresDatabase();
    const handle = await openDatabase({ kind: "postgres", url, poolSize: 5 });
    postgresUrls.set(handle, url);
    // Dropped once its file is done with it, while the next file runs: dropping some 70 databases one
    // after the other at the run's end kept the run going 20 s after its last test.
    return thenOnClose(handle, () => asAdministrator(`drop database if exists "${new URL(url).pathname.slice(1)}" with (force)`));
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "portal-db-"));
  let handle: DatabaseHandle;
  try {
    await copyPgliteTemplate(dataDir);
    handle = await openDatabase({ kind: "pglite", dataDir, ...(onLost ? { onLost } : {}) });
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return thenOnClose(handle, () => rm(dataDir, { recursive: true, force: true }));
}

/**
 * `handle` itself (pgliteHostOf and postgresUrls know it by identity), whose close() then runs
 * `cleanup`: the database's copy removed or dropped once nothing uses it.
 */
function thenOnClose(handle: DatabaseHandle, cleanup: () => Promise<void>): DatabaseHandle {
  const close = handle.close.bind(handle);
  handle.close = async () => {
    await close();
    await cleanup();
  };
  return handle;
}

/** This run's migrated PGlite data directory, copied to `dataDir` (which must not exist or be empty). */
function copyPgliteTemplate(dataDir: string): Promise<void> {
  return cp(inject("pgliteTemplate"), dataDir, { recursive: true });
}

/**
 * A server's data directory (DATA_DIR) whose embedded database is a copy of this run's migrated PGlite
 * template: a server process started on it skips initdb and the migrations (some 20 s of CPU, 77 s at
 * load 13), which its first start on an empty DATA_DIR would spend before answering.
 */
export function dataDirFromPgliteTemplate(dataDir: string): Promise<void> {
  return copyPgliteTemplate(path.join(dataDir, "db"));
}

/** Row counts of these tables under the names given: what a refused request must leave as it was. */
export async function rowCounts<Name extends string>(testApp: { database: DatabaseHandle }, tables: Record<Name, PgTable>): Promise<Record<Name, number>> {
  const counts = Object.fromEntries(Object.entries<PgTable>(tables).map(([name, table]) => [name, sql<number>`(select count(*)::int from ${table})`]));
  const [row] = await testApp.database.db.select(counts).from(sql`(select 1) as one`);
  return row as Record<Name, number>;
}
