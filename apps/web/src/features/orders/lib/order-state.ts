import { orderAllows, type Order, type OrderStatus } from "@portal/contract";

/** What a status badge shows: the status, or "expired" for an offer past its `validUntil`. */
export type OrderDisplayStatus = OrderStatus | "expired";

export function displayStatus(order: Pick<Order, "status" | "offerExpired">): OrderDisplayStatus {
  return order.status === "offered" && order.offerExpired ? "expired" : order.status;
}

/** The customer may accept an offer that is still valid. */
export const canAccept = (order: Pick<Order, "status" | "offerExpired">): boolean => orderAllows("accept", order.status) && !order.offerExpired;

/** The customer (and an admin) may cancel until the order is paid. */
export const canCancel = (order: Pick<Order, "status">): boolean => orderAllows("cancel", order.status);

/** The PDF an order has: the offer while offered or accepted, the invoice once paid; none before an offer or once cancelled. */
export function documentKind(order: Pick<Order, "status">): "offer" | "invoice" | null {
  if (order.status === "offered" || order.status === "accepted") return "offer";
  if (order.status === "paid") return "invoice";
  return null;
}

/** The file name of an order's PDF: "INV-2026-000001.pdf" for an invoice, "offer-O-000123.pdf" for an offer (the names the server gives). */
export function documentFileName(order: Pick<Order, "status" | "number" | "invoiceNumber">): string {
  return documentKind(order) === "invoice" && order.invoiceNumber ? `${order.invoiceNumber}.pdf` : `offer-${order.number}.pdf`;
}
