import { createHash } from "node:crypto";
import { and, asc, desc, eq, gt, gte, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import type { AuditEvent, AuditPage, AuditSortField, auditListQuerySchema } from "@portal/contract";
import { z } from "zod";
import type { Database } from "../../db/client.js";
import { tableTotal } from "../../db/pages.js";
import { auditEvents } from "../../db/schema/index.js";
import { FieldError } from "../../lib/app-error.js";
import { containsPattern, countRows, pageSlice } from "../../lib/pagination.js";
import { findUnstorableText } from "../../lib/storable-text.js";
import { NO_TARGET_NAME, nameAuditTargets, type AuditTargetName } from "./audit-targets.js";

/** The log monitor's reads: the sorted, filtered list, the actions for its filter, the CSV export and the live stream's polls. */

type ParsedAuditQuery = z.output<typeof auditListQuerySchema>;
export type AuditFilters = Pick<ParsedAuditQuery, "actorId" | "action" | "outcome" | "from" | "to" | "q">;
type SortOrder = "asc" | "desc";

/** The WHERE clause shared by the list, the export and the live stream. */
export function auditFilters(filters: AuditFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.actorId) where.push(eq(auditEvents.actorId, filters.actorId));
  if (filters.action) where.push(eq(auditEvents.action, filters.action));
  if (filters.outcome) where.push(eq(auditEvents.outcome, filters.outcome));
  if (filters.from) where.push(gte(auditEvents.at, new Date(filters.from)));
  if (filters.to) where.push(lte(auditEvents.at, new Date(filters.to)));
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    where.push(
      sql`(${auditEvents.action} ilike ${pattern} or ${auditEvents.actorEmail} ilike ${pattern} or ${auditEvents.targetType} ilike ${pattern} or ${auditEvents.targetId} ilike ${pattern} or ${auditEvents.ip} ilike ${pattern} or ${auditEvents.userAgent} ilike ${pattern})`,
    );
  }
  return where;
}

/**
 * The leading sort expression of each field; every sort continues with `at`, then `id`. Nullable
 * fields sort as '' (the indexes hold the same expressions), so a keyset comparison never meets NULL.
 */
const sortExpressions: Record<Exclude<AuditSortField, "at">, SQL> = {
  action: sql`${auditEvents.action}`,
  actor: sql`coalesce(${auditEvents.actorEmail}, '')`,
  outcome: sql`${auditEvents.outcome}`,
  targetType: sql`coalesce(${auditEvents.targetType}, '')`,
};

function orderBy(sort: AuditSortField, order: SortOrder): SQL[] {
  const direction = order === "asc" ? asc : desc;
  const lead = sort === "at" ? [] : [direction(sortExpressions[sort])];
  return [...lead, direction(auditEvents.at), direction(auditEvents.id)];
}

/** Where a page ended: the sort value (absent for `at`), the exact time as PostgreSQL prints it (microseconds), the id. */
const keySchema = z.tuple([z.string().nullable(), z.string().min(1).max(64), z.number().int().nonnegative()]);
type Key = z.infer<typeof keySchema>;

/** Rows after `key` in the list's order: one row-value comparison, which the (field, at, id) index walks. */
function after(sort: AuditSortField, order: SortOrder, [value, at, id]: Key): SQL {
  const comparison = order === "asc" ? sql`>` : sql`<`;
  if (sort === "at") return sql`(${auditEvents.at}, ${auditEvents.id}) ${comparison} (${at}::timestamptz, ${id})`;
  return sql`(${sortExpressions[sort]}, ${auditEvents.at}, ${auditEvents.id}) ${comparison} (${value ?? ""}, ${at}::timestamptz, ${id})`;
}

function keyColumns(sort: AuditSortField) {
  return {
    keyValue: sort === "at" ? sql<string | null>`null::text` : sql<string>`${sortExpressions[sort]}`,
    keyAt: sql<string>`${auditEvents.at}::text`,
  };
}

const cursorSchema = z.object({
  /** Fingerprint of sort, order and filters: a cursor only continues the walk it came from. */
  f: z.string(),
  k: keySchema,
  /** The page number the cursor leads to, and the count taken on the walk's first page. */
  p: z.number().int().min(2),
  t: z.number().int().nonnegative(),
});
type Cursor = z.infer<typeof cursorSchema>;

function walkFingerprint(query: ParsedAuditQuery): string {
  const { sort, order, pageSize, actorId, action, outcome, from, to, q } = query;
  return createHash("sha256")
    .update(JSON.stringify([sort, order, pageSize, actorId, action, outcome, from, to, q]))
    .digest("base64url")
    .slice(0, 16);
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(query: ParsedAuditQuery, text: string): Cursor {
  let parsed: Cursor | undefined;
  try {
    const result = cursorSchema.safeParse(JSON.parse(Buffer.from(text, "base64url").toString("utf8")));
    if (result.success) parsed = result.data;
  } catch {
    // Not JSON: the same answer as any other cursor we did not write.
  }
  // Its values go into SQL comparisons: text PostgreSQL cannot hold would fail there as a 500.
  if (!parsed || findUnstorableText(parsed)) throw new FieldError("query", "cursor", "Not a valid cursor");
  if (parsed.f !== walkFingerprint(query)) {
    throw new FieldError("query", "cursor", "This cursor belongs to another sort, page size or filter; start again without it");
  }
  return parsed;
}

const eventColumns = {
  id: auditEvents.id,
  at: auditEvents.at,
  actorId: auditEvents.actorId,
  actorEmail: auditEvents.actorEmail,
  action: auditEvents.action,
  outcome: auditEvents.outcome,
  targetType: auditEvents.targetType,
  targetId: auditEvents.targetId,
  ip: auditEvents.ip,
  userAgent: auditEvents.userAgent,
  details: auditEvents.details,
  tokenId: auditEvents.tokenId,
};

type EventRow = { [K in keyof typeof eventColumns]: (typeof auditEvents.$inferSelect)[K] };

/** An event as the API answers it; `target` says what its target is called now (the list and the stream look it up). */
export function presentAuditEvent(row: EventRow, target: AuditTargetName = NO_TARGET_NAME): AuditEvent {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    outcome: row.outcome,
    targetType: row.targetType,
    targetId: row.targetId,
    targetName: target.name,
    targetDeleted: target.deleted,
    ip: row.ip,
    userAgent: row.userAgent,
    details: row.details ?? null,
    tokenId: row.tokenId,
  };
}

/** One slice of the sorted, filtered log: after `key` (keyset) or from `offset`, `limit` rows. */
function readSlice(
  db: Database,
  { sort, order, where, key, offset, limit }: { sort: AuditSortField; order: SortOrder; where: SQL[]; key?: Key; offset?: number; limit: number },
) {
  const conditions = key ? [...where, after(sort, order, key)] : where;
  const query = db
    .select({ ...eventColumns, ...keyColumns(sort) })
    .from(auditEvents)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(...orderBy(sort, order))
    .limit(limit);
  return offset ? query.offset(offset) : query;
}

type SliceRow = Awaited<ReturnType<typeof readSlice>>[number];
const keyOf = (row: SliceRow): Key => [row.keyValue, row.keyAt, row.id];

/**
 * A page of the log. Without `cursor`: page `page` by OFFSET, and the rows are counted (`total` is
 * exact at that moment); a page past the middle is read from the other end (`pageSlice`). With the `nextCursor` of a page: the next page by keyset (as fast on page
 * 10,000 as on page 2, and no row is skipped or repeated while new events arrive) and `total` is the
 * count taken on the walk's first page, carried in the cursor — a deep walk never recounts.
 */
export async function listAuditEvents(db: Database, query: ParsedAuditQuery): Promise<AuditPage> {
  const where = auditFilters(query);
  const cursor = query.cursor ? decodeCursor(query, query.cursor) : undefined;
  const page = cursor?.p ?? query.page;
  const counting = () =>
    (where.length ? db.select(countRows()).from(auditEvents).where(and(...where)) : tableTotal(db, "audit_events")).then(([row]) => row?.total ?? 0);
  let rows: SliceRow[];
  let total: number;
  let hasNext: boolean;
  if (!cursor && page > 1) {
    total = await counting();
    const slice = pageSlice(query, total);
    const reverse = { asc: "desc", desc: "asc" } as const;
    rows = slice.limit === 0 ? [] : await readSlice(db, { sort: query.sort, order: slice.reversed ? reverse[query.order] : query.order, where, limit: slice.limit, offset: slice.offset });
    if (slice.reversed) rows.reverse();
    hasNext = page * query.pageSize < total;
  } else {
    const slice = readSlice(db, {
      sort: query.sort,
      order: query.order,
      where,
      key: cursor?.k,
      // One more than the page says whether there is a next one.
      limit: query.pageSize + 1,
    });
    [rows, total] = await Promise.all([slice, cursor ? cursor.t : counting()]);
    hasNext = rows.length > query.pageSize;
  }
  const items = rows.slice(0, query.pageSize);
  const last = items.at(-1);
  const nextCursor =
    hasNext && last ? encodeCursor({ f: walkFingerprint(query), k: keyOf(last), p: page + 1, t: total }) : null;
  const targets = await nameAuditTargets(db, items);
  return { items: items.map((row, index) => presentAuditEvent(row, targets[index])), total, page, pageSize: query.pageSize, nextCursor };
}

/**
 * The actions the log holds, for the filter: a loose index scan over `(action, at, id)` — one index
 * probe per distinct action instead of reading every row.
 */
export async function listAuditActions(db: Database): Promise<string[]> {
  const result = (await db.execute(sql`
    with recursive actions(action) as (
      (select ${auditEvents.action} from ${auditEvents} order by 1 limit 1)
      union all
      select (select ${auditEvents.action} from ${auditEvents} where ${auditEvents.action} > actions.action order by 1 limit 1)
      from actions where actions.action is not null
    )
    select action from actions where action is not null`)) as unknown as { rows: { action: string }[] };
  return result.rows.map((row) => row.action);
}

export const CSV_BATCH_ROWS = 1000;
const CSV_COLUMNS = ["id", "at", "actorId", "actorEmail", "action", "outcome", "targetType", "targetId", "ip", "userAgent", "details"] as const;

/** One CSV field (RFC 4180), defused for spreadsheets: a leading =, +, -, @, tab or CR gets a `'`. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The filtered log as CSV lines (CRLF, as RFC 4180 says), in the list's sort order, read by keyset
 * in batches of CSV_BATCH_ROWS so memory stays flat however long it is. The export holds the events
 * recorded before it started (`id` up to the newest one then), so a long download has a defined end.
 */
export async function* auditEventsCsv(db: Database, query: ParsedAuditQuery): AsyncGenerator<string> {
  const [newest] = await db.select({ id: sql<number | null>`max(${auditEvents.id})` }).from(auditEvents);
  yield `${CSV_COLUMNS.join(",")}\r\n`;
  if (newest?.id === null || newest?.id === undefined) return;
  const where = [...auditFilters(query), lte(auditEvents.id, Number(newest.id))];
  let key: Key | undefined;
  for (;;) {
    const rows = await readSlice(db, { sort: query.sort, order: query.order, where, key, limit: CSV_BATCH_ROWS });
    if (rows.length === 0) return;
    yield rows
      .map((row) => presentAuditEvent(row))
      .map((event) => `${CSV_COLUMNS.map((column) => csvCell(event[column])).join(",")}\r\n`)
      .join("");
    if (rows.length < CSV_BATCH_ROWS) return;
    key = keyOf(rows.at(-1)!);
  }
}

/**
 * What a live stream sees next: the ids of every event after `afterId` or in `missing` visible now
 * (unfiltered, oldest first: the stream tracks gaps with them), and those of the events that match
 * the filters.
 */
export async function readNewAuditEvents(
  db: Database,
  filters: AuditFilters,
  { afterId, missing, limit }: { afterId: number; missing: number[]; limit: number },
): Promise<{ seenIds: number[]; events: AuditEvent[] }> {
  const fresh = missing.length
    ? or(gt(auditEvents.id, afterId), inArray(auditEvents.id, missing))!
    : gt(auditEvents.id, afterId);
  const seen = await db.select({ id: auditEvents.id }).from(auditEvents).where(fresh).orderBy(asc(auditEvents.id)).limit(limit);
  const seenIds = seen.map((row) => Number(row.id));
  if (seenIds.length === 0) return { seenIds, events: [] };
  const rows = await db
    .select(eventColumns)
    .from(auditEvents)
    .where(and(inArray(auditEvents.id, seenIds), ...auditFilters(filters)))
    .orderBy(asc(auditEvents.id));
  const targets = await nameAuditTargets(db, rows);
  return { seenIds, events: rows.map((row, index) => presentAuditEvent(row, targets[index])) };
}

/** The newest event id (0 for an empty log): where a new live stream starts. */
export async function newestAuditEventId(db: Database): Promise<number> {
  const [row] = await db.select({ id: sql<string | null>`max(${auditEvents.id})` }).from(auditEvents);
  return Number(row?.id ?? 0);
}
