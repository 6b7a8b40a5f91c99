import { z } from "zod";
import { currency, priceField } from "./catalogue.js";
import { listQuerySchema, timestamp } from "./common.js";
import { featureIdsField, noteField, quantityField } from "./licenses.js";
import { messageOf } from "./messages.js";

/**
 * Orders: a plan choice the enterprise team turns into an offer, an accepted offer into an invoice,
 * and a payment marked received into issued licences. Payments themselves stay manual.
 */
export const orderStatuses = ["pending_offer", "offered", "accepted", "paid", "cancelled"] as const;
export const orderStatus = z.enum(orderStatuses);
export type OrderStatus = (typeof orderStatuses)[number];

/** Which status each action may start from; anything else answers 409 `order/invalid_transition`. */
export const orderTransitions = {
  offer: ["pending_offer", "offered"],
  accept: ["offered"],
  markPaid: ["offered", "accepted"],
  cancel: ["pending_offer", "offered", "accepted"],
} as const satisfies Record<string, readonly OrderStatus[]>;
export type OrderAction = keyof typeof orderTransitions;

export function orderAllows(action: OrderAction, status: OrderStatus): boolean {
  return (orderTransitions[action] as readonly OrderStatus[]).includes(status);
}

/** Spec section 9: 20% for Turkey, 10% for the United States; `TAX_RATES` replaces the list. */
export const DEFAULT_TAX_RATES = "TR:20,US:10";

/** "O-000123": the order's sequence number, six digits at least. */
export const formatOrderNumber = (sequence: number): string => `O-${String(sequence).padStart(6, "0")}`;
/** "INV-2026-000001": sequential within the year it was given. */
export const formatInvoiceNumber = (year: number, sequence: number): string => `INV-${year}-${String(sequence).padStart(6, "0")}`;

/** Amounts travel as decimal strings with two decimals ("1200.00"), computed in integer minor units. */
export const amountString = z.string().regex(/^-?\d+\.\d{2}$/);

export const orderItemSchema = z
  .object({
    planId: z.uuid().nullable(),
    featureIds: z.array(z.uuid()),
    description: z.string(),
    quantity: z.number().int(),
    unitPrice: amountString,
    lineTotal: amountString,
  })
  .meta({ id: "OrderItem" });
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderBillingAddressSchema = z
  .object({
    line1: z.string(),
    line2: z.string(),
    city: z.string(),
    postalCode: z.string(),
    country: z.string(),
    taxLocation: z.string(),
  })
  .meta({ id: "OrderBillingAddress" });

export const orderSchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    status: orderStatus,
    user: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
    items: z.array(orderItemSchema),
    currency,
    subtotal: amountString,
    /** Percent off the subtotal, up to two decimals. */
    discountPercent: z.number(),
    discountAmount: amountString,
    taxCountry: z.string().nullable(),
    /** Percent, up to two decimals. */
    taxRate: z.number(),
    taxAmount: amountString,
    total: amountString,
    /** A copy taken when the offer is made; null before it. */
    billingAddress: orderBillingAddressSchema.nullable(),
    projectId: z.uuid().nullable(),
    projectName: z.string().nullable(),
    note: z.string(),
    offerMessage: z.string().nullable(),
    validUntil: timestamp.nullable(),
    /** Offered, and `validUntil` has passed: it can no longer be accepted. */
    offerExpired: z.boolean(),
    invoiceNumber: z.string().nullable(),
    paymentReference: z.string().nullable(),
    cancelReason: z.string().nullable(),
    createdAt: timestamp,
    offeredAt: timestamp.nullable(),
    acceptedAt: timestamp.nullable(),
    paidAt: timestamp.nullable(),
    cancelledAt: timestamp.nullable(),
    licenseIds: z.array(z.uuid()),
  })
  .meta({ id: "Order" });
export type Order = z.infer<typeof orderSchema>;

export const orderBodySchema = z
  .strictObject({
    planId: z.uuid({ error: messageOf("licenses.validation.planInvalid") }).optional(),
    featureIds: featureIdsField.optional(),
    quantity: quantityField.default(1),
    projectId: z.uuid({ error: messageOf("licenses.validation.projectInvalid") }).optional(),
    note: noteField.optional(),
  })
  .refine((body) => (body.planId === undefined) !== (body.featureIds === undefined), {
    error: messageOf("licenses.validation.planOrFeatures"),
    path: ["planId"],
  })
  .meta({ id: "OrderBody" });
export type OrderBody = z.input<typeof orderBodySchema>;

const percentField = z
  .number({ error: messageOf("orders.validation.discount") })
  .min(0, { error: messageOf("orders.validation.discount") })
  .max(100, { error: messageOf("orders.validation.discount") })
  .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), { error: messageOf("orders.validation.discount") });

const optionalMessage = z
  .string({ error: messageOf("validation.notText", { label: "Message" }) })
  .trim()
  .max(2000, { error: messageOf("orders.validation.messageTooLong") });

export const orderOfferBodySchema = z
  .strictObject({
    /**
     * The negotiated price of one licence. On a one-line order it replaces the line's price; the lines of
     * a features order (one per feature) become one line, "Custom plan: …", at this price. Omitted, the
     * catalogue prices stay.
     */
    unitPrice: priceField.optional(),
    discountPercent: percentField.default(0),
    validUntil: z
      .string({ error: messageOf("orders.validation.validUntilRequired") })
      .pipe(z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: messageOf("orders.validation.validUntil") })),
    message: optionalMessage.optional(),
  })
  .meta({ id: "OrderOfferBody" });
export type OrderOfferBody = z.input<typeof orderOfferBodySchema>;

export const orderMarkPaidBodySchema = z
  .strictObject({
    reference: z
      .string({ error: messageOf("orders.validation.referenceRequired") })
      .trim()
      .min(1, { error: messageOf("orders.validation.referenceRequired") })
      .max(200, { error: messageOf("orders.validation.referenceTooLong") }),
  })
  .meta({ id: "OrderMarkPaidBody" });
export type OrderMarkPaidBody = z.input<typeof orderMarkPaidBodySchema>;

export const orderCancelBodySchema = z
  .strictObject({ reason: optionalMessage.optional() })
  .meta({ id: "OrderCancelBody" });
export type OrderCancelBody = z.input<typeof orderCancelBodySchema>;

export const orderSortFields = ["number", "createdAt", "total", "status"] as const;
export const orderListQuerySchema = listQuerySchema(orderSortFields, { sort: "createdAt", order: "desc" }).extend({
  status: orderStatus.optional(),
  /** Admin only: one customer's orders. Ignored for a customer, who sees only their own. */
  userId: z.uuid({ error: messageOf("validation.notValidId") }).optional(),
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;
