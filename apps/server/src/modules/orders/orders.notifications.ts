import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { users, type OrderRow, type UserRow } from "../../db/schema/index.js";
import type { MailAttachment } from "../../lib/mailer.js";
import { amountOf } from "../../lib/money.js";
import { notify } from "../notifications/index.js";
import { customerName, orderNumberOf } from "./orders.presenters.js";

/**
 * Who hears of an order's news, and in which words: the enterprise team (every active administrator)
 * of a new order, an accepted offer and a customer's cancellation; the customer of an offer (its PDF
 * attached to the e-mail), of the payment received (the invoice) and of the team's cancellation.
 * Each call writes in the change's transaction (type "billing"); wake the mailer after the commit.
 */

type Customer = Pick<UserRow, "id" | "email" | "firstname" | "lastname">;

const customerLink = (order: Pick<OrderRow, "id">) => `/billing/orders/${order.id}`;
const adminLink = (order: Pick<OrderRow, "id">) => `/admin/orders/${order.id}`;
const totalOf = (order: Pick<OrderRow, "currency" | "totalCents">) => `${order.currency} ${amountOf(order.totalCents)}`;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

async function notifyTeam(tx: Executor, order: OrderRow, draft: { title: string; body: string }, publicUrl: string): Promise<void> {
  const team = await tx
    .select({ id: users.id, email: users.email, firstname: users.firstname })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.status, "active")))
    .orderBy(asc(users.createdAt));
  for (const admin of team) {
    if (admin.id === order.userId) continue;
    await notify(tx, admin, { type: "billing", ...draft, link: adminLink(order) }, publicUrl);
  }
}

/** The team hears of a new order (a plan choice or an order placed). */
export async function notifyOrderPlaced(tx: Executor, order: OrderRow, customer: Customer, summary: string, publicUrl: string): Promise<void> {
  const number = orderNumberOf(order);
  await notifyTeam(tx, order, {
    title: `New order ${number}`,
    body: `${customerName(customer)} (${customer.email}) ordered ${summary}. It waits for an offer.`,
  }, publicUrl);
}

/** The customer gets the offer, its PDF attached to the e-mail. */
export async function notifyOffered(tx: Executor, order: OrderRow, customer: Customer, offerPdf: MailAttachment | null, publicUrl: string): Promise<void> {
  const number = orderNumberOf(order);
  const until = order.validUntil ? ` It is valid until ${dayOf(order.validUntil)}.` : "";
  const message = order.offerMessage ? `\n\n${order.offerMessage}` : "";
  await notify(
    tx,
    customer,
    {
      type: "billing",
      title: `Your offer for order ${number}`,
      body: `We have made you an offer for order ${number}: ${totalOf(order)} in total.${until} ${offerPdf ? "The offer is attached as a PDF; accept it in your portal." : "Read and accept it in your portal."}${message}`,
      link: customerLink(order),
      ...(offerPdf ? { attachments: [offerPdf] } : {}),
    },
    publicUrl,
  );
}

/** The team hears that the customer accepted the offer: time to wait for the payment. */
export async function notifyAccepted(tx: Executor, order: OrderRow, customer: Customer, publicUrl: string): Promise<void> {
  const number = orderNumberOf(order);
  await notifyTeam(tx, order, {
    title: `Offer accepted: ${number}`,
    body: `${customerName(customer)} (${customer.email}) accepted the offer for order ${number} (${totalOf(order)}). Mark it paid when the payment arrives.`,
  }, publicUrl);
}

/** The customer hears that the payment was received: the invoice number and the licences. */
export async function notifyPaid(tx: Executor, order: OrderRow, customer: Customer, licenceCount: number, publicUrl: string): Promise<void> {
  const number = orderNumberOf(order);
  await notify(
    tx,
    customer,
    {
      type: "billing",
      title: `Payment received for order ${number}`,
      body: `Thank you: we received ${totalOf(order)} for order ${number}. Your invoice is ${order.invoiceNumber}, ready to download in your portal, and your ${licenceCount} licence${licenceCount === 1 ? " is" : "s are"} issued.`,
      link: customerLink(order),
    },
    publicUrl,
  );
}

/** The other side hears of a cancellation: the team of the customer's, the customer of the team's. */
export async function notifyCancelled(tx: Executor, order: OrderRow, customer: Customer, byCustomer: boolean, publicUrl: string): Promise<void> {
  const number = orderNumberOf(order);
  const reason = order.cancelReason ? `\n\nReason: ${order.cancelReason}` : "";
  if (byCustomer) {
    await notifyTeam(tx, order, { title: `Order ${number} cancelled`, body: `${customerName(customer)} (${customer.email}) cancelled order ${number}.${reason}` }, publicUrl);
    return;
  }
  await notify(
    tx,
    customer,
    { type: "billing", title: `Your order ${number} was cancelled`, body: `We cancelled your order ${number}.${reason}`, link: customerLink(order) },
    publicUrl,
  );
}
