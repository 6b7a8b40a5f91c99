import { sql } from "drizzle-orm";
import { check, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/**
 * The system authenticator (admin/mfa-authenticator): one row at most. `secret` is sealed with the
 * TOTP secret box (lib/secret-box.ts), like the users' two-factor secrets.
 */
export const mfaAuthenticator = pgTable(
  "mfa_authenticator",
  {
    id: smallint("id").primaryKey().default(1),
    secret: text("secret").notNull(),
    provisionedAt: timestamp("provisioned_at", { withTimezone: true }).notNull().defaultNow(),
    provisionedBy: uuid("provisioned_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [check("mfa_authenticator_single_row", sql`${table.id} = 1`)],
);

export type MfaAuthenticatorRow = typeof mfaAuthenticator.$inferSelect;
