import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/**
 * A person's API tokens (`pt_…`): only the secret's SHA-256 is kept. A token is never deleted, only
 * revoked, so the audit events that name it (`audit_events.token_id`) still point at a row.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The secret's first 12 characters, to tell tokens apart in the list. */
    prefix: text("prefix").notNull(),
    scopes: text("scopes").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Written in batches (not on every call), so a read through a token stays a read. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    lastUsedIp: text("last_used_ip"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("api_tokens_token_hash_key").on(table.tokenHash),
    index("api_tokens_user_idx").on(table.userId, table.createdAt),
    index("api_tokens_live_idx").on(table.userId).where(sql`${table.revokedAt} is null`),
  ],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;
