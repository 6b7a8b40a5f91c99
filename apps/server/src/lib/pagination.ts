import type { Page } from "@portal/contract";

export interface PageRequest {
  page: number;
  pageSize: number;
}

/** LIMIT and OFFSET of a page: paging always happens in SQL. */
export function pageWindow(request: PageRequest): { limit: number; offset: number } {
  return { limit: request.pageSize, offset: (request.page - 1) * request.pageSize };
}

/** Runs the page query and its count together and shapes the contract's list envelope. */
export async function toPage<Row, Item>(
  request: PageRequest,
  rows: Promise<Row[]>,
  count: Promise<{ total: number }[]>,
  present: (row: Row) => Item,
): Promise<Page<Item>> {
  const [items, [counted]] = await Promise.all([rows, count]);
  return { items: items.map(present), total: counted?.total ?? 0, page: request.page, pageSize: request.pageSize };
}

/** A user's search text as an ILIKE pattern that matches it literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
