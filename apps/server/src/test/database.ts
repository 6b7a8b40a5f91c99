import { readFile } from "node:fs/promises";
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
  const baseUrl = process.env.TEST_DATABASE_URL!;
  const name = `portal_t_${inject("postgresRunId")}_${process.pid}_${databaseCounter++}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${inject("postgresTemplate")}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A database of its own for one test file: a copy of the migrated template on PGlite or PostgreSQL. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DATABASE === "postgres") {
    const url = await createTestPostgresDatabase();
    const handle = await openDatabase({ kind: "postgres", url, poolSize: 5 });
    postgresUrls.set(handle, url);
    return handle;
  }
  const template = await readFile(inject("pgliteTemplate"));
  return openDatabase({ kind: "pglite", loadDataDir: new Blob([template]) });
}

/**
 * A server's data directory (DATA_DIR) whose embedded database is a copy of this run's migrated PGlite
 * template: a server process started on it skips initdb and the migrations (some 20 s of CPU, 77 s at
 * load 13), which its first start on an empty DATA_DIR would spend before answering.
 */
export async function dataDirFromPgliteTemplate(dataDir: string): Promise<void> {
  const template = await readFile(inject("pgliteTemplate"));
  const handle = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db"), loadDataDir: new Blob([template]) });
  await handle.close();
}

/** Row counts of these tables under the names given: what a refused request must leave as it was. */
export async function rowCounts<Name extends string>(testApp: { database: DatabaseHandle }, tables: Record<Name, PgTable>): Promise<Record<Name, number>> {
  const counts = Object.fromEntries(Object.entries<PgTable>(tables).map(([name, table]) => [name, sql<number>`(select count(*)::int from ${table})`]));
  const [row] = await testApp.database.db.select(counts).from(sql`(select 1) as one`);
  return row as Record<Name, number>;
}
