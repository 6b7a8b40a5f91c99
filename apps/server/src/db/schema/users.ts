import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { NotificationSettings } from "@portal/contract";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Stored lower-cased so uniqueness and look-ups ignore case.
    email: text("email").notNull(),
    userName: text("user_name").notNull(),
    firstname: text("firstname").notNull(),
    lastname: text("lastname").notNull(),
    // Null for an account made by single sign-on: no password login until one is set through recovery.
    passwordHash: text("password_hash"),
    isAdmin: boolean("is_admin").notNull().default(false),
    status: text("status", { enum: ["pending", "active", "locked", "disabled"] }).notNull().default("pending"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    twoFactorSecret: text("two_factor_secret"),
    // Set by 2FA setup, moved to two_factor_secret once a code proves the authenticator has it.
    twoFactorPendingSecret: text("two_factor_pending_secret"),
    // The last TOTP time step accepted: a code is good once only.
    twoFactorLastStep: bigint("two_factor_last_step", { mode: "number" }),
    failedLoginCount: integer("failed_login_count").notNull().default(0),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    approvedBy: uuid("approved_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("users_email_key").on(table.email),
    uniqueIndex("users_user_name_key").on(sql`lower(${table.userName})`),
    index("users_status_created_idx").on(table.status, table.createdAt),
    // The admin list's sorts: each column with the id that breaks its ties (pageOrder), either direction.
    index("users_sort_created_idx").on(table.createdAt, table.id),
    index("users_sort_email_idx").on(table.email, table.id),
    index("users_sort_user_name_idx").on(table.userName, table.id),
    index("users_sort_firstname_idx").on(table.firstname, table.id),
    index("users_sort_lastname_idx").on(table.lastname, table.id),
    index("users_sort_status_idx").on(table.status, table.id),
    check("users_status_check", sql`${table.status} in ('pending', 'active', 'locked', 'disabled')`),
  ],
);

export type UserRow = typeof users.$inferSelect;

/** Bearer sessions: only the SHA-256 of a token is stored, never the token. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (table) => [uniqueIndex("sessions_token_hash_key").on(table.tokenHash), index("sessions_user_idx").on(table.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;

/** Single-use, expiring links mailed to the user (e-mail verification, password reset). */
export const userTokens = pgTable(
  "user_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["email_verification", "password_reset"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("user_tokens_token_hash_key").on(table.tokenHash),
    index("user_tokens_user_purpose_idx").on(table.userId, table.purpose),
  ],
);

/** One-time 2FA recovery codes, stored as SHA-256 only. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("recovery_codes_user_code_key").on(table.userId, table.codeHash)],
);

export const notificationPreferences = pgTable("notification_preferences", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  settings: jsonb("settings").$type<NotificationSettings>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Identities at an OpenID provider linked to an account: the provider's (issuer, subject) names one account. */
export const userIdentities = pgTable(
  "user_identities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    // The e-mail the provider gave at the last login (shown in the preferences).
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("user_identities_issuer_subject_key").on(table.issuer, table.subject),
    index("user_identities_user_idx").on(table.userId),
  ],
);

/**
 * Single sign-on in flight: a login started at the provider (state, nonce and PKCE verifier, found by
 * the SHA-256 of the browser's cookie), then the one-time code handed to the web app (by its SHA-256).
 * Both are single use and short-lived; the rows are deleted when used or found expired.
 */
export const oidcFlows = pgTable(
  "oidc_flows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["login", "handoff"] }).notNull(),
    secretHash: text("secret_hash").notNull(),
    state: text("state"),
    nonce: text("nonce"),
    codeVerifier: text("code_verifier"),
    redirect: text("redirect"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    issuer: text("issuer"),
    subject: text("subject"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("oidc_flows_secret_hash_key").on(table.secretHash),
    index("oidc_flows_expires_idx").on(table.expiresAt),
    check("oidc_flows_kind_check", sql`${table.kind} in ('login', 'handoff')`),
  ],
);
