import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { features, plans } from "./catalogue.js";
import { projects } from "./projects.js";
import { users } from "./users.js";

export const licenseRequests = pgTable(
  "license_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requesterId: uuid("requester_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "approved", "rejected", "cancelled"] }).notNull().default("pending"),
    // Either a plan, or (planId null) the features listed in license_request_features.
    planId: uuid("plan_id").references(() => plans.id, { onDelete: "restrict" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    quantity: integer("quantity").notNull(),
    note: text("note").notNull().default(""),
    // Administrator overrides of the plan's terms, set while editing a pending request.
    durationDays: integer("duration_days"),
    maxActivations: integer("max_activations"),
    rejectReason: text("reject_reason"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("license_requests_requester_idx").on(table.requesterId, table.createdAt),
    index("license_requests_status_idx").on(table.status, table.createdAt),
    check("license_requests_quantity_check", sql`${table.quantity} between 1 and 100`),
  ],
);

export const licenseRequestFeatures = pgTable(
  "license_request_features",
  {
    requestId: uuid("request_id")
      .notNull()
      .references(() => licenseRequests.id, { onDelete: "cascade" }),
    featureId: uuid("feature_id")
      .notNull()
      .references(() => features.id, { onDelete: "restrict" }),
  },
  (table) => [primaryKey({ columns: [table.requestId, table.featureId] })],
);

export const licenses = pgTable(
  "licenses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Normalised form (upper case, no dashes) of the customer-facing grouped key.
    keyCompact: text("key_compact").notNull(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requestId: uuid("request_id").references(() => licenseRequests.id, { onDelete: "set null" }),
    planId: uuid("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "restrict" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "restrict" }),
    status: text("status", { enum: ["not_activated", "active", "deactivated"] }).notNull().default("not_activated"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    maxActivations: integer("max_activations").notNull(),
    maxReleasesPer30Days: integer("max_releases_per_30_days").notNull().default(3),
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    // The policy it was issued with: later plan edits change new licences only.
    type: text("type", { enum: ["standard", "trial"] }).notNull().default("standard"),
    floating: boolean("floating").notNull().default(false),
    heartbeatSeconds: integer("heartbeat_seconds"),
    expirationStrategy: text("expiration_strategy", { enum: ["revoke", "perpetual_fallback"] }).notNull().default("revoke"),
    offlineTtlDays: integer("offline_ttl_days"),
    // Release channels it follows: copied from the plan at issue, then set by an admin (at least one).
    channels: text("channels").array().notNull().default(sql`'{stable}'::text[]`),
    // When the `license.expired` event went out (once per licence; null until then or after a renewal).
    expiryAnnouncedAt: timestamp("expiry_announced_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("licenses_key_key").on(table.keyCompact),
    index("licenses_owner_idx").on(table.ownerId, table.issuedAt),
    index("licenses_status_idx").on(table.status, table.issuedAt),
    index("licenses_project_idx").on(table.projectId),
    // The list's sorts: each column with the id that breaks its ties (pageOrder), either direction;
    // by plan name, the plans in name order and each plan's licences by id.
    index("licenses_sort_issued_idx").on(table.issuedAt, table.id),
    index("licenses_sort_expires_idx").on(table.expiresAt, table.id),
    index("licenses_sort_status_idx").on(table.status, table.id),
    index("licenses_sort_plan_idx").on(table.planId, table.id),
    // One trial per customer per plan.
    uniqueIndex("licenses_trial_once_key").on(table.ownerId, table.planId).where(sql`${table.type} = 'trial'`),
    // The job that announces expiries walks only the licences not yet announced.
    index("licenses_unannounced_expiry_idx").on(table.expiresAt).where(sql`${table.expiryAnnouncedAt} is null`),
    check("licenses_floating_check", sql`not ${table.floating} or ${table.heartbeatSeconds} is not null`),
    check("licenses_channels_check", sql`cardinality(${table.channels}) >= 1 and ${table.channels} <@ array['stable','rc','beta','alpha','dev']::text[]`),
  ],
);

/** The features a licence was issued with: later plan edits do not change an issued licence. */
export const licenseFeatures = pgTable(
  "license_features",
  {
    licenseId: uuid("license_id")
      .notNull()
      .references(() => licenses.id, { onDelete: "cascade" }),
    featureId: uuid("feature_id")
      .notNull()
      .references(() => features.id, { onDelete: "restrict" }),
  },
  (table) => [primaryKey({ columns: [table.licenseId, table.featureId] }), index("license_features_feature_idx").on(table.featureId)],
);

/** A machine a licence is activated on, known by the SHA-256 fingerprint of its installation data. */
export const installations = pgTable(
  "installations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    licenseId: uuid("license_id")
      .notNull()
      .references(() => licenses.id, { onDelete: "cascade" }),
    fingerprint: text("fingerprint").notNull(),
    dataSummary: text("data_summary").notNull().default(""),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    releasedBy: uuid("released_by").references(() => users.id, { onDelete: "set null" }),
    releasedByAdmin: boolean("released_by_admin").notNull().default(false),
    // Floating seats: the lease holds until lease_expires_at (+ LEASE_DRIFT_SECONDS); refreshed by validation and heartbeat.
    leaseExpiresAt: timestamp("lease_expires_at", { withTimezone: true }),
    lastHeartbeatAt: timestamp("last_heartbeat_at", { withTimezone: true }),
    // Set by the job that finds the lease lapsed (one installation.heartbeat-dead event); cleared when the seat is taken again.
    deadAt: timestamp("dead_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("installations_active_fingerprint_key").on(table.licenseId, table.fingerprint).where(sql`${table.releasedAt} is null`),
    index("installations_license_idx").on(table.licenseId, table.releasedAt),
    // The admin dashboard's live installations (not released, seen lately).
    index("installations_live_seen_idx").on(table.lastSeenAt).where(sql`${table.releasedAt} is null`),
    // The lapse job: leases not yet marked dead, by when they end.
    index("installations_lease_idx").on(table.leaseExpiresAt).where(sql`${table.leaseExpiresAt} is not null and ${table.deadAt} is null`),
  ],
);

/** Short-lived licence-scoped tokens handed out by the .req flow (header X-License-Token). */
export const licenseTokens = pgTable(
  "license_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    licenseId: uuid("license_id")
      .notNull()
      .references(() => licenses.id, { onDelete: "cascade" }),
    installationId: uuid("installation_id").references(() => installations.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    // The installed version the .req's installation data named (JSON line 2, field "version"), if any.
    installedVersion: text("installed_version"),
  },
  (table) => [uniqueIndex("license_tokens_token_hash_key").on(table.tokenHash)],
);

/**
 * The fingerprints that have activated a trial of a plan, under any account: a machine gets one trial
 * per plan (TRIAL_ALREADY_USED), whoever asks for it.
 */
export const trialFingerprints = pgTable(
  "trial_fingerprints",
  {
    planId: uuid("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    fingerprint: text("fingerprint").notNull(),
    licenseId: uuid("license_id")
      .notNull()
      .references(() => licenses.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.planId, table.fingerprint] })],
);

/** Which expiry reminders went out, so each is sent once. */
export const licenseExpiryNotices = pgTable(
  "license_expiry_notices",
  {
    licenseId: uuid("license_id")
      .notNull()
      .references(() => licenses.id, { onDelete: "cascade" }),
    daysBefore: integer("days_before").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.licenseId, table.daysBefore] })],
);

export type LicenseRequestRow = typeof licenseRequests.$inferSelect;
export type LicenseRow = typeof licenses.$inferSelect;
export type InstallationRow = typeof installations.$inferSelect;
