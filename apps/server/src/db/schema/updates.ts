import { sql } from "drizzle-orm";
import { bigint, check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { features } from "./catalogue.js";
import { licenses } from "./licenses.js";
import { users } from "./users.js";

/**
 * Text compared byte by byte whatever the database's collation: a version's sort key
 * (modules/updates/versions.ts) orders by semver precedence only under the "C" collation, while a
 * PostgreSQL created with en_US.UTF-8 would ignore its punctuation.
 */
const byteOrderedText = customType<{ data: string }>({
  dataType: () => 'text COLLATE "C"',
});

/** A software update: a draft while its files and commands are prepared, published (and frozen) by its change log. */
export const updates = pgTable(
  "updates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    status: text("status", { enum: ["draft", "published"] }).notNull().default("draft"),
    // Set together at publishing (step 3); null on a draft.
    version: text("version"),
    versionKey: byteOrderedText("version_key"),
    type: text("type", { enum: ["major", "minor"] }),
    header: text("header"),
    changeLog: text("change_log"),
    commands: jsonb("commands").$type<string[]>().notNull().default([]),
    // The signed manifest: its exact JSON text and the base64 Ed25519 signature over its UTF-8 bytes.
    manifest: text("manifest"),
    manifestSignature: text("manifest_signature"),
    // The downloadable package (manifest, signature and every file in one ZIP), built once at publishing.
    packageSha256: text("package_sha256"),
    packageSize: bigint("package_size", { mode: "number" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    publishedBy: uuid("published_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    // Release channel (API.md "Release channels"): licences following it may take it (with every required feature).
    channel: text("channel", { enum: ["stable", "rc", "beta", "alpha", "dev"] }).notNull().default("stable"),
    // Withdrawn (POST /updates/{id}/yank): out of every list and download, still shown to admins and in history.
    yankedAt: timestamp("yanked_at", { withTimezone: true }),
    yankedBy: uuid("yanked_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    // Publishing requires a version above every published one: no two can share one.
    uniqueIndex("updates_published_version_key").on(table.versionKey).where(sql`${table.status} = 'published'`),
    index("updates_created_idx").on(table.createdAt),
    index("updates_published_idx").on(table.publishedAt),
    index("updates_status_created_idx").on(table.status, table.createdAt),
    index("updates_package_sha256_idx").on(table.packageSha256),
    check("updates_status_check", sql`${table.status} in ('draft', 'published')`),
    check("updates_type_check", sql`${table.type} is null or ${table.type} in ('major', 'minor')`),
    check("updates_channel_check", sql`${table.channel} in ('stable', 'rc', 'beta', 'alpha', 'dev')`),
    check("updates_yanked_published_check", sql`${table.yankedAt} is null or ${table.status} = 'published'`),
    // A published update carries everything its manifest and package were built from.
    check(
      "updates_published_complete_check",
      sql`${table.status} = 'draft' or num_nulls(${table.version}, ${table.versionKey}, ${table.type}, ${table.header}, ${table.changeLog}, ${table.manifest}, ${table.manifestSignature}, ${table.packageSha256}, ${table.packageSize}, ${table.publishedAt}) = 0`,
    ),
  ],
);

export type UpdateRow = typeof updates.$inferSelect;

/** The files of an update, each a key of lib/file-store (DATA_DIR/files/ab/<sha256>) with its install path. */
export const updateFiles = pgTable(
  "update_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    updateId: uuid("update_id")
      .notNull()
      .references(() => updates.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["backend", "frontend", "extra"] }).notNull(),
    // As uploaded: backend.zip, frontend.zip, or the extra file's own name.
    name: text("name").notNull(),
    // Relative, normalised install path (backend.zip and frontend.zip for the packages).
    path: text("path").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    // Order in the manifest: backend, frontend, then the extras as uploaded.
    position: integer("position").notNull(),
  },
  (table) => [
    // Case-insensitively: two paths differing only in case are one file on Windows.
    uniqueIndex("update_files_path_key").on(table.updateId, sql`lower(${table.path})`),
    index("update_files_sha256_idx").on(table.sha256),
    check("update_files_kind_check", sql`${table.kind} in ('backend', 'frontend', 'extra')`),
  ],
);

export type UpdateFileRow = typeof updateFiles.$inferSelect;

/** The features a licence must have to take an update through its channel (verification by hand aside). */
export const updateRequiredFeatures = pgTable(
  "update_required_features",
  {
    updateId: uuid("update_id")
      .notNull()
      .references(() => updates.id, { onDelete: "cascade" }),
    featureId: uuid("feature_id")
      .notNull()
      .references(() => features.id, { onDelete: "restrict" }),
  },
  (table) => [primaryKey({ columns: [table.updateId, table.featureId] }), index("update_required_features_feature_idx").on(table.featureId)],
);

/** A licence an administrator verified for an update: it may list and download it. */
export const updateVerifications = pgTable(
  "update_verifications",
  {
    updateId: uuid("update_id")
      .notNull()
      .references(() => updates.id, { onDelete: "cascade" }),
    licenseId: uuid("license_id")
      .notNull()
      .references(() => licenses.id, { onDelete: "cascade" }),
    verifiedBy: uuid("verified_by").references(() => users.id, { onDelete: "set null" }),
    verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.updateId, table.licenseId] }), index("update_verifications_license_idx").on(table.licenseId)],
);
