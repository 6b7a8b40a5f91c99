import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { BillingAddress, Page, PaymentMethod, PaymentMethodBody, billingAddressBodySchema } from "@portal/contract";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import { billingAddresses, paymentMethods, type PaymentMethodRow } from "../../db/schema/index.js";
import { AppError } from "../../lib/app-error.js";
import type { RequestContext } from "../../lib/request-context.js";
import { recordAudit } from "../../db/audit.js";
import { retaxPendingOrders } from "../orders/index.js";

type AddressInput = z.output<typeof billingAddressBodySchema>;

export function presentPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    holderName: row.holderName,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listPaymentMethods(db: Database, ownerId: string): Promise<Page<PaymentMethod>> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.ownerId, ownerId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt));
  return { items: rows.map(presentPaymentMethod), total: rows.length, page: 1, pageSize: Math.max(rows.length, 1) };
}

async function clearDefault(tx: Executor, ownerId: string): Promise<void> {
  await tx.update(paymentMethods).set({ isDefault: false }).where(and(eq(paymentMethods.ownerId, ownerId), eq(paymentMethods.isDefault, true)));
}

/** Stores what may be shown again; the first card, or one marked so, becomes the default. */
export async function addPaymentMethod(db: Database, ownerId: string, input: PaymentMethodBody, context: RequestContext): Promise<PaymentMethod> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payment-methods:${ownerId}`}))`);
    const [existing] = await tx.select({ count: sql<number>`count(*)::int` }).from(paymentMethods).where(eq(paymentMethods.ownerId, ownerId));
    const makeDefault = input.isDefault === true || (existing?.count ?? 0) === 0;
    if (makeDefault) await clearDefault(tx, ownerId);
    const [row] = await tx
      .insert(paymentMethods)
      .values({
        ownerId,
        holderName: input.holderName,
        brand: input.brand,
        last4: input.last4,
        expMonth: input.expMonth,
        expYear: input.expYear,
        isDefault: makeDefault,
      })
      .returning();
    await recordAudit(tx, context, {
      action: "payment_method.added",
      targetType: "payment_method",
      targetId: row!.id,
      details: { brand: input.brand, last4: input.last4 },
    });
    return presentPaymentMethod(row!);
  });
}

export async function deletePaymentMethod(db: Database, ownerId: string, id: string, context: RequestContext): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payment-methods:${ownerId}`}))`);
    const [removed] = await tx
      .delete(paymentMethods)
      .where(and(eq(paymentMethods.id, id), eq(paymentMethods.ownerId, ownerId)))
      .returning();
    if (!removed) throw new AppError("common/not_found");
    if (removed.isDefault) {
      // The newest remaining card takes over as default.
      const [next] = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(and(eq(paymentMethods.ownerId, ownerId), ne(paymentMethods.id, id)))
        .orderBy(desc(paymentMethods.createdAt))
        .limit(1);
      if (next) await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, next.id));
    }
    await recordAudit(tx, context, {
      action: "payment_method.removed",
      targetType: "payment_method",
      targetId: id,
      details: { brand: removed.brand, last4: removed.last4 },
    });
  });
}

export async function getBillingAddress(db: Database, userId: string): Promise<BillingAddress> {
  const [row] = await db.select().from(billingAddresses).where(eq(billingAddresses.userId, userId)).limit(1);
  if (!row) return null;
  const { userId: _owner, updatedAt, ...address } = row;
  return { ...address, updatedAt: updatedAt.toISOString() };
}

/** Saves the address; the customer's orders still waiting for an offer take its country's tax (`taxRates`, basis points). */
export async function saveBillingAddress(
  db: Database,
  userId: string,
  input: AddressInput,
  context: RequestContext,
  taxRates: ReadonlyMap<string, number>,
): Promise<BillingAddress> {
  const values = { ...input, line2: input.line2 ?? "" };
  await db.transaction(async (tx) => {
    await tx
      .insert(billingAddresses)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: billingAddresses.userId, set: { ...values, updatedAt: sql`now()` } });
    await recordAudit(tx, context, { action: "billing_address.saved", targetType: "user", targetId: userId, details: { country: input.country } });
    await retaxPendingOrders(tx, userId, input.country, taxRates);
  });
  return getBillingAddress(db, userId);
}
