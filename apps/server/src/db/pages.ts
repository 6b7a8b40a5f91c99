import type { Page } from "@portal/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import { readPage, sliceDirection, type PageRequest } from "../lib/pagination.js";
import type { Database } from "./client.js";
import { preparedStatement } from "./prepared.js";
import { rowCounts } from "./schema/index.js";

/**
 * The database side of lib/pagination: exact totals from `row_counts` (migrations 0013 and 0014),
 * and the pages of long lists through prepared statements.
 */

/** The tables whose rows `row_counts` counts (migration 0013's triggers; 0014's buckets for the first three). */
export type CountedTable = "users" | "licenses" | "tickets" | "audit_events";

/** Rows beyond which a reader folds a table's `row_counts` rows into one per bucket. */
const ROW_COUNT_PARTS_FOLDED = 64;

/**
 * Folds a table's `row_counts` rows into one per bucket (a delete + insert of their sums in one
 * statement: a concurrent fold finds the rows gone and adds nothing, so no sum ever changes).
 */
async function foldRowCounts(db: Database, table: CountedTable): Promise<void> {
  await db.execute(sql`
    with folded as (delete from ${rowCounts} where ${rowCounts.tableName} = ${table} returning ${rowCounts.bucket}, ${rowCounts.delta})
    insert into ${rowCounts} (table_name, bucket, delta) select ${table}, bucket, sum(delta) from folded group by bucket having sum(delta) <> 0`);
}

/**
 * The exact number of rows of a whole table (an unfiltered list's `total`) without reading them:
 * the sum of its `row_counts` rows of bucket '', which the triggers write in each change's own
 * transaction. Counting 1,000,000 audit events took 90–200 ms; this reads a few dozen rows. When
 * the rows pile up the reader folds them.
 */
export async function tableTotal(db: Database, table: CountedTable): Promise<{ total: number }[]> {
  const [row] = await preparedStatement(db, "row_counts_total", {}, (_shape, name) =>
    db
      .select({ total: sql<string>`coalesce(sum(${rowCounts.delta}), 0)`, parts: sql<number>`count(*)::int` })
      .from(rowCounts)
      .where(and(eq(rowCounts.tableName, sql.placeholder("table")), eq(rowCounts.bucket, "")))
      .prepare(name),
  ).execute({ table });
  if ((row?.parts ?? 0) > ROW_COUNT_PARTS_FOLDED) await foldRowCounts(db, table);
  return [{ total: Number(row?.total ?? 0) }];
}

/**
 * Tables' exact counts by bucket (`status:active`, `issued:2025-03`, … and '' for the whole table;
 * a bucket without rows is absent), read from `row_counts` in one statement as `tableTotal` reads a
 * total; a table whose rows piled up is folded.
 */
export async function bucketCounts<Table extends CountedTable>(db: Database, tables: Table[]): Promise<Record<Table, Map<string, number>>> {
  const rows = await preparedStatement(db, "row_counts_buckets", { tables: tables.join(",") }, (shape, name) =>
    db
      .select({ table: rowCounts.tableName, bucket: rowCounts.bucket, count: sql<string>`sum(${rowCounts.delta})`, parts: sql<number>`count(*)::int` })
      .from(rowCounts)
      .where(inArray(rowCounts.tableName, shape.tables.split(",")))
      .groupBy(rowCounts.tableName, rowCounts.bucket)
      .prepare(name),
  ).execute();
  const counts = Object.fromEntries(tables.map((table) => [table, new Map<string, number>()])) as Record<Table, Map<string, number>>;
  const parts = new Map<string, number>();
  for (const row of rows) {
    counts[row.table as Table].set(row.bucket, Number(row.count));
    parts.set(row.table, (parts.get(row.table) ?? 0) + row.parts);
  }
  for (const table of tables) {
    if ((parts.get(table) ?? 0) > ROW_COUNT_PARTS_FOLDED + counts[table].size) await foldRowCounts(db, table);
  }
  return counts;
}

interface ListStatement<Row> {
  execute(placeholderValues?: Record<string, unknown>): Promise<Row[]>;
}

/** A list's shape (which filters, the viewer's role: what its SQL depends on) and its sorted page's. */
export type PageShape<Shape, Sort extends string> = Shape & { sort: Sort; direction: "asc" | "desc" };

/**
 * A sorted, filtered page of a long list through prepared statements (./prepared.ts), as `readPage`
 * reads it: the table's total from `row_counts` when nothing filters, else the count of this shape;
 * then the page of this shape in the slice's direction, its LIMIT and OFFSET placeholders `limit` and
 * `offset`. `values` fills the filters' placeholders; `kind` names the statements.
 */
export function readPreparedPage<Shape extends Record<string, string | boolean>, Sort extends string, Row, Item>(
  db: Database,
  request: PageRequest & { sort: Sort; order: "asc" | "desc" },
  list: {
    kind: CountedTable;
    shape: Shape;
    values: Record<string, unknown>;
    count: (shape: Shape, name: string) => ListStatement<{ total: number }>;
    page: (shape: PageShape<Shape, Sort>, name: string) => ListStatement<Row>;
    present: (rows: Row[]) => Promise<Item[]>;
  },
): Promise<Page<Item>> {
  const { kind, shape, values } = list;
  return readPage(
    request,
    () => (Object.values(shape).some(Boolean) ? preparedStatement(db, `${kind}_count`, shape, list.count).execute(values) : tableTotal(db, kind)),
    (slice) =>
      preparedStatement(db, `${kind}_page`, { ...shape, sort: request.sort, direction: sliceDirection(slice, request.order) }, list.page).execute({
        ...values,
        limit: slice.limit,
        offset: slice.offset,
      }),
    list.present,
  );
}
