import { inArray, asc } from "drizzle-orm";
import { formatOrderNumber, type Order } from "@portal/contract";
import type { Executor } from "../../db/client.js";
import { licenses, orderItemFeatures, orderItems, projects, users, type OrderRow } from "../../db/schema/index.js";
import { amountOf, fromBasisPoints } from "../../lib/money.js";

export const orderNumberOf = (row: Pick<OrderRow, "sequence">): string => formatOrderNumber(row.sequence);

export const customerName = (user: { firstname: string; lastname: string }): string => `${user.firstname} ${user.lastname}`.trim();

/** Offered, and its last moment has passed: it can no longer be accepted. */
export const offerExpired = (row: Pick<OrderRow, "status" | "validUntil">, now = new Date()): boolean =>
  row.status === "offered" && row.validUntil !== null && row.validUntil.getTime() < now.getTime();

/** Orders as the contract shows them: a handful of queries for the whole page, not a handful per order. */
export async function presentOrders(executor: Executor, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // One after the other: the executor may be a transaction, whose single connection runs one query at a time.
  const owners = await executor
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(rows.map((row) => row.userId))]));
  const items = await executor.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.orderId), asc(orderItems.position));
  const itemFeatures = items.length
    ? await executor.select().from(orderItemFeatures).where(inArray(orderItemFeatures.itemId, items.map((item) => item.id)))
    : [];
  const projectIds = rows.flatMap((row) => (row.projectId ? [row.projectId] : []));
  const projectRows = projectIds.length ? await executor.select({ id: projects.id, name: projects.name }).from(projects).where(inArray(projects.id, projectIds)) : [];
  const requestIds = rows.flatMap((row) => (row.licenseRequestId ? [row.licenseRequestId] : []));
  const issued = requestIds.length
    ? await executor.select({ id: licenses.id, requestId: licenses.requestId }).from(licenses).where(inArray(licenses.requestId, requestIds)).orderBy(asc(licenses.issuedAt), asc(licenses.id))
    : [];
  const now = new Date();
  return rows.map((row) => {
    const owner = owners.find((user) => user.id === row.userId)!;
    return {
      id: row.id,
      number: orderNumberOf(row),
      status: row.status,
      user: { id: owner.id, name: customerName(owner), email: owner.email },
      items: items
        .filter((item) => item.orderId === row.id)
        .map((item) => ({
          planId: item.planId,
          featureIds: itemFeatures.filter((link) => link.itemId === item.id).map((link) => link.featureId).sort(),
          description: item.description,
          quantity: item.quantity,
          unitPrice: amountOf(item.unitPriceCents),
          lineTotal: amountOf(item.unitPriceCents * item.quantity),
        })),
      currency: row.currency,
      subtotal: amountOf(row.subtotalCents),
      discountPercent: fromBasisPoints(row.discountBasisPoints),
      discountAmount: amountOf(row.discountCents),
      taxCountry: row.taxCountry,
      taxRate: fromBasisPoints(row.taxBasisPoints),
      taxAmount: amountOf(row.taxCents),
      total: amountOf(row.totalCents),
      billingAddress: row.billingAddress ?? null,
      projectId: row.projectId,
      projectName: projectRows.find((project) => project.id === row.projectId)?.name ?? null,
      note: row.note,
      offerMessage: row.offerMessage,
      validUntil: row.validUntil?.toISOString() ?? null,
      offerExpired: offerExpired(row, now),
      invoiceNumber: row.invoiceNumber,
      paymentReference: row.paymentReference,
      cancelReason: row.cancelReason,
      createdAt: row.createdAt.toISOString(),
      offeredAt: row.offeredAt?.toISOString() ?? null,
      acceptedAt: row.acceptedAt?.toISOString() ?? null,
      paidAt: row.paidAt?.toISOString() ?? null,
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
      licenseIds: issued.filter((license) => license.requestId === row.licenseRequestId && row.licenseRequestId !== null).map((license) => license.id),
    };
  });
}

export async function presentOrder(executor: Executor, row: OrderRow): Promise<Order> {
  const [order] = await presentOrders(executor, [row]);
  return order!;
}
