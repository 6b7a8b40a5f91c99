import { and, asc, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { AuditEvent, Page } from "@portal/contract";
import type { auditListQuerySchema } from "@portal/contract";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import { auditEvents, users } from "../../db/schema/index.js";
import { containsPattern, pageWindow, toPage } from "../../lib/pagination.js";
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

export async function listAuditEvents(db: Database, query: ParsedAuditQuery): Promise<Page<AuditEvent>> {
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
  const where = filters.length ? and(...filters) : undefined;
  const direction = query.order === "asc" ? asc : desc;

  const { limit, offset } = pageWindow(query);
  return toPage(
    query,
    db
      .select({ event: auditEvents, actorEmail: users.email })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .where(where)
      .orderBy(direction(sortColumns[query.sort]), direction(auditEvents.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .where(where),
    ({ event, actorEmail }): AuditEvent => ({
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
    }),
  );
}
