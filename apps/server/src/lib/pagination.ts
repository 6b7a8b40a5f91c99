import type { Page } from "@portal/contract";
import { asc, desc, sql, type AnyColumn, type SQL } from "drizzle-orm";

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
