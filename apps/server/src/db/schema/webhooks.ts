import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Where the vendor's systems want to hear about events. The signing secret is sealed at rest (the
 * same SecretBox as TOTP secrets): signing needs the secret itself, not a hash.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    url: text("url").notNull(),
    /** Event names, or `{*}` for all of them. */
    events: text("events").array().notNull(),
    description: text("description").notNull().default(""),
    enabled: boolean("enabled").notNull().default(true),
    secretSealed: text("secret_sealed").notNull(),
    /** After a rotation, the old secret also signs until `previous_secret_until` (receivers switch over). */
    previousSecretSealed: text("previous_secret_sealed"),
    previousSecretUntil: timestamp("previous_secret_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    disabledReason: text("disabled_reason"),
    lastDeliveryAt: timestamp("last_delivery_at", { withTimezone: true }),
    failingSince: timestamp("failing_since", { withTimezone: true }),
  },
  (table) => [
    index("webhook_endpoints_created_idx").on(table.createdAt, table.id),
    // The fan-out in the transaction of each change reads only the enabled endpoints.
    index("webhook_endpoints_enabled_idx").on(table.id).where(sql`${table.enabled}`),
  ],
);

/** One thing that happened, once: its id is the `webhook-id` of every delivery and retry of it. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").notNull(),
    /** The body every receiver gets: `{type, timestamp, data}`. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("webhook_events_created_idx").on(table.createdAt)],
);

export const webhookDeliveryStatus = pgEnum("webhook_delivery_status", ["pending", "delivered", "failed"]);

/** One event to one endpoint; sent by a job of the durable queue (one job per delivery attempt chain). */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    status: webhookDeliveryStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    responseExcerpt: text("response_excerpt"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
  },
  (table) => [
    index("webhook_deliveries_endpoint_idx").on(table.endpointId, table.createdAt, table.id),
    index("webhook_deliveries_event_idx").on(table.eventId),
    index("webhook_deliveries_pending_idx").on(table.endpointId).where(sql`${table.status} = 'pending'`),
  ],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookEventRow = typeof webhookEvents.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
