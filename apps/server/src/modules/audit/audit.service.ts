import { and, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { AuditEvent, Page, auditListQuerySchema } from "@portal/contract";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import { auditEvents, users } from "../../db/schema/index.js";
import { containsPattern, countRows, pageOrder, pageWindow, toPage } from "../../lib/pagination.js";
import type { RequestContext } from "../../lib/request-context.js";

export interface AuditEntry {
  action: string;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
}

/** Writes one audit event; pass the transaction of the change it describes. */
export async function recordAudit(executor: Executor, context: RequestContext, entry: AuditEntry): Promise<void> {
  await executor.insert(auditEvents).values({
    actorId: context.actorId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    ip: context.ip,
    userAgent: context.userAgent,
    details: entry.details ?? null,
  });
}

type ParsedAuditQuery = z.output<typeof auditListQuerySchema>;

const sortColumns = { at: auditEvents.at, action: auditEvents.action } as const;

function auditFilters(query: ParsedAuditQuery): SQL | undefined {
  const filters: SQL[] = [];
  if (query.actorId) filters.push(eq(auditEvents.actorId, query.actorId));
  if (query.action) filters.push(eq(auditEvents.action, query.action));
  if (query.from) filters.push(gte(auditEvents.at, new Date(query.from)));
  if (query.to) filters.push(lte(auditEvents.at, new Date(query.to)));
  if (query.q) {
    const pattern = containsPattern(query.q);
    filters.push(
      sql`(${auditEvents.action} ilike ${pattern} or ${auditEvents.targetId} ilike ${pattern} or ${users.email} ilike ${pattern})`,
    );
  }
  return filters.length ? and(...filters) : undefined;
}

export async function listAuditEvents(db: Database, query: ParsedAuditQuery): Promise<Page<AuditEvent>> {
  const where = auditFilters(query);
  const { limit, offset } = pageWindow(query);
  return toPage(
    query,
    db
      .select({ event: auditEvents, actorEmail: users.email })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .where(where)
      .orderBy(...pageOrder(query.order, sortColumns[query.sort], auditEvents.id))
      .limit(limit)
      .offset(offset),
    db.select(countRows()).from(auditEvents).leftJoin(users, eq(users.id, auditEvents.actorId)).where(where),
    presentAuditEvent,
  );
}

function presentAuditEvent({ event, actorEmail }: { event: typeof auditEvents.$inferSelect; actorEmail: string | null }): AuditEvent {
  return {
    id: String(event.id),
    at: event.at.toISOString(),
    actorId: event.actorId,
    actorEmail: actorEmail ?? null,
    action: event.action,
    targetType: event.targetType,
    targetId: event.targetId,
    ip: event.ip,
    userAgent: event.userAgent,
    details: event.details ?? null,
  };
}

export const AUDIT_CSV_MAX_ROWS = 100_000;
const CSV_BATCH = 1000;
const CSV_COLUMNS = ["id", "at", "actorId", "actorEmail", "action", "targetType", "targetId", "ip", "userAgent", "details"] as const;

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The filtered log as CSV, newest first, read in batches so memory stays flat. */
export async function* auditEventsCsv(db: Database, query: ParsedAuditQuery): AsyncGenerator<string> {
  const where = auditFilters(query);
  yield `${CSV_COLUMNS.join(",")}\n`;
  for (let offset = 0; offset < AUDIT_CSV_MAX_ROWS; offset += CSV_BATCH) {
    const rows = await db
      .select({ event: auditEvents, actorEmail: users.email })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(CSV_BATCH)
      .offset(offset);
    if (rows.length === 0) return;
    yield rows
      .map(presentAuditEvent)
      .map((event) => `${CSV_COLUMNS.map((column) => csvCell(event[column])).join(",")}\n`)
      .join("");
    if (rows.length < CSV_BATCH) return;
  }
}
