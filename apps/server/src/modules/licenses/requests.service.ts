import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import {
  CUSTOM_PLAN_CURRENCY,
  CUSTOM_PLAN_DEFAULTS,
  type LicenseRequest,
  type licenseRequestBodySchema,
  type licenseRequestListQuerySchema,
  type licenseRequestPatchSchema,
  type Page,
} from "@portal/contract";
import type { z } from "zod";
import type { Database, Executor, Transaction } from "../../db/client.js";
import {
  features,
  licenseFeatures,
  licenseRequestFeatures,
  licenseRequests,
  licenses,
  planFeatures,
  plans,
  projects,
  users,
  type LicenseRequestRow,
  type UserRow,
} from "../../db/schema/index.js";
import { AppError } from "../../lib/app-error.js";
import { containsPattern, countRows, pageOrder, pageWindow, toPageOf } from "../../lib/pagination.js";
import type { RequestContext } from "../../lib/request-context.js";
import { recordAudit } from "../../db/audit.js";
import type { Mailing } from "../jobs/index.js";
import { notify } from "../notifications/index.js";
import { transactionWithWebhooks, type JobWaker, type WebhookEmitter } from "../webhooks/index.js";
import { newLicenseKey } from "./license-keys.js";
import { presentLicense } from "./licenses.presenters.js";
import { licenseSelect } from "./licenses.queries.js";
import { licensePolicyOf } from "./license-policy.js";

type RequestInput = z.output<typeof licenseRequestBodySchema>;
type RequestPatch = z.output<typeof licenseRequestPatchSchema>;
type RequestQuery = z.output<typeof licenseRequestListQuerySchema>;

const sortColumns = { createdAt: licenseRequests.createdAt, status: licenseRequests.status, quantity: licenseRequests.quantity } as const;

/** A customer's requests are theirs alone; an administrator sees every request. */
const visibleTo = (user: UserRow): SQL | undefined => (user.isAdmin ? undefined : eq(licenseRequests.requesterId, user.id));

async function present(executor: Executor, rows: LicenseRequestRow[]): Promise<LicenseRequest[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // One after the other: the executor may be a transaction, whose single connection runs one query at a time.
  const requesters = await executor.select().from(users).where(inArray(users.id, [...new Set(rows.map((row) => row.requesterId))]));
  const planRows = await executor
    .select({ id: plans.id, name: plans.name })
    .from(plans)
    .where(inArray(plans.id, rows.flatMap((row) => (row.planId ? [row.planId] : []))));
  const projectRows = await executor
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(inArray(projects.id, rows.flatMap((row) => (row.projectId ? [row.projectId] : []))));
  const featureRows = await executor
    .select({ requestId: licenseRequestFeatures.requestId, id: features.id, name: features.name })
    .from(licenseRequestFeatures)
    .innerJoin(features, eq(features.id, licenseRequestFeatures.featureId))
    .where(inArray(licenseRequestFeatures.requestId, ids))
    .orderBy(features.name);
  const issued = await executor.select({ id: licenses.id, requestId: licenses.requestId }).from(licenses).where(inArray(licenses.requestId, ids));
  return rows.map((row) => {
    const requester = requesters.find((user) => user.id === row.requesterId)!;
    return {
      id: row.id,
      status: row.status,
      planId: row.planId,
      planName: planRows.find((plan) => plan.id === row.planId)?.name ?? null,
      features: featureRows.filter((feature) => feature.requestId === row.id).map(({ id, name }) => ({ id, name })),
      projectId: row.projectId,
      projectName: projectRows.find((project) => project.id === row.projectId)?.name ?? null,
      quantity: row.quantity,
      note: row.note,
      durationDays: row.durationDays,
      maxActivations: row.maxActivations,
      rejectReason: row.rejectReason,
      requester: { id: requester.id, email: requester.email, firstname: requester.firstname, lastname: requester.lastname },
      createdAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      licenseIds: issued.filter((license) => license.requestId === row.id).map((license) => license.id),
    };
  });
}

async function presentOne(executor: Executor, row: LicenseRequestRow): Promise<LicenseRequest> {
  const [request] = await present(executor, [row]);
  return request!;
}

async function assertPlanRequestable(executor: Executor, user: UserRow, planId: string): Promise<void> {
  const [plan] = await executor
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.active, true), or(sql`${plans.ownerId} is null`, eq(plans.ownerId, user.id))))
    .limit(1);
  if (!plan) throw new AppError("catalogue/plan_not_found");
}

async function assertFeaturesExist(executor: Executor, featureIds: string[]): Promise<void> {
  const found = await executor.select({ id: features.id }).from(features).where(inArray(features.id, featureIds));
  if (found.length !== featureIds.length) throw new AppError("catalogue/unknown_feature");
}

async function replaceRequestFeatures(tx: Executor, requestId: string, featureIds: string[]): Promise<void> {
  await tx.delete(licenseRequestFeatures).where(eq(licenseRequestFeatures.requestId, requestId));
  if (featureIds.length) await tx.insert(licenseRequestFeatures).values(featureIds.map((featureId) => ({ requestId, featureId })));
}

/**
 * Writes a new pending request (its features too), its audit event and its webhook event in the
 * caller's transaction; answers the row and the request as the API presents it. The caller has
 * checked the plan, features and project.
 */
export async function insertLicenseRequest(
  tx: Executor,
  requester: Pick<UserRow, "id">,
  input: { planId?: string | null; featureIds?: string[] | null; projectId?: string | null; quantity: number; note?: string },
  context: RequestContext,
  webhooks: WebhookEmitter,
): Promise<{ row: LicenseRequestRow; presented: LicenseRequest }> {
  const [row] = await tx
    .insert(licenseRequests)
    .values({ requesterId: requester.id, planId: input.planId ?? null, projectId: input.projectId ?? null, quantity: input.quantity, note: input.note ?? "" })
    .returning();
  if (input.featureIds) await replaceRequestFeatures(tx, row!.id, input.featureIds);
  await recordAudit(tx, context, {
    action: "license_request.created",
    targetType: "license_request",
    targetId: row!.id,
    details: { planId: input.planId ?? null, featureIds: input.featureIds ?? null, quantity: input.quantity },
  });
  return { row: row!, presented: await webhooks.emit("license-request.created", await presentOne(tx, row!)) };
}

export async function createLicenseRequest(db: Database, user: UserRow, input: RequestInput, context: RequestContext, waker: JobWaker): Promise<LicenseRequest> {
  return transactionWithWebhooks(db, waker, async (tx, webhooks) => {
    if (input.planId) await assertPlanRequestable(tx, user, input.planId);
    if (input.featureIds) await assertFeaturesExist(tx, input.featureIds);
    if (input.projectId) {
      const [project] = await tx
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.id, input.projectId), eq(projects.ownerId, user.id)))
        .limit(1);
      if (!project) throw new AppError("common/not_found", { message: "The chosen project was not found." });
    }
    return (await insertLicenseRequest(tx, user, input, context, webhooks)).presented;
  });
}

export async function listLicenseRequests(db: Database, user: UserRow, query: RequestQuery): Promise<Page<LicenseRequest>> {
  const filters = [visibleTo(user)];
  if (query.status) filters.push(eq(licenseRequests.status, query.status));
  if (query.q) {
    const pattern = containsPattern(query.q);
    filters.push(
      sql`(${licenseRequests.note} ilike ${pattern} or exists (select 1 from ${users} where ${users.id} = ${licenseRequests.requesterId} and (${users.email} ilike ${pattern} or ${users.userName} ilike ${pattern})))`,
    );
  }
  const where = and(...filters);
  const { limit, offset } = pageWindow(query);
  return toPageOf(
    query,
    db.select().from(licenseRequests).where(where).orderBy(...pageOrder(query.order, sortColumns[query.sort], licenseRequests.id)).limit(limit).offset(offset),
    db.select(countRows()).from(licenseRequests).where(where),
    (rows) => present(db, rows),
  );
}

async function findRequest(executor: Executor, user: UserRow, id: string, forUpdate = false): Promise<LicenseRequestRow> {
  const query = executor.select().from(licenseRequests).where(and(eq(licenseRequests.id, id), visibleTo(user)));
  const [row] = await (forUpdate ? query.for("update") : query).limit(1);
  if (!row) throw new AppError("common/not_found");
  return row;
}

export async function getLicenseRequest(db: Database, user: UserRow, id: string): Promise<LicenseRequest> {
  return presentOne(db, await findRequest(db, user, id));
}

async function pendingForUpdate(tx: Transaction, user: UserRow, id: string): Promise<LicenseRequestRow> {
  const row = await findRequest(tx, user, id, true);
  if (row.status !== "pending") throw new AppError("license/not_pending");
  return row;
}

export async function patchLicenseRequest(db: Database, admin: UserRow, id: string, patch: RequestPatch, context: RequestContext): Promise<LicenseRequest> {
  return db.transaction(async (tx) => {
    const current = await pendingForUpdate(tx, admin, id);
    const requester = (await tx.select().from(users).where(eq(users.id, current.requesterId)))[0]!;
    if (patch.planId) await assertPlanRequestable(tx, requester, patch.planId);
    if (patch.featureIds) await assertFeaturesExist(tx, patch.featureIds);
    const changes: Partial<LicenseRequestRow> = {};
    if (patch.planId !== undefined) changes.planId = patch.planId;
    if (patch.featureIds !== undefined) changes.planId = null;
    if (patch.quantity !== undefined) changes.quantity = patch.quantity;
    if (patch.note !== undefined) changes.note = patch.note;
    if (patch.durationDays !== undefined) changes.durationDays = patch.durationDays;
    if (patch.maxActivations !== undefined) changes.maxActivations = patch.maxActivations;
    const [row] = await tx.update(licenseRequests).set({ ...changes, updatedAt: sql`now()` }).where(eq(licenseRequests.id, id)).returning();
    if (patch.featureIds !== undefined) await replaceRequestFeatures(tx, id, patch.featureIds);
    if (patch.planId !== undefined) await replaceRequestFeatures(tx, id, []);
    await recordAudit(tx, context, { action: "license_request.edited", targetType: "license_request", targetId: id, details: { changes: patch } });
    return presentOne(tx, row!);
  });
}

/**
 * Approves a pending request (locked by the caller) and issues its licences in the caller's
 * transaction: the plan's policy (a request for features first becomes the requester's own custom
 * plan), the audit event `license_request.approved` (with `details` added), the requester's
 * notification and the webhook events (`license.created` for each licence, then
 * `license-request.approved`). An approved request and a paid order both issue through here.
 */
export async function issueRequestLicenses(
  tx: Transaction,
  admin: Pick<UserRow, "id">,
  request: LicenseRequestRow,
  context: RequestContext,
  publicUrl: string,
  webhooks: WebhookEmitter,
  details: Record<string, unknown> = {},
): Promise<{ row: LicenseRequestRow; presented: LicenseRequest; licenseIds: string[] }> {
  const id = request.id;
  const requester = (await tx.select().from(users).where(eq(users.id, request.requesterId)))[0]!;

  let planId = request.planId;
  if (!planId) {
    // A request for chosen features becomes the requester's own custom plan.
    const chosen = await tx
      .select({ feature: features })
      .from(licenseRequestFeatures)
      .innerJoin(features, eq(features.id, licenseRequestFeatures.featureId))
      .where(eq(licenseRequestFeatures.requestId, id));
    if (chosen.length === 0) throw new AppError("catalogue/unknown_feature");
    const [custom] = await tx
      .insert(plans)
      .values({
        name: "Custom plan",
        description: chosen.map(({ feature }) => feature.name).sort().join(", "),
        priceCents: chosen.reduce((sum, { feature }) => sum + feature.priceCents, 0),
        currency: CUSTOM_PLAN_CURRENCY,
        ...CUSTOM_PLAN_DEFAULTS,
        ownerId: requester.id,
      })
      .returning({ id: plans.id });
    await tx.insert(planFeatures).values(chosen.map(({ feature }) => ({ planId: custom!.id, featureId: feature.id })));
    planId = custom!.id;
  }
  const [plan] = await tx.select().from(plans).where(eq(plans.id, planId)).limit(1);
  if (!plan) throw new AppError("catalogue/plan_not_found");
  const planFeatureIds = (await tx.select({ id: planFeatures.featureId }).from(planFeatures).where(eq(planFeatures.planId, planId))).map((row) => row.id);

  const durationDays = request.durationDays ?? plan.durationDays;
  const issued = await tx
    .insert(licenses)
    .values(
      Array.from({ length: request.quantity }, () => ({
        keyCompact: newLicenseKey(),
        ownerId: requester.id,
        requestId: id,
        planId: planId!,
        projectId: request.projectId,
        expiresAt: sql`now() + make_interval(days => ${durationDays})`,
        maxActivations: request.maxActivations ?? plan.maxActivations,
        maxReleasesPer30Days: plan.maxReleasesPer30Days,
        ...licensePolicyOf(plan),
      })),
    )
    .returning({ id: licenses.id });
  if (planFeatureIds.length) {
    await tx.insert(licenseFeatures).values(issued.flatMap((license) => planFeatureIds.map((featureId) => ({ licenseId: license.id, featureId }))));
  }
  const [row] = await tx
    .update(licenseRequests)
    .set({ status: "approved", planId, decidedAt: sql`now()`, decidedBy: admin.id, updatedAt: sql`now()` })
    .where(eq(licenseRequests.id, id))
    .returning();
  const licenseIds = issued.map((license) => license.id);
  await recordAudit(tx, context, {
    action: "license_request.approved",
    targetType: "license_request",
    targetId: id,
    details: { licenseIds, planId, ...details },
  });
  if (await webhooks.listens("license.created")) {
    const records = await licenseSelect(tx).where(inArray(licenses.id, licenseIds));
    for (const licenseId of licenseIds) await webhooks.emit("license.created", presentLicense(records.find((record) => record.license.id === licenseId)!));
  }
  const presented = await webhooks.emit("license-request.approved", await presentOne(tx, row!));
  await notify(
    tx,
    requester,
    {
      type: "license_requests",
      title: "Your licence request was approved",
      body: `${issued.length} licence${issued.length === 1 ? "" : "s"} for ${plan.name} ${issued.length === 1 ? "is" : "are"} ready in your portal.`,
      link: "/my-licenses/purchased",
    },
    publicUrl,
  );
  return { row: row!, presented, licenseIds };
}

/** Issues every licence of the request in the same transaction that approves it. */
export async function approveLicenseRequest(db: Database, admin: UserRow, id: string, context: RequestContext, mailing: Mailing): Promise<LicenseRequest> {
  const approved = await transactionWithWebhooks(db, mailing, async (tx, webhooks) => {
    const request = await pendingForUpdate(tx, admin, id);
    return (await issueRequestLicenses(tx, admin, request, context, mailing.publicUrl, webhooks)).presented;
  });
  mailing.wake();
  return approved;
}

export async function rejectLicenseRequest(
  db: Database,
  admin: UserRow,
  id: string,
  reason: string,
  context: RequestContext,
  mailing: Mailing,
): Promise<LicenseRequest> {
  const rejected = await transactionWithWebhooks(db, mailing, async (tx, webhooks) => {
    const request = await pendingForUpdate(tx, admin, id);
    const requester = (await tx.select().from(users).where(eq(users.id, request.requesterId)))[0]!;
    const [row] = await tx
      .update(licenseRequests)
      .set({ status: "rejected", rejectReason: reason, decidedAt: sql`now()`, decidedBy: admin.id, updatedAt: sql`now()` })
      .where(eq(licenseRequests.id, id))
      .returning();
    await recordAudit(tx, context, { action: "license_request.rejected", targetType: "license_request", targetId: id, details: { reason } });
    await notify(
      tx,
      requester,
      { type: "license_requests", title: "Your licence request was rejected", body: `Reason: ${reason}`, link: "/my-licenses/requests" },
      mailing.publicUrl,
    );
    return webhooks.emit("license-request.rejected", await presentOne(tx, row!));
  });
  mailing.wake();
  return rejected;
}

export async function cancelLicenseRequest(db: Database, user: UserRow, id: string, context: RequestContext): Promise<LicenseRequest> {
  return db.transaction(async (tx) => {
    // Only the requester cancels; for anybody else the request does not exist.
    const [found] = await tx
      .select()
      .from(licenseRequests)
      .where(and(eq(licenseRequests.id, id), eq(licenseRequests.requesterId, user.id)))
      .for("update")
      .limit(1);
    if (!found) throw new AppError("common/not_found");
    if (found.status !== "pending") throw new AppError("license/not_pending");
    const [row] = await tx
      .update(licenseRequests)
      .set({ status: "cancelled", decidedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(licenseRequests.id, id))
      .returning();
    await recordAudit(tx, context, { action: "license_request.cancelled", targetType: "license_request", targetId: id });
    return presentOne(tx, row!);
  });
}

