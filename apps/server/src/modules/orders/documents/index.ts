import type { OrderDocument } from "./order-document.js";

export type { OrderDocument } from "./order-document.js";

/** The offer or invoice as PDF bytes. */
export async function renderOrderDocument(document: OrderDocument): Promise<Uint8Array> {
  // Replaced by the renderer (pdfkit, in a worker); this placeholder only fixes the signature.
  throw new Error(`PDF renderer not built yet (${document.kind} ${document.orderNumber})`);
}
