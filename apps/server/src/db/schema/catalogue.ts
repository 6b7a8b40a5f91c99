import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.js";

export const features = pgTable(
  "features",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    // Entitlement code (API.md "Encrypted licence files"): unique as stored, upper case by the contract's pattern.
    code: text("code").notNull(),
    description: text("description").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("features_name_key").on(sql`lower(${table.name})`),
    uniqueIndex("features_code_key").on(table.code),
    check("features_price_check", sql`${table.priceCents} >= 0`),
  ],
);

export const services = pgTable(
  "services",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("services_name_key").on(sql`lower(${table.name})`)],
);

export const plans = pgTable(
  "plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    currency: text("currency", { enum: ["USD", "EUR", "TRY"] }).notNull(),
    billingPeriod: text("billing_period", { enum: ["monthly", "yearly", "once"] }).notNull(),
    durationDays: integer("duration_days").notNull(),
    maxActivations: integer("max_activations").notNull(),
    // How many installations a customer may release (to move a licence) per licence in 30 days.
    maxReleasesPer30Days: integer("max_releases_per_30_days").notNull().default(3),
    // Licensing policy (API.md "Licensing models"), copied onto each licence issued from the plan.
    trialDays: integer("trial_days"),
    floating: boolean("floating").notNull().default(false),
    heartbeatSeconds: integer("heartbeat_seconds").notNull().default(600),
    expirationStrategy: text("expiration_strategy", { enum: ["revoke", "perpetual_fallback"] }).notNull().default("revoke"),
    offlineTtlDays: integer("offline_ttl_days"),
    // Release channels each new licence follows (API.md "Release channels"), in channel order.
    channels: text("channels").array().notNull().default(sql`'{stable}'::text[]`),
    active: boolean("active").notNull().default(true),
    // A custom plan is built by one customer from chosen features and is visible to that customer only.
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("plans_catalogue_idx").on(table.active, table.priceCents).where(sql`${table.ownerId} is null`),
    index("plans_owner_idx").on(table.ownerId),
    // The licence list sorted by plan name walks the plans in name order, then each plan's licences.
    index("plans_name_idx").on(table.name, table.id),
    check("plans_price_check", sql`${table.priceCents} >= 0`),
    check("plans_limits_check", sql`${table.durationDays} > 0 and ${table.maxActivations} > 0`),
    check("plans_channels_check", sql`cardinality(${table.channels}) >= 1 and ${table.channels} <@ array['stable','rc','beta','alpha','dev']::text[]`),
    check(
      "plans_policy_check",
      sql`(${table.trialDays} is null or ${table.trialDays} between 1 and 90) and ${table.heartbeatSeconds} between 60 and 86400 and (${table.offlineTtlDays} is null or ${table.offlineTtlDays} between 1 and 3650)`,
    ),
  ],
);

export const planFeatures = pgTable(
  "plan_features",
  {
    planId: uuid("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    featureId: uuid("feature_id")
      .notNull()
      .references(() => features.id, { onDelete: "restrict" }),
  },
  (table) => [primaryKey({ columns: [table.planId, table.featureId] }), index("plan_features_feature_idx").on(table.featureId)],
);

export const planServices = pgTable(
  "plan_services",
  {
    planId: uuid("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    serviceId: uuid("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "restrict" }),
  },
  (table) => [primaryKey({ columns: [table.planId, table.serviceId] }), index("plan_services_service_idx").on(table.serviceId)],
);

/** The plan a customer has chosen ("current plan" on the pricing page). */
export const planSelections = pgTable(
  "plan_selections",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: uuid("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "restrict" }),
    selectedAt: timestamp("selected_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("plan_selections_plan_idx").on(table.planId)],
);

export type FeatureRow = typeof features.$inferSelect;
export type ServiceRow = typeof services.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
