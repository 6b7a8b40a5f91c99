import { sql } from "drizzle-orm";
import type { AuditAction, AuditOutcome, AuditTargetType } from "@portal/contract";
import type { RequestContext } from "../lib/request-context.js";
import type { Executor } from "./client.js";
import { auditEvents, users } from "./schema/index.js";

/**
 * Recording the audit log: every change that is audited writes its event through here, in its own
 * transaction, so the event exists exactly when the change does. Reading the log (the log monitor)
 * is modules/audit.
 */

export interface AuditEntry {
  /** One of the contract's `auditActions`: each is translated in the log monitor. */
  action: AuditAction;
  /** `failure` for a refusal that is audited (a refused login, a job given up); default `success`. */
  outcome?: AuditOutcome;
  targetType?: AuditTargetType;
  targetId?: string;
  details?: Record<string, unknown>;
}

/** Writes one audit event; pass the transaction of the change it describes. */
export async function recordAudit(executor: Executor, context: RequestContext, entry: AuditEntry): Promise<void> {
  await executor.insert(auditEvents).values(auditRow(context, entry));
}

/**
 * Writes many audit events of one context in one statement (a job's batch: a thousand lapsed leases
 * are one round trip, not a thousand); pass the transaction of the change they describe.
 */
export async function recordAudits(executor: Executor, context: RequestContext, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await executor.insert(auditEvents).values(entries.map((entry) => auditRow(context, entry)));
}

function auditRow(context: RequestContext, entry: AuditEntry) {
  return {
    actorId: context.actorId,
    // A primary-key look-up in the same statement: the event keeps the name even after the account goes.
    actorEmail: context.actorId ? sql<string>`(select ${users.email} from ${users} where ${users.id} = ${context.actorId})` : null,
    action: entry.action,
    outcome: entry.outcome ?? "success",
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    ip: context.ip,
    userAgent: context.userAgent,
    details: entry.details ?? null,
    tokenId: context.tokenId ?? null,
  };
}
