import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orderStatuses } from "@portal/contract";
import { features, plans } from "./catalogue.js";
import { licenseRequests } from "./licenses.js";
import { projects } from "./projects.js";
import { users } from "./users.js";

/** The billing address as it was when the offer was made: the invoice shows this one, not today's. */
export interface OrderBillingAddressCopy {
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  country: string;
  taxLocation: string;
}

/** Money is in integer minor units (cents), percentages in basis points (20% = 2000). */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Shown as "O-000123".
    sequence: integer("sequence").generatedAlwaysAsIdentity().notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: orderStatuses }).notNull().default("pending_offer"),
    currency: text("currency", { enum: ["USD", "EUR", "TRY"] }).notNull(),
    subtotalCents: bigint("subtotal_cents", { mode: "number" }).notNull(),
    discountBasisPoints: integer("discount_basis_points").notNull().default(0),
    discountCents: bigint("discount_cents", { mode: "number" }).notNull().default(0),
    taxCountry: text("tax_country"),
    taxBasisPoints: integer("tax_basis_points").notNull().default(0),
    taxCents: bigint("tax_cents", { mode: "number" }).notNull().default(0),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    billingAddress: jsonb("billing_address").$type<OrderBillingAddressCopy>(),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    note: text("note").notNull().default(""),
    offerMessage: text("offer_message"),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    invoiceNumber: text("invoice_number").unique(),
    paymentReference: text("payment_reference"),
    cancelReason: text("cancel_reason"),
    // The approved licence request that issued this order's licences at mark-paid.
    licenseRequestId: uuid("license_request_id").references(() => licenseRequests.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    offeredAt: timestamp("offered_at", { withTimezone: true }),
    offeredBy: uuid("offered_by").references(() => users.id, { onDelete: "set null" }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    paidBy: uuid("paid_by").references(() => users.id, { onDelete: "set null" }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: uuid("cancelled_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("orders_user_idx").on(table.userId, table.createdAt),
    index("orders_status_idx").on(table.status, table.createdAt),
    check("orders_discount_check", sql`${table.discountBasisPoints} between 0 and 10000`),
    check("orders_tax_check", sql`${table.taxBasisPoints} between 0 and 10000`),
    // A paid order has its invoice number and licences; no other status has an invoice number.
    check("orders_paid_check", sql`(${table.status} = 'paid') = (${table.invoiceNumber} is not null and ${table.paidAt} is not null)`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    // Either a plan, or (planId null) the features listed in order_item_features.
    planId: uuid("plan_id").references(() => plans.id, { onDelete: "restrict" }),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceCents: bigint("unit_price_cents", { mode: "number" }).notNull(),
  },
  (table) => [
    index("order_items_order_idx").on(table.orderId, table.position),
    check("order_items_quantity_check", sql`${table.quantity} between 1 and 100`),
    check("order_items_price_check", sql`${table.unitPriceCents} >= 0`),
  ],
);

export const orderItemFeatures = pgTable(
  "order_item_features",
  {
    itemId: uuid("item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    featureId: uuid("feature_id")
      .notNull()
      .references(() => features.id, { onDelete: "restrict" }),
  },
  (table) => [primaryKey({ columns: [table.itemId, table.featureId] })],
);

/** The last invoice number given in each year; its row lock makes two mark-paids queue, never share a number. */
export const invoiceCounters = pgTable("invoice_counters", {
  year: integer("year").primaryKey(),
  lastNumber: integer("last_number").notNull(),
});

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
