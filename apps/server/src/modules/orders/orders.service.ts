import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import {
  CUSTOM_PLAN_CURRENCY,
  formatInvoiceNumber,
  messageOf,
  orderAllows,
  portalLanguages,
  type Currency,
  type Order,
  type OrderAction,
  type orderBodySchema,
  type orderOfferBodySchema,
  type PortalLanguage,
} from "@portal/contract";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Database, Executor, Transaction } from "../../db/client.js";
import {
  billingAddresses,
  features,
  invoiceCounters,
  orderItemFeatures,
  orderItems,
  orders,
  plans,
  projects,
  userSettings,
  users,
  type OrderBillingAddressCopy,
  type OrderRow,
  type UserRow,
} from "../../db/schema/index.js";
import { recordAudit } from "../../db/audit.js";
import { AppError, FieldError } from "../../lib/app-error.js";
import type { MailAttachment } from "../../lib/mailer.js";
import { shareOf, toBasisPoints, toCents } from "../../lib/money.js";
import type { RequestContext } from "../../lib/request-context.js";
import type { Mailing } from "../jobs/index.js";
import { insertLicenseRequest, issueRequestLicenses } from "../licenses/index.js";
import { transactionWithWebhooks, type WebhookEmitter } from "../webhooks/index.js";
import { renderOrderDocument, type OrderDocument } from "./documents/index.js";
import { notifyAccepted, notifyCancelled, notifyOffered, notifyOrderPlaced, notifyPaid } from "./orders.notifications.js";
import { customerName, offerExpired, orderNumberOf, presentOrder } from "./orders.presenters.js";
import { findOrder } from "./orders.queries.js";

type OrderInput = z.output<typeof orderBodySchema>;
type OfferInput = z.output<typeof orderOfferBodySchema>;

/** What the orders service takes from the configuration and the app. */
export interface OrderSettings {
  /** Tax per billing country in basis points (`TAX_RATES`); a country not listed pays none. */
  taxRates: ReadonlyMap<string, number>;
  /** The seller printed on offers and invoices (`COMPANY_*`). */
  seller: OrderDocument["seller"];
  mailing: Mailing;
  /** Where a failure that does not stop the change is written (an offer PDF that would not render for the mail). */
  log: Pick<FastifyBaseLogger, "error">;
}

interface Line {
  planId: string | null;
  featureIds: string[];
  description: string;
  quantity: number;
  unitPriceCents: number;
}

interface Amounts {
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
}

/** Subtotal Σ quantity × unit price; the discount off it; the tax on what is left; all in cents, each share rounded half up. */
export function amountsOf(lines: Pick<Line, "quantity" | "unitPriceCents">[], discountBasisPoints: number, taxBasisPoints: number): Amounts {
  const subtotalCents = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  const discountCents = shareOf(subtotalCents, discountBasisPoints);
  const taxCents = shareOf(subtotalCents - discountCents, taxBasisPoints);
  return { subtotalCents, discountCents, taxCents, totalCents: subtotalCents - discountCents + taxCents };
}

const customerColumns = { id: users.id, email: users.email, firstname: users.firstname, lastname: users.lastname };
type Customer = { id: string; email: string; firstname: string; lastname: string };

async function customerOf(executor: Executor, order: Pick<OrderRow, "userId">): Promise<Customer> {
  const [customer] = await executor.select(customerColumns).from(users).where(eq(users.id, order.userId)).limit(1);
  return customer!;
}

async function billingAddressOf(executor: Executor, userId: string): Promise<OrderBillingAddressCopy | null> {
  const [row] = await executor.select().from(billingAddresses).where(eq(billingAddresses.userId, userId)).limit(1);
  if (!row) return null;
  return { line1: row.line1, line2: row.line2, city: row.city, postalCode: row.postalCode, country: row.country, taxLocation: row.taxLocation };
}

/** The tax of a billing address's country, in basis points; no address, or a country not configured: none. */
function taxOf(address: OrderBillingAddressCopy | null, settings: Pick<OrderSettings, "taxRates">): { taxCountry: string | null; taxBasisPoints: number } {
  if (!address) return { taxCountry: null, taxBasisPoints: 0 };
  return { taxCountry: address.country, taxBasisPoints: settings.taxRates.get(address.country) ?? 0 };
}

/** The lines of a new order: one for a plan the customer may choose, or one per chosen feature. */
async function linesFor(executor: Executor, user: Pick<UserRow, "id" | "isAdmin">, input: Pick<OrderInput, "planId" | "featureIds" | "quantity">): Promise<{ currency: Currency; lines: Line[] }> {
  if (input.planId) {
    const [plan] = await executor
      .select()
      .from(plans)
      .where(and(eq(plans.id, input.planId), eq(plans.active, true), user.isAdmin ? undefined : or(isNull(plans.ownerId), eq(plans.ownerId, user.id))))
      .limit(1);
    if (!plan) throw new AppError("catalogue/plan_not_found");
    // A custom plan is named after its features, as a features order's offer line is.
    const description = plan.ownerId ? `${plan.name}: ${plan.description}` : plan.name;
    return { currency: plan.currency, lines: [{ planId: plan.id, featureIds: [], description, quantity: input.quantity, unitPriceCents: plan.priceCents }] };
  }
  const featureIds = [...new Set(input.featureIds ?? [])];
  const chosen = featureIds.length ? await executor.select().from(features).where(inArray(features.id, featureIds)).orderBy(asc(features.name), asc(features.id)) : [];
  if (chosen.length === 0 || chosen.length !== featureIds.length) throw new AppError("catalogue/unknown_feature");
  return {
    currency: CUSTOM_PLAN_CURRENCY,
    lines: chosen.map((feature) => ({ planId: null, featureIds: [feature.id], description: feature.name, quantity: input.quantity, unitPriceCents: feature.priceCents })),
  };
}

async function writeLines(tx: Executor, orderId: string, lines: Line[]): Promise<void> {
  const written = await tx
    .insert(orderItems)
    .values(lines.map((line, position) => ({ orderId, position, planId: line.planId, description: line.description, quantity: line.quantity, unitPriceCents: line.unitPriceCents })))
    .returning({ id: orderItems.id, position: orderItems.position });
  const links = written.flatMap((item) => lines[item.position]!.featureIds.map((featureId) => ({ itemId: item.id, featureId })));
  if (links.length) await tx.insert(orderItemFeatures).values(links);
}

async function linesOf(executor: Executor, orderId: string): Promise<Line[]> {
  const items = await executor.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
  const links = items.length ? await executor.select().from(orderItemFeatures).where(inArray(orderItemFeatures.itemId, items.map((item) => item.id))) : [];
  return items.map((item) => ({
    planId: item.planId,
    featureIds: links.filter((link) => link.itemId === item.id).map((link) => link.featureId),
    description: item.description,
    quantity: item.quantity,
    unitPriceCents: item.unitPriceCents,
  }));
}

const summaryOf = (lines: Line[]) => {
  const quantity = lines[0]?.quantity ?? 1;
  const what = lines.map((line) => line.description).join(", ");
  return `${quantity} × ${what}`;
};

/**
 * Opens a `pending_offer` order in the caller's transaction, priced at the catalogue's prices with the
 * tax of the customer's billing address as it is today (none without one), tells the team and queues
 * `order.created`. The plan choice of the pricing pages calls this in its own transaction; wake the
 * mailer after the commit.
 */
export async function openOrder(
  tx: Transaction,
  user: UserRow,
  input: OrderInput,
  context: RequestContext,
  settings: Pick<OrderSettings, "taxRates" | "mailing">,
  webhooks: WebhookEmitter,
): Promise<OrderRow> {
  const { currency, lines } = await linesFor(tx, user, input);
  if (input.projectId) {
    const [project] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, input.projectId), eq(projects.ownerId, user.id)))
      .limit(1);
    if (!project) throw new AppError("common/not_found", { message: "The chosen project was not found." });
  }
  const tax = taxOf(await billingAddressOf(tx, user.id), settings);
  const [row] = await tx
    .insert(orders)
    .values({ userId: user.id, currency, ...amountsOf(lines, 0, tax.taxBasisPoints), ...tax, projectId: input.projectId ?? null, note: input.note ?? "" })
    .returning();
  await writeLines(tx, row!.id, lines);
  await recordAudit(tx, context, {
    action: "order.created",
    targetType: "order",
    targetId: row!.id,
    details: { number: orderNumberOf(row!), planId: input.planId ?? null, featureIds: input.featureIds ?? null, quantity: input.quantity },
  });
  await notifyOrderPlaced(tx, row!, user, summaryOf(lines), settings.mailing.publicUrl);
  await webhooks.emitLazily("order.created", () => presentOrder(tx, row!));
  return row!;
}

/**
 * Before the offer an order's amounts follow the customer's billing address as it is now: a saved
 * address re-taxes their orders still waiting for an offer, in the transaction that saves it (each
 * row locked by the update, so an offer being made meanwhile is waited for and then left alone).
 */
export async function retaxPendingOrders(tx: Executor, userId: string, country: string, taxRates: ReadonlyMap<string, number>): Promise<void> {
  const basisPoints = taxRates.get(country) ?? 0;
  // Half up, in integers, as shareOf: (amount × rate + 5000) / 10000.
  const tax = sql`((${orders.subtotalCents} - ${orders.discountCents}) * ${basisPoints}::int + 5000) / 10000`;
  await tx
    .update(orders)
    .set({
      taxCountry: country,
      taxBasisPoints: basisPoints,
      taxCents: sql`${tax}`,
      totalCents: sql`${orders.subtotalCents} - ${orders.discountCents} + ${tax}`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.userId, userId), eq(orders.status, "pending_offer")));
}

/** POST /orders: a customer orders a plan or features. The team makes the offer; an administrator orders nothing. */
export async function createOrder(db: Database, user: UserRow, input: OrderInput, context: RequestContext, settings: OrderSettings): Promise<Order> {
  if (user.isAdmin) throw new AppError("auth/forbidden", { message: "Orders are placed by customers; an administrator makes their offers." });
  const order = await transactionWithWebhooks(db, settings.mailing, async (tx, webhooks) => presentOrder(tx, await openOrder(tx, user, input, context, settings, webhooks)));
  settings.mailing.wake();
  return order;
}

function assertAllows(action: OrderAction, row: OrderRow): void {
  if (!orderAllows(action, row.status)) throw new AppError("order/invalid_transition");
}

/** A date alone is valid through its whole day (UTC); a moment is the last moment. */
function validUntilOf(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T23:59:59.999Z`) : new Date(value);
}

/** The language the customer reads the portal in: their documents are printed in it. */
async function languageOf(executor: Executor, userId: string): Promise<PortalLanguage> {
  const [settings] = await executor.select({ language: userSettings.language }).from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
  return (portalLanguages as readonly string[]).includes(settings?.language ?? "") ? (settings!.language as PortalLanguage) : "en";
}

/** Everything the offer (offered, accepted) or the invoice (paid) of this order prints; null before an offer and once cancelled. */
async function documentOf(executor: Executor, row: OrderRow, settings: Pick<OrderSettings, "seller">): Promise<OrderDocument | null> {
  const kind = row.status === "paid" ? "invoice" : row.status === "offered" || row.status === "accepted" ? "offer" : null;
  if (!kind || !row.billingAddress) return null;
  const customer = await customerOf(executor, row);
  const lines = await linesOf(executor, row.id);
  return {
    kind,
    language: await languageOf(executor, row.userId),
    orderNumber: orderNumberOf(row),
    invoiceNumber: kind === "invoice" ? row.invoiceNumber : null,
    issuedAt: (kind === "invoice" ? row.paidAt : row.offeredAt) ?? row.createdAt,
    validUntil: kind === "offer" ? row.validUntil : null,
    paymentReference: kind === "invoice" ? row.paymentReference : null,
    seller: settings.seller,
    buyer: { name: customerName(customer), email: customer.email, address: row.billingAddress },
    currency: row.currency,
    lines: lines.map((line) => ({ description: line.description, quantity: line.quantity, unitPriceCents: line.unitPriceCents, totalCents: line.quantity * line.unitPriceCents })),
    subtotalCents: row.subtotalCents,
    discountBasisPoints: row.discountBasisPoints,
    discountCents: row.discountCents,
    taxCountry: row.taxCountry,
    taxBasisPoints: row.taxBasisPoints,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    message: kind === "offer" ? row.offerMessage : null,
  };
}

/** The PDF's file name: "offer-O-000123.pdf" or "INV-2026-000001.pdf". */
const fileNameOf = (document: OrderDocument) => (document.kind === "invoice" ? `${document.invoiceNumber}.pdf` : `offer-${document.orderNumber}.pdf`);

/**
 * The team's offer: the negotiated price (a features order's lines become one "Custom plan: …"
 * line), a discount, the customer's billing address copied into the order with its country's tax,
 * the last day. Made again while still `offered`. The customer gets it with its PDF.
 */
export async function makeOffer(db: Database, admin: UserRow, id: string, input: OfferInput, context: RequestContext, settings: OrderSettings): Promise<Order> {
  const validUntil = validUntilOf(input.validUntil);
  if (!(validUntil.getTime() > Date.now())) throw new FieldError("body", "validUntil", messageOf("orders.validation.validUntilPast"));
  const offered = await transactionWithWebhooks(db, settings.mailing, async (tx, webhooks) => {
    const current = await findOrder(tx, admin, id, { forUpdate: true });
    assertAllows("offer", current);
    const address = await billingAddressOf(tx, current.userId);
    if (!address) throw new AppError("order/billing_address_required");

    let lines = await linesOf(tx, id);
    if (input.unitPrice !== undefined) {
      const unitPriceCents = toCents(input.unitPrice);
      if (lines.length === 1) {
        lines = [{ ...lines[0]!, unitPriceCents }];
      } else {
        const featureIds = lines.flatMap((line) => line.featureIds);
        const names = lines.map((line) => line.description).sort((a, b) => a.localeCompare(b, "en"));
        lines = [{ planId: null, featureIds, description: `Custom plan: ${names.join(", ")}`, quantity: lines[0]!.quantity, unitPriceCents }];
      }
      await tx.delete(orderItems).where(eq(orderItems.orderId, id));
      await writeLines(tx, id, lines);
    }
    const discountBasisPoints = toBasisPoints(input.discountPercent);
    const tax = taxOf(address, settings);
    const [row] = await tx
      .update(orders)
      .set({
        status: "offered",
        ...amountsOf(lines, discountBasisPoints, tax.taxBasisPoints),
        discountBasisPoints,
        ...tax,
        billingAddress: address,
        validUntil,
        offerMessage: input.message ? input.message : null,
        offeredAt: sql`now()`,
        offeredBy: admin.id,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, id))
      .returning();
    await recordAudit(tx, context, {
      action: "order.offered",
      targetType: "order",
      targetId: id,
      details: { number: orderNumberOf(row!), total: row!.totalCents, currency: row!.currency, discountBasisPoints, taxBasisPoints: tax.taxBasisPoints, validUntil: validUntil.toISOString() },
    });
    const document = (await documentOf(tx, row!, settings))!;
    let attachment: MailAttachment | null = null;
    try {
      const pdf = await renderOrderDocument(document);
      attachment = { filename: fileNameOf(document), contentType: "application/pdf", contentBase64: Buffer.from(pdf).toString("base64") };
    } catch (error) {
      // The PDF rides along for convenience: the offer stands, and the letter's link leads to it in the portal.
      settings.log.error({ err: error, orderId: id }, "offer PDF not rendered; the offer is mailed without it");
    }
    await notifyOffered(tx, row!, await customerOf(tx, row!), attachment, settings.mailing.publicUrl);
    return webhooks.emit("order.offered", await presentOrder(tx, row!));
  });
  settings.mailing.wake();
  return offered;
}

/** The customer accepts the offer while it is valid. */
export async function acceptOrder(db: Database, user: UserRow, id: string, context: RequestContext, settings: OrderSettings): Promise<Order> {
  const accepted = await transactionWithWebhooks(db, settings.mailing, async (tx, webhooks) => {
    // Accepting is the customer's act: for anybody else the order does not exist.
    const current = await findOrder(tx, user, id, { forUpdate: true, ownerOnly: true });
    assertAllows("accept", current);
    if (offerExpired(current)) throw new AppError("order/offer_expired");
    const [row] = await tx.update(orders).set({ status: "accepted", acceptedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(orders.id, id)).returning();
    await recordAudit(tx, context, { action: "order.accepted", targetType: "order", targetId: id, details: { number: orderNumberOf(row!) } });
    await notifyAccepted(tx, row!, await customerOf(tx, row!), settings.mailing.publicUrl);
    return webhooks.emit("order.accepted", await presentOrder(tx, row!));
  });
  settings.mailing.wake();
  return accepted;
}

/**
 * The payment arrived. One transaction: the year's next invoice number (the counter row's lock makes
 * concurrent mark-paids queue), a licence request for the order, approved and issued as an approved
 * request is (same policy, audit event and notification), the order paid with its invoice and licences.
 * Any failure rolls all of it back, the invoice number included.
 */
export async function markOrderPaid(db: Database, admin: UserRow, id: string, reference: string, context: RequestContext, settings: OrderSettings): Promise<Order> {
  const paid = await transactionWithWebhooks(db, settings.mailing, async (tx, webhooks) => {
    const current = await findOrder(tx, admin, id, { forUpdate: true });
    assertAllows("markPaid", current);
    const [counter] = await tx
      .insert(invoiceCounters)
      .values({ year: sql`extract(year from (now() at time zone 'UTC'))::int`, lastNumber: 1 })
      .onConflictDoUpdate({ target: invoiceCounters.year, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
      .returning();
    const invoiceNumber = formatInvoiceNumber(counter!.year, counter!.lastNumber);
    const number = orderNumberOf(current);

    const lines = await linesOf(tx, id);
    const planLine = lines.find((line) => line.planId !== null);
    const customer = await customerOf(tx, current);
    const { row: request } = await insertLicenseRequest(
      tx,
      customer,
      {
        planId: planLine?.planId ?? null,
        featureIds: planLine ? null : [...new Set(lines.flatMap((line) => line.featureIds))],
        projectId: current.projectId,
        quantity: lines[0]!.quantity,
        note: `Order ${number}`,
      },
      context,
      webhooks,
    );
    const { licenseIds } = await issueRequestLicenses(tx, admin, request, context, settings.mailing.publicUrl, webhooks, { orderId: id });

    const [row] = await tx
      .update(orders)
      .set({
        status: "paid",
        invoiceNumber,
        paymentReference: reference,
        paidAt: sql`now()`,
        paidBy: admin.id,
        licenseRequestId: request.id,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, id))
      .returning();
    await recordAudit(tx, context, { action: "order.paid", targetType: "order", targetId: id, details: { number, invoiceNumber, reference, licenseRequestId: request.id, licenseIds } });
    await notifyPaid(tx, row!, customer, licenseIds.length, settings.mailing.publicUrl);
    return webhooks.emit("order.paid", await presentOrder(tx, row!));
  });
  settings.mailing.wake();
  return paid;
}

/** The customer cancels their order before it is paid; the team cancels any order not yet paid. */
export async function cancelOrder(db: Database, user: UserRow, id: string, reason: string | undefined, context: RequestContext, settings: OrderSettings): Promise<Order> {
  const cancelled = await transactionWithWebhooks(db, settings.mailing, async (tx, webhooks) => {
    const current = await findOrder(tx, user, id, { forUpdate: true });
    assertAllows("cancel", current);
    const [row] = await tx
      .update(orders)
      .set({ status: "cancelled", cancelReason: reason ? reason : null, cancelledAt: sql`now()`, cancelledBy: user.id, updatedAt: sql`now()` })
      .where(eq(orders.id, id))
      .returning();
    const byCustomer = current.userId === user.id;
    await recordAudit(tx, context, { action: "order.cancelled", targetType: "order", targetId: id, details: { number: orderNumberOf(row!), reason: reason ?? null, byCustomer } });
    await notifyCancelled(tx, row!, await customerOf(tx, row!), byCustomer, settings.mailing.publicUrl);
    return webhooks.emit("order.cancelled", await presentOrder(tx, row!));
  });
  settings.mailing.wake();
  return cancelled;
}

/** The offer or invoice PDF of an order its owner or an administrator may see. */
export async function orderDocument(db: Database, user: UserRow, id: string, settings: Pick<OrderSettings, "seller">): Promise<{ fileName: string; pdf: Uint8Array }> {
  const row = await findOrder(db, user, id);
  const document = await documentOf(db, row, settings);
  if (!document) throw new AppError("order/no_document");
  return { fileName: fileNameOf(document), pdf: await renderOrderDocument(document) };
}
