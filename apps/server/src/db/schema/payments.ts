import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/** Only what a customer may see again: never the full number or the security code. */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    holderName: text("holder_name").notNull(),
    brand: text("brand", { enum: ["visa", "mastercard", "amex", "troy", "discover", "other"] }).notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("payment_methods_owner_idx").on(table.ownerId, table.createdAt),
    // At most one default card per customer, enforced by the database.
    uniqueIndex("payment_methods_one_default_key").on(table.ownerId).where(sql`${table.isDefault}`),
    check("payment_methods_last4_check", sql`${table.last4} ~ '^[0-9]{4}$'`),
  ],
);

export const billingAddresses = pgTable("billing_addresses", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  line1: text("line1").notNull(),
  line2: text("line2").notNull().default(""),
  city: text("city").notNull(),
  postalCode: text("postal_code").notNull(),
  country: text("country").notNull(),
  taxLocation: text("tax_location").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
