import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.js";

export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's e-mail when the event was written: the log still names them after the account is gone. */
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    outcome: text("outcome", { enum: ["success", "failure"] }).notNull().default("success"),
    targetType: text("target_type"),
    targetId: text("target_id"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    /** The API token the actor acted through (no foreign key: the event outlives any row). */
    tokenId: uuid("token_id"),
  },
  // The log monitor sorts by (field, at, id) and pages by keyset on the same tuple: each sort has
  // the index that walks it in either direction, and each filter a (field, at, id) prefix.
  // Nullable fields sort as '' so a row-value comparison never meets a NULL.
  (table) => [
    // Ascending: a backward scan gives ORDER BY at DESC, id DESC (NULLS FIRST); the DESC NULLS LAST
    // index drizzle wrote before matched neither direction, so every page sorted the whole table.
    index("audit_events_at_idx").on(table.at, table.id),
    index("audit_events_actor_idx").on(table.actorId, table.at, table.id),
    index("audit_events_action_idx").on(table.action, table.at, table.id),
    index("audit_events_outcome_idx").on(table.outcome, table.at, table.id),
    index("audit_events_actor_email_idx").on(sql`coalesce(${table.actorEmail}, '')`, table.at, table.id),
    index("audit_events_target_type_idx").on(sql`coalesce(${table.targetType}, '')`, table.at, table.id),
    // The dashboard's recent activity: events on the caller's licences, requests and tickets.
    index("audit_events_target_idx").on(table.targetType, table.targetId, table.at),
    check("audit_events_outcome_check", sql`${table.outcome} in ('success', 'failure')`),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;
