import { createHash } from "node:crypto";
import type { OrderDocument } from "./order-document.js";
import { closeRenderPool, renderInPool } from "./pool.js";

export type { OrderDocument } from "./order-document.js";

/** More lines than any order has (one per feature or plan); refused above it, so no input makes a huge PDF. */
export const MAX_DOCUMENT_LINES = 200;

const clip = (text: string, max: number): string => {
  // Control characters other than line breaks print as nothing useful; a too-long text ends in "…".
  let clean = "";
  for (const char of text.replace(/\r\n?/g, "\n")) {
    const code = char.codePointAt(0)!;
    clean += (code < 0x20 && char !== "\n") || code === 0x7f ? " " : char;
  }
  return clean.length <= max ? clean : `${clean.slice(0, max - 1)}…`;
};
const oneLine = (text: string, max: number): string => clip(text.replace(/[\r\n]+/g, " "), max);

function amount(value: number, what: string): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Order document: ${what} must be an integer, got ${value}`);
  return value;
}

/** The document with every text cut to a printable length; refuses more than 200 lines and amounts that are not integers. */
export function boundDocument(document: OrderDocument): OrderDocument {
  if (document.lines.length > MAX_DOCUMENT_LINES) {
    throw new RangeError(`Order document: ${document.lines.length} lines, at most ${MAX_DOCUMENT_LINES}`);
  }
  const address = document.buyer.address;
  return {
    ...document,
    orderNumber: oneLine(document.orderNumber, 40),
    invoiceNumber: document.invoiceNumber === null ? null : oneLine(document.invoiceNumber, 40),
    paymentReference: document.paymentReference === null ? null : oneLine(document.paymentReference, 120),
    seller: {
      name: oneLine(document.seller.name, 120),
      address: clip(document.seller.address, 400),
      taxId: oneLine(document.seller.taxId, 60),
      email: oneLine(document.seller.email, 254),
    },
    buyer: {
      name: oneLine(document.buyer.name, 200),
      email: oneLine(document.buyer.email, 254),
      address: {
        line1: oneLine(address.line1, 200),
        line2: oneLine(address.line2, 200),
        city: oneLine(address.city, 120),
        postalCode: oneLine(address.postalCode, 40),
        country: oneLine(address.country, 60),
        taxLocation: oneLine(address.taxLocation, 120),
      },
    },
    lines: document.lines.map((line, i) => ({
      description: oneLine(line.description, 500),
      quantity: amount(line.quantity, `line ${i + 1} quantity`),
      unitPriceCents: amount(line.unitPriceCents, `line ${i + 1} unit price`),
      totalCents: amount(line.totalCents, `line ${i + 1} total`),
    })),
    subtotalCents: amount(document.subtotalCents, "subtotal"),
    discountBasisPoints: amount(document.discountBasisPoints, "discount rate"),
    discountCents: amount(document.discountCents, "discount"),
    taxCountry: document.taxCountry === null ? null : oneLine(document.taxCountry, 60),
    taxBasisPoints: amount(document.taxBasisPoints, "tax rate"),
    taxCents: amount(document.taxCents, "tax"),
    totalCents: amount(document.totalCents, "total"),
    message: document.message === null ? null : clip(document.message, 2000),
  };
}

/** Recently rendered documents by their content's hash (an offer or invoice, once made, is downloaded again unchanged). */
const recent = new Map<string, Promise<Uint8Array>>();
const RECENT_DOCUMENTS = 32;

/**
 * The offer or invoice as PDF bytes, rendered on a worker thread (./pool.ts) so the event loop stays free.
 * The same content asked again (or while it renders) is answered from the last 32 documents: the key is
 * a hash of everything printed, so a changed document is always rendered anew.
 * Throws a RangeError for a document over the bounds of `boundDocument`.
 */
export async function renderOrderDocument(document: OrderDocument): Promise<Uint8Array> {
  const bounded = boundDocument(document);
  const key = createHash("sha256").update(JSON.stringify(bounded)).digest("base64");
  let rendered = recent.get(key);
  if (rendered) {
    recent.delete(key); // most recently used last
  } else {
    rendered = renderInPool(bounded);
    rendered.catch(() => recent.delete(key));
  }
  recent.set(key, rendered);
  if (recent.size > RECENT_DOCUMENTS) recent.delete(recent.keys().next().value!);
  // A copy: the caller may do what it likes with its bytes.
  return (await rendered).slice();
}

/**
 * Ends the render workers. Idle workers never keep the process alive, but the app's onClose hook
 * should call this so nothing runs after it closes; a later render starts them again.
 */
export async function closeOrderDocumentRenderer(): Promise<void> {
  recent.clear();
  await closeRenderPool();
}
