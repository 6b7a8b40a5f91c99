import { and, asc, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import {
  CUSTOM_PLAN_CURRENCY,
  CUSTOM_PLAN_DEFAULTS,
  type CurrentPlan,
  type CustomPlanResult,
  type SelectedPlan,
  type Page,
  type Plan,
  type planBodySchema,
  type planListQuerySchema,
} from "@portal/contract";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import {
  features,
  planFeatures,
  planSelections,
  planServices,
  plans,
  services,
  type FeatureRow,
  type PlanRow,
  type ServiceRow,
  type UserRow,
} from "../../db/schema/index.js";
import { AppError } from "../../lib/app-error.js";
import { isForeignKeyViolation } from "../../lib/db-errors.js";
import { toCents } from "../../lib/money.js";
import { containsPattern, countRows, pageOrder, pageWindow, toPageOf } from "../../lib/pagination.js";
import type { RequestContext } from "../../lib/request-context.js";
import { recordAudit } from "../../db/audit.js";
import { openOrder, type OrderSettings } from "../orders/index.js";
import { transactionWithWebhooks } from "../webhooks/index.js";
import { presentPlan } from "./catalogue.presenters.js";

type PlanInput = z.output<typeof planBodySchema>;
type PlanQuery = z.output<typeof planListQuerySchema>;

const sortColumns = { name: plans.name, price: plans.priceCents, createdAt: plans.createdAt } as const;

/** Loads the features and services of many plans in two queries, not two per plan. */
async function withContents(executor: Executor, rows: PlanRow[]): Promise<Plan[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // One after the other: the executor may be a transaction, whose single connection runs one query at a time.
  const featureLinks = await executor
    .select({ planId: planFeatures.planId, feature: features })
    .from(planFeatures)
    .innerJoin(features, eq(features.id, planFeatures.featureId))
    .where(inArray(planFeatures.planId, ids))
    .orderBy(asc(features.name));
  const serviceLinks = await executor
    .select({ planId: planServices.planId, service: services })
    .from(planServices)
    .innerJoin(services, eq(services.id, planServices.serviceId))
    .where(inArray(planServices.planId, ids))
    .orderBy(asc(services.name));
  const featuresOf = new Map<string, FeatureRow[]>();
  for (const link of featureLinks) featuresOf.set(link.planId, [...(featuresOf.get(link.planId) ?? []), link.feature]);
  const servicesOf = new Map<string, ServiceRow[]>();
  for (const link of serviceLinks) servicesOf.set(link.planId, [...(servicesOf.get(link.planId) ?? []), link.service]);
  return rows.map((row) => presentPlan(row, featuresOf.get(row.id) ?? [], servicesOf.get(row.id) ?? []));
}

/** Customers see active catalogue plans and their own custom plans; admins see every plan. */
function visibleTo(user: UserRow): SQL | undefined {
  if (user.isAdmin) return undefined;
  return or(and(isNull(plans.ownerId), eq(plans.active, true)), eq(plans.ownerId, user.id));
}

export async function listPlans(db: Database, user: UserRow, query: PlanQuery): Promise<Page<Plan>> {
  const filters: (SQL | undefined)[] = [isNull(plans.ownerId)];
  if (!user.isAdmin) filters.push(eq(plans.active, true));
  else if (query.active !== undefined) filters.push(eq(plans.active, query.active));
  if (query.q) filters.push(ilike(plans.name, containsPattern(query.q)));
  const where = and(...filters);
  const { limit, offset } = pageWindow(query);
  return toPageOf(
    query,
    db.select().from(plans).where(where).orderBy(...pageOrder(query.order, sortColumns[query.sort], plans.id)).limit(limit).offset(offset),
    db.select(countRows()).from(plans).where(where),
    (rows) => withContents(db, rows),
  );
}

async function findVisiblePlan(executor: Executor, user: UserRow, id: string): Promise<PlanRow> {
  const [row] = await executor.select().from(plans).where(and(eq(plans.id, id), visibleTo(user))).limit(1);
  if (!row) throw new AppError("catalogue/plan_not_found");
  return row;
}

export async function getPlan(db: Database, user: UserRow, id: string): Promise<Plan> {
  const [plan] = await withContents(db, [await findVisiblePlan(db, user, id)]);
  return plan!;
}

async function assertAllExist(executor: Executor, ids: string[], kind: "feature" | "service"): Promise<void> {
  if (ids.length === 0) return;
  const table = kind === "feature" ? features : services;
  const found = await executor.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  if (found.length !== ids.length) throw new AppError(kind === "feature" ? "catalogue/unknown_feature" : "catalogue/unknown_service");
}

async function replaceContents(tx: Executor, planId: string, featureIds: string[], serviceIds: string[]): Promise<void> {
  await assertAllExist(tx, featureIds, "feature");
  await assertAllExist(tx, serviceIds, "service");
  await tx.delete(planFeatures).where(eq(planFeatures.planId, planId));
  await tx.delete(planServices).where(eq(planServices.planId, planId));
  if (featureIds.length) await tx.insert(planFeatures).values(featureIds.map((featureId) => ({ planId, featureId })));
  if (serviceIds.length) await tx.insert(planServices).values(serviceIds.map((serviceId) => ({ planId, serviceId })));
}

function planColumns(input: PlanInput) {
  return {
    name: input.name,
    description: input.description,
    priceCents: toCents(input.price),
    currency: input.currency,
    billingPeriod: input.billingPeriod,
    durationDays: input.durationDays,
    maxActivations: input.maxActivations,
    maxReleasesPer30Days: input.maxReleasesPer30Days,
    trialDays: input.trialDays,
    floating: input.floating,
    heartbeatSeconds: input.heartbeatSeconds,
    expirationStrategy: input.expirationStrategy,
    offlineTtlDays: input.offlineTtlDays,
    channels: input.channels,
    active: input.active,
  };
}

export async function createPlan(db: Database, input: PlanInput, context: RequestContext): Promise<Plan> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(plans).values(planColumns(input)).returning();
    await replaceContents(tx, row!.id, input.featureIds, input.serviceIds);
    await recordAudit(tx, context, { action: "plan.created", targetType: "plan", targetId: row!.id, details: { name: input.name } });
    const [plan] = await withContents(tx, [row!]);
    return plan!;
  });
}

export async function updatePlan(db: Database, id: string, input: PlanInput, context: RequestContext): Promise<Plan> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(plans)
      .set({ ...planColumns(input), updatedAt: sql`now()` })
      .where(and(eq(plans.id, id), isNull(plans.ownerId)))
      .returning();
    if (!row) throw new AppError("catalogue/plan_not_found");
    await replaceContents(tx, id, input.featureIds, input.serviceIds);
    await recordAudit(tx, context, { action: "plan.updated", targetType: "plan", targetId: id, details: { name: input.name, active: input.active } });
    const [plan] = await withContents(tx, [row]);
    return plan!;
  });
}

export async function deletePlan(db: Database, id: string, context: RequestContext): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx.delete(plans).where(and(eq(plans.id, id), isNull(plans.ownerId))).returning({ name: plans.name });
      if (!row) throw new AppError("catalogue/plan_not_found");
      await recordAudit(tx, context, { action: "plan.deleted", targetType: "plan", targetId: id, details: { name: row.name } });
    });
  } catch (error) {
    // Selections, requests and licences hold their plan with ON DELETE RESTRICT.
    if (isForeignKeyViolation(error)) throw new AppError("catalogue/plan_in_use");
    throw error;
  }
}

export async function getCurrentPlan(executor: Executor, user: UserRow): Promise<CurrentPlan> {
  const [selection] = await executor
    .select({ plan: plans, selectedAt: planSelections.selectedAt })
    .from(planSelections)
    .innerJoin(plans, eq(plans.id, planSelections.planId))
    .where(eq(planSelections.userId, user.id))
    .limit(1);
  if (!selection) return { plan: null, selectedAt: null };
  const [plan] = await withContents(executor, [selection.plan]);
  return { plan: plan!, selectedAt: selection.selectedAt.toISOString() };
}

async function recordSelection(tx: Executor, user: UserRow, plan: PlanRow, context: RequestContext): Promise<void> {
  await tx
    .insert(planSelections)
    .values({ userId: user.id, planId: plan.id })
    .onConflictDoUpdate({ target: planSelections.userId, set: { planId: plan.id, selectedAt: sql`now()` } });
  await recordAudit(tx, context, { action: "plan.selected", targetType: "plan", targetId: plan.id, details: { name: plan.name } });
}

type PlanOrderSettings = Pick<OrderSettings, "taxRates" | "mailing">;

/** The chosen plan becomes the user's plan, and a pending order for one licence of it waits for the team's offer. */
export async function selectPlan(db: Database, user: UserRow, id: string, context: RequestContext, settings: PlanOrderSettings): Promise<SelectedPlan> {
  const selected = await transactionWithWebhooks(db, settings.mailing, async (tx, webhooks) => {
    const plan = await findVisiblePlan(tx, user, id);
    if (!plan.active) throw new AppError("catalogue/plan_not_found");
    await recordSelection(tx, user, plan, context);
    const order = await openOrder(tx, user, { planId: plan.id, quantity: 1 }, context, settings, webhooks);
    return { ...(await getCurrentPlan(tx, user)), orderId: order.id };
  });
  settings.mailing.wake();
  return selected;
}

/** A private plan whose price is the sum of the chosen features; it becomes the customer's plan, with a pending order for it. */
export async function createCustomPlan(db: Database, user: UserRow, featureIds: string[], context: RequestContext, settings: PlanOrderSettings): Promise<CustomPlanResult> {
  const created = await transactionWithWebhooks(db, settings.mailing, async (tx, webhooks) => {
    const chosen = await tx.select().from(features).where(inArray(features.id, featureIds));
    if (chosen.length !== featureIds.length) throw new AppError("catalogue/unknown_feature");
    const [row] = await tx
      .insert(plans)
      .values({
        name: "Custom plan",
        description: chosen.map((feature) => feature.name).sort().join(", "),
        priceCents: chosen.reduce((sum, feature) => sum + feature.priceCents, 0),
        currency: CUSTOM_PLAN_CURRENCY,
        ...CUSTOM_PLAN_DEFAULTS,
        active: true,
        ownerId: user.id,
      })
      .returning();
    await tx.insert(planFeatures).values(featureIds.map((featureId) => ({ planId: row!.id, featureId })));
    await recordAudit(tx, context, { action: "plan.custom_created", targetType: "plan", targetId: row!.id, details: { featureIds } });
    await recordSelection(tx, user, row!, context);
    const order = await openOrder(tx, user, { planId: row!.id, quantity: 1 }, context, settings, webhooks);
    const [plan] = await withContents(tx, [row!]);
    return { ...plan!, orderId: order.id };
  });
  settings.mailing.wake();
  return created;
}
