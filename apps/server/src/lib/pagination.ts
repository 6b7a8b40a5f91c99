import type { Page } from "@portal/contract";
import { and, asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { preparedStatement } from "../db/prepared.js";
import { rowCounts } from "../db/schema/index.js";

export interface PageRequest {
  page: number;
  pageSize: number;
}

/** LIMIT and OFFSET of a page: paging always happens in SQL. */
export function pageWindow(request: PageRequest): { limit: number; offset: number } {
  return { limit: request.pageSize, offset: (request.page - 1) * request.pageSize };
}

/**
 * ORDER BY of a sorted list: the chosen column in the chosen direction, then the id the same way,
 * so rows with equal values keep one order and pages neither overlap nor skip a row.
 */
export function pageOrder(order: "asc" | "desc", column: AnyColumn | SQL, id: AnyColumn): [SQL, SQL] {
  const direction = order === "asc" ? asc : desc;
  return [direction(column), direction(id)];
}

/**
 * Which rows a page reads. A page past the middle of the list is read from the other end — the
 * order reversed, the smaller offset, the rows turned round — so the last page of 1,000,000 rows
 * walks as few index entries as the first page does, not the whole index.
 */
export interface PageSlice {
  limit: number;
  offset: number;
  reversed: boolean;
}

export function pageSlice(request: PageRequest, total: number): PageSlice {
  const { limit, offset } = pageWindow(request);
  if (offset < total / 2) return { limit, offset, reversed: false };
  const take = Math.max(0, Math.min(limit, total - offset));
  return { limit: take, offset: Math.max(0, total - offset - take), reversed: true };
}

/** The direction a slice is read in: the list's order, turned round when the slice is read from the end. */
export function sliceDirection(slice: PageSlice, order: "asc" | "desc"): "asc" | "desc" {
  return slice.reversed ? (order === "asc" ? "desc" : "asc") : order;
}

/**
 * A sorted page of a list that may be long: `rows(slice)` reads the slice (ORDER BY `pageOrder` in its `sliceDirection`,
 * LIMIT/OFFSET from the slice). The first page runs with its count; a later page needs the total
 * first to know which end is nearer, so the count runs before it. A page past the end reads nothing.
 */
export async function readPage<Row, Item>(
  request: PageRequest,
  count: () => Promise<{ total: number }[]>,
  rows: (slice: PageSlice) => Promise<Row[]>,
  present: (rows: Row[]) => Promise<Item[]>,
): Promise<Page<Item>> {
  const totalOf = (counted: { total: number }[]) => counted[0]?.total ?? 0;
  let found: Row[];
  let total: number;
  if (request.page === 1) {
    const [first, counted] = await Promise.all([rows({ ...pageWindow(request), reversed: false }), count()]);
    [found, total] = [first, totalOf(counted)];
  } else {
    total = totalOf(await count());
    const slice = pageSlice(request, total);
    found = slice.limit === 0 ? [] : await rows(slice);
    if (slice.reversed) found.reverse();
  }
  return { items: await present(found), total, page: request.page, pageSize: request.pageSize };
}

/** The select list of a list's count query: `db.select(countRows()).from(…).where(where)`. */
export function countRows(): { total: SQL<number> } {
  return { total: sql<number>`count(*)::int` };
}

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

/** Runs the page query and its count together and shapes the contract's list envelope. */
export async function toPage<Row, Item>(
  request: PageRequest,
  rows: Promise<Row[]>,
  count: Promise<{ total: number }[]>,
  present: (row: Row) => Item,
): Promise<Page<Item>> {
  return toPageOf(request, rows, count, async (found) => found.map(present));
}

/** `toPage` for items that need more queries (a plan's features): `present` gets the whole page at once. */
export async function toPageOf<Row, Item>(
  request: PageRequest,
  rows: Promise<Row[]>,
  count: Promise<{ total: number }[]>,
  present: (rows: Row[]) => Promise<Item[]>,
): Promise<Page<Item>> {
  const [found, [counted]] = await Promise.all([rows, count]);
  return { items: await present(found), total: counted?.total ?? 0, page: request.page, pageSize: request.pageSize };
}

/**
 * The rows of a page whose ids were read first: `read` fetches them by id (`id = any($1)`, in no
 * order) and they come back in the order of the ids; no ids, no statement.
 */
export async function rowsInPageOrder<Row>(ids: { id: string }[], read: (ids: string[]) => Promise<Row[]>, idOf: (row: Row) => string): Promise<Row[]> {
  if (ids.length === 0) return [];
  const rows = await read(ids.map((row) => row.id));
  const position = new Map(ids.map((row, index) => [row.id, index]));
  return rows.sort((a, b) => position.get(idOf(a))! - position.get(idOf(b))!);
}

/** A user's search text as an ILIKE pattern that matches it literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

interface ListStatement<Row> {
  execute(placeholderValues?: Record<string, unknown>): Promise<Row[]>;
}

/** A list's shape (which filters, the viewer's role: what its SQL depends on) and its sorted page's. */
export type PageShape<Shape, Sort extends string> = Shape & { sort: Sort; direction: "asc" | "desc" };

/**
 * A sorted, filtered page of a long list through prepared statements (db/prepared.ts), as `readPage`
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
