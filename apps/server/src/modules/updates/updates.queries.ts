import { and, asc, desc, eq, gt, inArray, isNull, not, or, sql, type SQL } from "drizzle-orm";
import {
  formatLicenseKey,
  type AvailableUpdates,
  type Page,
  type Update,
  type UnavailableReason,
  type UpdateFile,
  type UpdateHistoryRow,
  type updateHistoryQuerySchema,
  type updateListQuerySchema,
} from "@portal/contract";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import {
  features,
  licenseFeatures,
  licenses,
  updateFiles,
  updateRequiredFeatures,
  updates,
  updateVerifications,
  users,
  type UpdateFileRow,
  type UpdateRow,
} from "../../db/schema/index.js";
import { preparedStatement } from "../../db/prepared.js";
import { AppError } from "../../lib/app-error.js";
import { containsPattern, countRows, pageOrder, pageWindow, toPageOf } from "../../lib/pagination.js";
import { accessThrough, offeredEvenIfYanked, offeredTo, windowAdmits } from "./access-window.js";
import { installedVersionKey } from "./versions.js";

type UpdateListQuery = z.output<typeof updateListQuerySchema>;
type UpdateHistoryQuery = z.output<typeof updateHistoryQuerySchema>;

/** Who is asking for history or a download: administrators see every licence, customers their own. */
export interface Viewer {
  id: string;
  isAdmin: boolean;
}

const fullName = (firstname: string, lastname: string) => `${firstname} ${lastname}`.trim();
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

const verifiedCount = sql<number>`(select count(*)::int from ${updateVerifications} where ${updateVerifications.updateId} = ${updates.id})`;

const updateColumns = {
  update: updates,
  creatorFirstname: users.firstname,
  creatorLastname: users.lastname,
  verifiedLicenses: verifiedCount,
};

type UpdateSelection = { update: UpdateRow; creatorFirstname: string | null; creatorLastname: string | null; verifiedLicenses: number };

function updateSelect(executor: Executor) {
  return executor.select(updateColumns).from(updates).leftJoin(users, eq(users.id, updates.createdBy));
}

export function presentFile(file: Pick<UpdateFileRow, "name" | "kind" | "path" | "size" | "sha256">): UpdateFile {
  return { name: file.name, kind: file.kind, path: file.path, size: file.size, sha256: file.sha256 };
}

/** The files of these updates in manifest order, by update. */
export async function filesOf(executor: Executor, updateIds: string[]): Promise<Map<string, UpdateFileRow[]>> {
  const byUpdate = new Map<string, UpdateFileRow[]>(updateIds.map((id) => [id, []]));
  if (updateIds.length === 0) return byUpdate;
  const rows = await executor.select().from(updateFiles).where(inArray(updateFiles.updateId, updateIds)).orderBy(asc(updateFiles.position));
  for (const row of rows) byUpdate.get(row.updateId)?.push(row);
  return byUpdate;
}

/** The features these updates require, by name, by update. */
export async function requiredFeaturesOf(executor: Executor, updateIds: string[]): Promise<Map<string, Update["requiredFeatures"]>> {
  const byUpdate = new Map<string, Update["requiredFeatures"]>(updateIds.map((id) => [id, []]));
  if (updateIds.length === 0) return byUpdate;
  const rows = await executor
    .select({ updateId: updateRequiredFeatures.updateId, id: features.id, name: features.name, code: features.code })
    .from(updateRequiredFeatures)
    .innerJoin(features, eq(features.id, updateRequiredFeatures.featureId))
    .where(inArray(updateRequiredFeatures.updateId, updateIds))
    .orderBy(asc(features.name), asc(features.id));
  for (const { updateId, ...feature } of rows) byUpdate.get(updateId)?.push(feature);
  return byUpdate;
}

const totalSize = (files: UpdateFileRow[]) => files.reduce((sum, file) => sum + file.size, 0);

async function presentUpdates(executor: Executor, rows: UpdateSelection[]): Promise<Update[]> {
  const files = await filesOf(executor, rows.map((row) => row.update.id));
  const required = await requiredFeaturesOf(executor, rows.map((row) => row.update.id));
  return rows.map(({ update, creatorFirstname, creatorLastname, verifiedLicenses }) => {
    const own = files.get(update.id) ?? [];
    return {
      id: update.id,
      status: update.status,
      version: update.version,
      type: update.type,
      header: update.header,
      changeLog: update.changeLog,
      commands: update.commands,
      files: own.map(presentFile),
      totalSize: totalSize(own),
      createdAt: iso(update.createdAt),
      updatedAt: iso(update.updatedAt),
      publishedAt: update.publishedAt ? iso(update.publishedAt) : null,
      createdBy: update.createdBy ? { id: update.createdBy, name: fullName(creatorFirstname ?? "", creatorLastname ?? "") } : null,
      verifiedLicenses,
      channel: update.channel,
      requiredFeatures: required.get(update.id) ?? [],
      yankedAt: update.yankedAt ? iso(update.yankedAt) : null,
    };
  });
}

const listSortColumns = { version: updates.versionKey, createdAt: updates.createdAt, publishedAt: updates.publishedAt } as const;

export function listUpdates(db: Database, query: UpdateListQuery): Promise<Page<Update>> {
  const filters: (SQL | undefined)[] = [];
  if (query.status) filters.push(eq(updates.status, query.status));
  if (query.channel) filters.push(eq(updates.channel, query.channel));
  if (query.yanked !== undefined) filters.push(query.yanked ? sql`${updates.yankedAt} is not null` : isNull(updates.yankedAt));
  if (query.q) {
    const pattern = containsPattern(query.q);
    filters.push(or(sql`${updates.version} ilike ${pattern}`, sql`${updates.header} ilike ${pattern}`));
  }
  const where = and(...filters);
  const { limit, offset } = pageWindow(query);
  return toPageOf(
    query,
    updateSelect(db)
      .where(where)
      .orderBy(...pageOrder(query.order, listSortColumns[query.sort], updates.id))
      .limit(limit)
      .offset(offset),
    db.select(countRows()).from(updates).where(where),
    (rows) => presentUpdates(db, rows),
  );
}

export async function getUpdate(executor: Executor, id: string): Promise<Update> {
  const rows = await updateSelect(executor).where(eq(updates.id, id)).limit(1);
  if (rows.length === 0) throw new AppError("update/not_found");
  const [update] = await presentUpdates(executor, rows);
  return update!;
}

/**
 * The licences the history lists for each published update: every licence that is not deactivated,
 * and a deactivated one while it is still verified (so it can be taken back). Customers and
 * administrators see the same set, so a customer's status reads the same on both sides.
 */
const listedLicense = sql`(${licenses.status} <> 'deactivated' or ${updateVerifications.licenseId} is not null)`;

/**
 * Update history: one row per published update and listed licence, with the customer's status for
 * that update counted over all of the customer's listed licences before any filter or page applies
 * (a window over the update and the customer), then filtered, sorted and paged in SQL.
 */
export async function listUpdateHistory(db: Database, viewer: Viewer, query: UpdateHistoryQuery): Promise<Page<UpdateHistoryRow>> {
  const withUnavailable = query.include === "unavailable";
  // Filters that keep or drop whole (update, customer) groups may go inside the window's query.
  const scope: (SQL | undefined)[] = [eq(updates.status, "published"), listedLicense];
  if (!viewer.isAdmin) scope.push(eq(licenses.ownerId, viewer.id));
  else if (query.userId) scope.push(eq(licenses.ownerId, query.userId));
  if (query.updateId) scope.push(eq(updates.id, query.updateId));
  const group = sql`partition by ${updates.id}, ${licenses.ownerId}`;
  const rows = db
    .select({
      updateId: sql<string>`${updates.id}`.as("update_id"),
      version: sql<string>`${updates.version}`.as("version"),
      versionKey: sql<string>`${updates.versionKey}`.as("version_key"),
      type: sql<"major" | "minor">`${updates.type}`.as("type"),
      header: sql<string>`${updates.header}`.as("header"),
      publishedAt: sql<Date | string>`${updates.publishedAt}`.as("published_at"),
      userId: sql<string>`${users.id}`.as("user_id"),
      userName: sql<string>`${users.userName}`.as("user_name"),
      firstname: sql<string>`${users.firstname}`.as("firstname"),
      lastname: sql<string>`${users.lastname}`.as("lastname"),
      licenseId: sql<string>`${licenses.id}`.as("license_id"),
      keyCompact: sql<string>`${licenses.keyCompact}`.as("key_compact"),
      channel: sql<UpdateRow["channel"]>`${updates.channel}`.as("channel"),
      yankedAt: sql<Date | string | null>`${updates.yankedAt}`.as("yanked_at"),
      licenseChannels: sql<string[] | string>`${licenses.channels}`.as("license_channels"),
      offered: sql<boolean>`${offeredEvenIfYanked}`.as("offered"),
      verified: sql<boolean>`${updateVerifications.licenseId} is not null`.as("verified"),
      licenseCount: sql<number>`count(*) over (${group})::int`.as("license_count"),
      verifiedCount: sql<number>`count(${updateVerifications.licenseId}) over (${group})::int`.as("verified_count"),
    })
    .from(updates)
    .crossJoin(licenses)
    .innerJoin(users, eq(users.id, licenses.ownerId))
    .leftJoin(updateVerifications, and(eq(updateVerifications.updateId, updates.id), eq(updateVerifications.licenseId, licenses.id)))
    .where(and(...scope))
    .as("history");

  const filters: SQL[] = [];
  // A customer's rows: the updates each licence is offered (a yanked one it had stays, "Withdrawn");
  // with include=unavailable also the published, not yanked ones it is not offered, with reasons.
  // Filtered outside the window, so `customerStatus` counts as the administrators' rows do.
  if (!viewer.isAdmin) filters.push(withUnavailable ? sql`(${rows.offered} or ${rows.yankedAt} is null)` : sql`${rows.offered}`);
  if (query.status) filters.push(query.status === "verified" ? sql`${rows.verified}` : sql`not ${rows.verified}`);
  if (query.q) {
    const pattern = containsPattern(query.q);
    const compactKey = containsPattern(query.q.toUpperCase().replace(/[\s-]/g, ""));
    filters.push(
      sql`(${rows.keyCompact} like ${compactKey} or ${rows.userName} ilike ${pattern} or (${rows.firstname} || ' ' || ${rows.lastname}) ilike ${pattern} or ${rows.version} ilike ${pattern})`,
    );
  }
  const where = and(...filters);
  const sortColumns = {
    version: sql`${rows.versionKey}`,
    publishedAt: sql`${rows.publishedAt}`,
    userName: sql`lower(${rows.userName})`,
    customer: sql`lower(${rows.firstname} || ' ' || ${rows.lastname})`,
    licenseKey: sql`${rows.keyCompact}`,
    status: sql`${rows.verified}`,
  } as const;
  const direction = query.order === "asc" ? asc : desc;
  const { limit, offset } = pageWindow(query);
  return toPageOf(
    query,
    db
      .select()
      .from(rows)
      .where(where)
      .orderBy(direction(sortColumns[query.sort]), direction(sql`${rows.updateId}`), direction(sql`${rows.licenseId}`))
      .limit(limit)
      .offset(offset),
    db.select(countRows()).from(rows).where(where),
    async (found) => {
      const reasons = withUnavailable ? await unavailableReasonsOf(db, found) : undefined;
      return found.map((row) => ({
        updateId: row.updateId,
        version: row.version,
        type: row.type,
        header: row.header,
        publishedAt: iso(row.publishedAt),
        userId: row.userId,
        userName: row.userName,
        customer: fullName(row.firstname, row.lastname),
        licenseId: row.licenseId,
        licenseKey: formatLicenseKey(row.keyCompact),
        status: row.verified ? "verified" : "not_verified",
        customerStatus: row.verifiedCount === 0 ? "not_verified" : row.verifiedCount === row.licenseCount ? "verified" : "partially_verified",
        channel: row.channel,
        available: row.offered && row.yankedAt === null,
        yankedAt: row.yankedAt === null ? null : iso(row.yankedAt),
        ...(reasons ? { unavailableReasons: reasons.get(`${row.updateId}/${row.licenseId}`) ?? [] } : {}),
      }));
    },
  );
}

/**
 * Why each (update, licence) of a history page is not offered (include=unavailable): the channel it
 * does not follow, the required features it lacks; [] for an offered one (a yanked one it had too).
 * Reads the page's required features and licence features: at most a page of each.
 */
async function unavailableReasonsOf(
  db: Database,
  rows: { updateId: string; licenseId: string; channel: UpdateRow["channel"]; licenseChannels: string[] | string; offered: boolean }[],
): Promise<Map<string, UnavailableReason[]>> {
  const reasons = new Map<string, UnavailableReason[]>();
  const open = rows.filter((row) => !row.offered);
  if (open.length === 0) return reasons;
  const required = await requiredFeaturesOf(db, [...new Set(open.map((row) => row.updateId))]);
  const held = new Map<string, Set<string>>();
  const licenseIds = [...new Set(open.map((row) => row.licenseId))];
  for (const { licenseId, featureId } of await db
    .select({ licenseId: licenseFeatures.licenseId, featureId: licenseFeatures.featureId })
    .from(licenseFeatures)
    .where(inArray(licenseFeatures.licenseId, licenseIds))) {
    held.set(licenseId, (held.get(licenseId) ?? new Set()).add(featureId));
  }
  for (const row of open) {
    const channels = Array.isArray(row.licenseChannels) ? row.licenseChannels : parseTextArray(row.licenseChannels);
    const own = held.get(row.licenseId) ?? new Set<string>();
    const why: UnavailableReason[] = channels.includes(row.channel) ? [] : [{ kind: "channel", channel: row.channel }];
    for (const feature of required.get(row.updateId) ?? []) {
      if (!own.has(feature.id)) why.push({ kind: "feature", featureId: feature.id, featureName: feature.name, featureCode: feature.code });
    }
    reasons.set(`${row.updateId}/${row.licenseId}`, why);
  }
  return reasons;
}

/** A text[] as a driver may hand it back from a subquery's column: a PostgreSQL array literal of plain words. */
function parseTextArray(literal: string): string[] {
  return literal.replace(/^\{|\}$/g, "").split(",").filter((item) => item !== "").map((item) => item.replace(/^"|"$/g, ""));
}

/**
 * What a licence token may take: published, not yanked, offered to its licence (verified by hand, or
 * its channel and required features) and within its access window (access-window.ts), above the
 * installed version when it is known; newest first. Beside it, the updates within the window its
 * licence is not offered (another channel, a missing feature): verifying one by hand would make it
 * available, whereas an update outside the window, or yanked, stays out of both lists.
 */
export async function availableUpdates(db: Database, licenseId: string, installedVersion: string | null): Promise<AvailableUpdates> {
  const installedKey = installedVersionKey(installedVersion);
  const newer = and(eq(updates.status, "published"), installedKey ? gt(updates.versionKey, installedKey) : undefined);
  const rows = await db.select().from(updates).where(and(newer, accessThrough(eq(licenses.id, licenseId)).available)).orderBy(desc(updates.versionKey));
  const awaiting = await db
    .select({ id: updates.id, version: updates.version, publishedAt: updates.publishedAt })
    .from(updates)
    .where(and(newer, isNull(updates.yankedAt), not(offeredTo(licenseId)), windowAdmits(licenseId)))
    .orderBy(desc(updates.versionKey));
  const files = await filesOf(db, rows.map((row) => row.id));
  return {
    licenseId,
    installedVersion,
    awaitingVerification: awaiting.map((row) => ({ id: row.id, version: row.version!, publishedAt: iso(row.publishedAt!) })),
    items: rows.map((row) => {
      const own = files.get(row.id) ?? [];
      return {
        id: row.id,
        version: row.version!,
        type: row.type!,
        header: row.header!,
        changeLog: row.changeLog!,
        publishedAt: iso(row.publishedAt!),
        files: own.map(presentFile),
        totalSize: totalSize(own),
        channel: row.channel,
      };
    }),
  };
}

/** Who downloads: an administrator, a logged-in customer (through any of their licences in force), or one licence's token. */
export type Downloader = { kind: "admin" } | { kind: "customer"; userId: string } | { kind: "license"; licenseId: string };

/**
 * The update and its files, if this downloader may take it. An update none of its licences in force is
 * offered (a draft, an unknown id, another customer's, another channel, a missing required feature)
 * is `404 update/not_found`, as if it did not exist; one they had but that was yanked is
 * `410 update/yanked`; one they are offered but that lies outside every one's access window
 * (published after a `perpetual_fallback` licence expired) is `403 update/outside_access_window`.
 */
export async function findDownloadable(db: Database, downloader: Downloader, updateId: string): Promise<{ update: UpdateRow; files: UpdateFileRow[] }> {
  const rows = await downloadableStatement(db, downloader.kind).execute({
    updateId,
    downloaderId: downloader.kind === "license" ? downloader.licenseId : downloader.kind === "customer" ? downloader.userId : "",
  });
  const [found] = rows;
  if (!found) throw new AppError("update/not_found");
  // Withdrawn: gone from every download, an administrator's too.
  if (found.update.yankedAt) throw new AppError("update/yanked");
  if (!found.available) throw new AppError("update/outside_access_window");
  return { update: found.update, files: rows.flatMap((row) => (row.file ? [row.file] : [])) };
}

/**
 * The update with its files (one row per file, in order) and whether the downloader may have it: one
 * named statement per kind of downloader, since every ranged request of a download asks it again.
 */
const downloadableStatement = (db: Database, kind: Downloader["kind"]) =>
  preparedStatement(db, "update_downloadable", { kind }, (shape, name) => {
    const downloaderId = sql.placeholder("downloaderId");
    // The licences it may take an update through (access-window.ts); none to pick for an administrator, who may take any.
    const access =
      shape.kind === "admin" ? undefined : accessThrough(shape.kind === "license" ? eq(licenses.id, downloaderId) : eq(licenses.ownerId, downloaderId));
    return db
      .select({ update: updates, file: updateFiles, available: access ? sql<boolean>`${access.available}` : sql<boolean>`true` })
      .from(updates)
      .leftJoin(updateFiles, eq(updateFiles.updateId, updates.id))
      .where(and(eq(updates.id, sql.placeholder("updateId")), access ? access.had : undefined))
      .orderBy(asc(updateFiles.position))
      .prepare(name);
  });
