import { readdir } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { TestApp } from "../test-app.js";

/**
 * Columns a read may legitimately write, left out of the digest (a visible list, kept short):
 * `sessions.last_seen_at` is touched at most once a minute by any authenticated call, so a long run
 * of refused calls moves it.
 */
export const COLUMNS_READS_MAY_TOUCH: Record<string, string[]> = { sessions: ["last_seen_at"] };

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

type RowsOf<T> = { rows: T[] };

/**
 * An MD5 digest of every row of every table of the public schema (each row as JSON, sorted), by
 * table: two calls compare equal exactly when no row was added, removed or changed in between.
 */
export async function databaseDigest(testApp: TestApp): Promise<Record<string, string>> {
  const { db } = testApp.database;
  const tables = ((await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as RowsOf<{ table_name: string }>).rows.map((row) => row.table_name);
  const perTable = tables.map((table) => {
    const row = `(to_jsonb(r)${(COLUMNS_READS_MAY_TOUCH[table] ?? []).map((column) => ` - ${quoteLiteral(column)}`).join("")})::text`;
    return `select ${quoteLiteral(table)} as name, count(*) || ':' || md5(coalesce(string_agg(${row}, E'\\n' order by ${row}), '')) as digest from public.${quoteIdentifier(table)} r`;
  });
  const digests = ((await db.execute(sql.raw(perTable.join("\nunion all\n")))) as unknown as RowsOf<{ name: string; digest: string }>).rows;
  return Object.fromEntries(digests.map(({ name, digest }) => [name, digest]));
}

/** Every file under the app's DATA_DIR (file store, its temporary area, mail outbox, keys), sorted. */
export async function dataDirFiles(testApp: TestApp): Promise<string[]> {
  const entries = await readdir(testApp.dataDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(testApp.dataDir, path.join(entry.parentPath, entry.name)))
    .sort();
}
