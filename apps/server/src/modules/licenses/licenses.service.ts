import { and, desc, eq, gt, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { InstallationList, License, licenseListQuerySchema, Page, ReleaseChannel } from "@portal/contract";
import { channelsOf } from "../catalogue/index.js";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import { installations, licenses, licenseTokens, plans, type UserRow } from "../../db/schema/index.js";
import { AppError } from "../../lib/app-error.js";
import { containsPattern, countRows, pageOrder, rowsInPageOrder } from "../../lib/pagination.js";
import { readPreparedPage } from "../../db/pages.js";
import { preparedStatement } from "../../db/prepared.js";
import type { RequestContext } from "../../lib/request-context.js";
import { recordAudit } from "../../db/audit.js";
import { transactionWithWebhooks, type JobWaker } from "../webhooks/index.js";
import { licenseClaims, presentInstallation, presentLicense, presentLicenseInstallation, type LicenseRecord } from "./licenses.presenters.js";
import { findLicense, licenseSelect } from "./licenses.queries.js";
import { holdsSeat } from "./license-policy.js";

type LicenseQuery = z.output<typeof licenseListQuerySchema>;

/** How long a licence file may be trusted offline before the product should fetch a fresh one. */
export const LICENSE_FILE_TTL_SECONDS = 30 * 24 * 60 * 60;

const sortColumns = {
  issuedAt: licenses.issuedAt,
  expiresAt: licenses.expiresAt,
  status: licenses.status,
  planName: plans.name,
} as const;

const visibleTo = (user: UserRow): SQL | undefined => (user.isAdmin ? undefined : eq(licenses.ownerId, user.id));

/** What a licence list's statements depend on, besides values: the same shape, the same SQL. */
interface ListShape extends Record<string, string | boolean> {
  ownOnly: boolean;
  status: boolean;
  projectId: boolean;
  ownerId: boolean;
  type: boolean;
  q: boolean;
}

function listWhere(shape: ListShape): SQL | undefined {
  return and(
    shape.ownOnly ? eq(licenses.ownerId, sql.placeholder("viewerId")) : undefined,
    shape.status ? eq(licenses.status, sql.placeholder("status")) : undefined,
    shape.projectId ? eq(licenses.projectId, sql.placeholder("projectId")) : undefined,
    shape.ownerId ? eq(licenses.ownerId, sql.placeholder("ownerId")) : undefined,
    shape.type ? eq(licenses.type, sql.placeholder("type")) : undefined,
    shape.q ? sql`(${licenses.keyCompact} like ${sql.placeholder("keyPattern")} or ${plans.name} ilike ${sql.placeholder("namePattern")})` : undefined,
  );
}

export async function listLicenses(db: Database, user: UserRow, query: LicenseQuery): Promise<Page<License>> {
  const shape: ListShape = {
    ownOnly: !user.isAdmin,
    status: Boolean(query.status),
    projectId: Boolean(query.projectId),
    ownerId: Boolean(query.ownerId && user.isAdmin),
    type: Boolean(query.type),
    q: Boolean(query.q),
  };
  const values = {
    viewerId: user.id,
    status: query.status,
    projectId: query.projectId,
    ownerId: query.ownerId,
    type: query.type,
    keyPattern: query.q && containsPattern(query.q.toUpperCase().replace(/[\s-]/g, "")),
    namePattern: query.q && containsPattern(query.q),
  };
  // The page's ids first (index-only), then its rows: sorted by plan name, the planner sorts a plan's
  // worth of licences, and joining owners and projects to all of them before the sort cost 60 ms at
  // size; sorting the ids alone costs 7. Two statements, because the ids' one has LIMIT and OFFSET
  // as parameters and is planned on each call (cheaply: one table, or two), while the rows' one
  // keeps its plan: planned together they took 0.6 ms a call.
  return readPreparedPage(db, query, {
    kind: "licenses",
    shape,
    values,
    count: (counted, name) => {
      // The plan's name is needed to count only when the search text may match it.
      const from = counted.q ? db.select(countRows()).from(licenses).innerJoin(plans, eq(plans.id, licenses.planId)) : db.select(countRows()).from(licenses);
      return from.where(listWhere(counted)).prepare(name);
    },
    page: (page, name) =>
      (page.sort === "planName" || page.q ? db.select({ id: licenses.id }).from(licenses).innerJoin(plans, eq(plans.id, licenses.planId)) : db.select({ id: licenses.id }).from(licenses))
        .where(listWhere(page))
        .orderBy(...pageOrder(page.direction, sortColumns[page.sort], licenses.id))
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset"))
        .prepare(name),
    present: async (ids) => (await rowsInPageOrder(ids, (wanted) => licensesById(db, wanted), (row) => row.license.id)).map(presentLicense),
  });
}

/** Licences by id, in no order (the page's ids were read with the viewer's filter), through one kept plan. */
function licensesById(db: Database, ids: string[]): Promise<LicenseRecord[]> {
  return preparedStatement(db, "licenses_by_id", {}, (_shape, name) =>
    licenseSelect(db).where(sql`${licenses.id} = any(${sql.placeholder("ids")}::uuid[])`).prepare(name),
  ).execute({ ids });
}

export async function findVisibleLicense(executor: Executor, user: UserRow, id: string): Promise<LicenseRecord> {
  const record = await findLicense(executor, and(eq(licenses.id, id), visibleTo(user)));
  if (!record) throw new AppError("common/not_found");
  return record;
}

export async function getLicense(db: Database, user: UserRow, id: string): Promise<License> {
  return presentLicense(await findVisibleLicense(db, user, id));
}

export async function setLicenseActive(db: Database, admin: UserRow, id: string, active: boolean, context: RequestContext, waker: JobWaker): Promise<License> {
  return transactionWithWebhooks(db, waker, async (tx, webhooks) => {
    const [current] = await tx.select().from(licenses).where(eq(licenses.id, id)).for("update").limit(1);
    if (!current) throw new AppError("common/not_found");
    if (active) {
      if (current.status !== "deactivated") throw new AppError("license/not_deactivated");
      const [{ live } = { live: 0 }] = await tx
        .select({ live: sql<number>`count(*)::int` })
        .from(installations)
        .where(and(eq(installations.licenseId, id), isNull(installations.releasedAt)));
      await tx.update(licenses).set({ status: live > 0 ? "active" : "not_activated", deactivatedAt: null }).where(eq(licenses.id, id));
    } else {
      if (current.status === "deactivated") return presentLicense((await findLicense(tx, eq(licenses.id, id)))!);
      await tx.update(licenses).set({ status: "deactivated", deactivatedAt: sql`now()` }).where(eq(licenses.id, id));
      // Tokens handed out by the .req flow stop working with the licence.
      await tx.delete(licenseTokens).where(eq(licenseTokens.licenseId, id));
    }
    await recordAudit(tx, context, { action: active ? "license.reactivated" : "license.deactivated", targetType: "license", targetId: id });
    return webhooks.emit(active ? "license.reactivated" : "license.deactivated", presentLicense((await findLicense(tx, eq(licenses.id, id)))!));
  });
}

/**
 * `PUT /licenses/{id}/channels` (admin): the release channels the licence follows from now on (API.md
 * "Release channels"). Audited with the channels before and after; setting the same ones changes
 * nothing and records nothing.
 */
export async function setLicenseChannels(db: Database, id: string, channels: ReleaseChannel[], context: RequestContext): Promise<License> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ channels: licenses.channels }).from(licenses).where(eq(licenses.id, id)).for("update").limit(1);
    if (!current) throw new AppError("common/not_found");
    const before = channelsOf(current.channels);
    if (before.length !== channels.length || before.some((channel, at) => channel !== channels[at])) {
      await tx.update(licenses).set({ channels }).where(eq(licenses.id, id));
      await recordAudit(tx, context, { action: "license.channels_changed", targetType: "license", targetId: id, details: { from: before, to: channels } });
    }
    return presentLicense((await findLicense(tx, eq(licenses.id, id)))!);
  });
}

/** Releases by the customer in the last 30 days count towards the plan's limit; an admin's do not. */
async function customerReleasesLast30Days(executor: Executor, licenseId: string): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(installations)
    .where(
      and(
        eq(installations.licenseId, licenseId),
        isNotNull(installations.releasedAt),
        eq(installations.releasedByAdmin, false),
        gt(installations.releasedAt, sql`now() - interval '30 days'`),
      ),
    );
  return row?.count ?? 0;
}

export async function listInstallations(db: Database, user: UserRow, licenseId: string): Promise<InstallationList> {
  const record = await findVisibleLicense(db, user, licenseId);
  const rows = await db
    .select()
    .from(installations)
    .where(and(eq(installations.licenseId, licenseId), isNull(installations.releasedAt)))
    // Seats held first (on a floating licence, lapsed and checked-in seats follow, marked by deadAt), then by last contact.
    .orderBy(desc(holdsSeat), desc(installations.lastSeenAt));
  return {
    items: rows.map(presentInstallation),
    releasesLast30Days: await customerReleasesLast30Days(db, licenseId),
    maxReleasesPer30Days: record.license.maxReleasesPer30Days,
  };
}

export async function releaseInstallation(
  db: Database,
  user: UserRow,
  licenseId: string,
  installationId: string,
  context: RequestContext,
  waker: JobWaker,
): Promise<InstallationList> {
  await transactionWithWebhooks(db, waker, async (tx, webhooks) => {
    const record = await findVisibleLicense(tx, user, licenseId);
    // Serialises releases of one licence so two at once cannot both slip under the limit.
    await tx.select({ id: licenses.id }).from(licenses).where(eq(licenses.id, licenseId)).for("update");
    const { floating } = record.license;
    // A floating seat is checked in (its lease ends now; the machine may take a seat again by validating):
    // not counted against the releases per 30 days, no released_at.
    if (!floating && !user.isAdmin && (await customerReleasesLast30Days(tx, licenseId)) >= record.license.maxReleasesPer30Days) {
      throw new AppError("license/release_limit");
    }
    const [released] = await tx
      .update(installations)
      .set(
        floating
          ? { leaseExpiresAt: sql`least(${installations.leaseExpiresAt}, now())`, deadAt: sql`coalesce(${installations.deadAt}, now())` }
          : { releasedAt: sql`now()`, releasedBy: user.id, releasedByAdmin: user.isAdmin },
      )
      .where(and(eq(installations.id, installationId), eq(installations.licenseId, licenseId), isNull(installations.releasedAt)))
      .returning();
    if (!released) throw new AppError("common/not_found");
    await tx.delete(licenseTokens).where(eq(licenseTokens.installationId, installationId));
    await recordAudit(tx, context, {
      action: "license.installation_released",
      targetType: "license",
      targetId: licenseId,
      details: { installationId, fingerprint: released.fingerprint, byAdmin: user.isAdmin, ...(floating ? { floating: true } : {}) },
    });
    await webhooks.emitLazily("installation.released", async () => presentLicenseInstallation((await findLicense(tx, eq(licenses.id, licenseId)))!, released));
  });
  return listInstallations(db, user, licenseId);
}

export interface BoundInstallation {
  fingerprint: string;
  nonce?: string;
}

export function licenseFilePayload(record: LicenseRecord, installation: BoundInstallation | null, now = new Date(), ttl = LICENSE_FILE_TTL_SECONDS) {
  return {
    meta: {
      issued: now.toISOString(),
      expiry: new Date(now.getTime() + ttl * 1000).toISOString(),
      ttl,
    },
    license: licenseClaims(record),
    installation,
  };
}
