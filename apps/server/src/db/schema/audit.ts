import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.js";

export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    details: jsonb("details").$type<Record<string, unknown>>(),
  },
  (table) => [
    index("audit_events_at_idx").on(table.at.desc(), table.id.desc()),
    index("audit_events_actor_idx").on(table.actorId, table.at),
    index("audit_events_action_idx").on(table.action, table.at),
    // The dashboard's recent activity: events on the caller's licences, requests and tickets.
    index("audit_events_target_idx").on(table.targetType, table.targetId, table.at),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;
