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

/** A user's search text as an ILIKE pattern that matches it literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
