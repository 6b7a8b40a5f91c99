import type { Currency, PortalLanguage } from "@portal/contract";

/**
 * Everything an offer or an invoice PDF prints, already decided by the orders service: the renderer
 * formats and lays out, it looks nothing up. Money is in integer minor units, rates in basis points.
 */
export interface OrderDocument {
  kind: "offer" | "invoice";
  /** The customer's interface language: labels, dates and amounts follow it; Persian is laid out right to left. */
  language: PortalLanguage;
  orderNumber: string;
  /** Set for an invoice. */
  invoiceNumber: string | null;
  /** When the offer was made (offer) or the payment marked received (invoice). */
  issuedAt: Date;
  /** The offer's last day; null on an invoice. */
  validUntil: Date | null;
  paymentReference: string | null;
  seller: { name: string; address: string; taxId: string; email: string };
  buyer: {
    name: string;
    email: string;
    address: { line1: string; line2: string; city: string; postalCode: string; country: string; taxLocation: string };
  };
  currency: Currency;
  lines: { description: string; quantity: number; unitPriceCents: number; totalCents: number }[];
  subtotalCents: number;
  discountBasisPoints: number;
  discountCents: number;
  taxCountry: string | null;
  taxBasisPoints: number;
  taxCents: number;
  totalCents: number;
  /** The enterprise team's words to the customer, printed under the lines of an offer. */
  message: string | null;
}
