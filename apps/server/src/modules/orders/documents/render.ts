/**
 * Lays out an offer or an invoice with pdfkit: A4, seller and document details at the top, the buyer,
 * the lines (the table's header repeated on every page), the amounts, the offer's message and a footer.
 * Persian is mirrored: everything that starts on the left in the other languages starts on the right.
 * Runs on the worker threads of ./pool.ts (CPU-bound: shaping, subsetting and compressing the fonts).
 */
import PDFDocument from "pdfkit";
import { type FontWeight, loadedFonts } from "./fonts.js";
import { documentLabels, fill } from "./labels.js";
import type { OrderDocument } from "./order-document.js";
import { type Direction, directionOf, TextSetter } from "./text.js";

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 48;
const CONTENT = PAGE_WIDTH - 2 * MARGIN;
/** The lowest baseline body text may use; the page number sits below it. */
const BOTTOM = PAGE_HEIGHT - MARGIN - 18;
const INK = "#1a1a1a";
const MUTED = "#5f6368";
const RULE = "#d0d4d9";
const SHADE = "#f1f3f5";

type Align = "start" | "end" | "center";

const locales = { en: "en", tr: "tr", es: "es", "zh-CN": "zh-CN", fa: "fa", "pt-BR": "pt-BR" } as const;

const formatterCache = new Map<string, ReturnType<typeof makeFormatters>>();

/** Intl's formatters for a language and currency, made once per thread (each costs a few milliseconds). */
function formatters(document: OrderDocument): ReturnType<typeof makeFormatters> {
  const key = `${document.language}:${document.currency}`;
  let made = formatterCache.get(key);
  if (!made) {
    made = makeFormatters(document);
    formatterCache.set(key, made);
  }
  return made;
}

function makeFormatters(document: Pick<OrderDocument, "language" | "currency">) {
  const locale = locales[document.language];
  const money = new Intl.NumberFormat(locale, { style: "currency", currency: document.currency });
  const divisor = 10 ** (money.resolvedOptions().maximumFractionDigits ?? 2);
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 });
  const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
  let regions: Intl.DisplayNames | undefined;
  try {
    regions = new Intl.DisplayNames([locale], { type: "region" });
  } catch {
    regions = undefined;
  }
  return {
    money: (cents: number) => money.format(cents / divisor),
    rate: (basisPoints: number) => percent.format(basisPoints / 10_000),
    count: (value: number) => count.format(value),
    date: (date: Date) => day.format(date),
    country: (code: string) => {
      try {
        return (/^[A-Za-z]{2}$/.test(code) && regions?.of(code.toUpperCase())) || code;
      } catch {
        return code;
      }
    },
  };
}

class Page {
  readonly text: TextSetter;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly direction: Direction,
  ) {
    this.text = new TextSetter(doc, direction);
  }

  /** The physical left edge of a box given by its logical start (from the left margin, as if left to right) and width. */
  left(start: number, width: number): number {
    return this.direction === "rtl" ? PAGE_WIDTH - MARGIN - start - width : MARGIN + start;
  }

  put(
    text: string,
    box: { start: number; width: number; baseline: number; size: number; weight?: FontWeight; align?: Align; color?: string; direction?: Direction },
  ): number {
    const align = box.align ?? "start";
    const physical =
      align === "center" ? "center" : (align === "start") === (this.direction === "ltr") ? "left" : "right";
    return this.text.line(text, {
      x: this.left(box.start, box.width),
      baseline: box.baseline,
      width: box.width,
      size: box.size,
      weight: box.weight ?? "regular",
      align: physical,
      color: box.color ?? INK,
      direction: box.direction,
    });
  }

  /** A text the customer or the team wrote (a name, an address, a description): it reads in its own direction. */
  data(text: string, box: Parameters<Page["put"]>[1]): number {
    return this.put(text, { ...box, direction: directionOf(text, this.direction) });
  }

  /** Wrapped text from a baseline; returns the baseline after the last line. */
  paragraph(
    text: string,
    box: { start: number; width: number; baseline: number; size: number; leading: number; weight?: FontWeight; align?: Align; color?: string },
  ): number {
    let baseline = box.baseline;
    for (const paragraph of text.split("\n")) {
      const direction = directionOf(paragraph, this.direction);
      for (const line of this.text.wrap(paragraph, box.width, box.size, box.weight)) {
        this.put(line, { ...box, baseline, direction });
        baseline += box.leading;
      }
    }
    return baseline;
  }

  rule(y: number, start = 0, width = CONTENT, color = RULE): void {
    this.doc.save().lineWidth(0.6).strokeColor(color).moveTo(this.left(start, width), y).lineTo(this.left(start, width) + width, y).stroke().restore();
  }

  shade(y: number, height: number): void {
    this.doc.save().rect(MARGIN, y, CONTENT, height).fill(SHADE).restore();
  }
}

/** The PDF's bytes. */
export async function renderPdf(document: OrderDocument): Promise<Uint8Array> {
  const labels = documentLabels[document.language];
  const format = formatters(document);
  const direction: Direction = document.language === "fa" ? "rtl" : "ltr";
  const title = document.kind === "offer" ? labels.offer : labels.invoice;
  const doc = new PDFDocument({
    size: "A4",
    margin: 0,
    bufferPages: true,
    lang: document.language,
    displayTitle: true,
    info: {
      Title: `${title} ${document.kind === "invoice" && document.invoiceNumber ? document.invoiceNumber : document.orderNumber}`,
      Author: document.seller.name,
      Creator: "Licence portal",
      Producer: "Licence portal",
      CreationDate: document.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  // pdfkit takes a parsed fontkit font as well as a file (its typings only say the latter).
  for (const [name, font] of loadedFonts()) doc.registerFont(name, font as unknown as Buffer);

  const page = new Page(doc, direction);

  // Seller (start side) and the document's title and numbers (end side).
  const metaWidth = 230;
  const sellerWidth = CONTENT - metaWidth - 24;
  let sellerY = MARGIN + 14;
  page.data(document.seller.name, { start: 0, width: sellerWidth, baseline: sellerY, size: 14, weight: "bold" });
  sellerY += 16;
  if (document.seller.address.trim()) {
    sellerY = page.paragraph(document.seller.address, { start: 0, width: sellerWidth, baseline: sellerY, size: 9, leading: 12, color: MUTED });
  }
  if (document.seller.taxId) {
    page.put(`${labels.taxId}: ${document.seller.taxId}`, { start: 0, width: sellerWidth, baseline: sellerY, size: 9, color: MUTED });
    sellerY += 12;
  }
  if (document.seller.email) {
    page.data(document.seller.email, { start: 0, width: sellerWidth, baseline: sellerY, size: 9, color: MUTED });
    sellerY += 12;
  }

  const metaStart = CONTENT - metaWidth;
  let metaY = MARGIN + 18;
  page.put(title, { start: metaStart, width: metaWidth, baseline: metaY, size: 22, weight: "bold", align: "end" });
  metaY += 22;
  const meta: [string, string][] = [];
  if (document.kind === "invoice" && document.invoiceNumber) meta.push([labels.invoiceNumber, document.invoiceNumber]);
  meta.push([labels.order, document.orderNumber]);
  meta.push([labels.date, format.date(document.issuedAt)]);
  if (document.kind === "offer" && document.validUntil) meta.push([labels.validUntil, format.date(document.validUntil)]);
  if (document.kind === "invoice" && document.paymentReference) meta.push([labels.paymentReference, document.paymentReference]);
  for (const [label, value] of meta) {
    const labelWidth = 104;
    page.put(label, { start: metaStart, width: labelWidth, baseline: metaY, size: 9, color: MUTED });
    metaY = page.paragraph(value, { start: metaStart + labelWidth, width: metaWidth - labelWidth, baseline: metaY, size: 9, leading: 12, weight: "bold", align: "end" });
  }

  // The buyer, with the billing address as it was when the offer was made.
  let y = Math.max(sellerY, metaY) + 18;
  page.put(labels.billTo, { start: 0, width: CONTENT / 2, baseline: y, size: 9, weight: "bold", color: MUTED });
  y += 15;
  const buyerWidth = CONTENT * 0.6;
  y = page.paragraph(document.buyer.name, { start: 0, width: buyerWidth, baseline: y, size: 11, leading: 14, weight: "bold" });
  const address = document.buyer.address;
  const cityLine = [address.postalCode, address.city].filter(Boolean).join(" ");
  for (const line of [address.line1, address.line2, cityLine, format.country(address.country), document.buyer.email]) {
    if (line) y = page.paragraph(line, { start: 0, width: buyerWidth, baseline: y, size: 9.5, leading: 12.5 });
  }
  if (address.taxLocation) {
    y = page.paragraph(`${labels.taxLocation}: ${address.taxLocation}`, { start: 0, width: buyerWidth, baseline: y, size: 9.5, leading: 12.5, color: MUTED });
  }
  y += 14;

  // The lines. Logical columns from the start side: description, quantity, unit price, amount.
  const columns = { quantity: 56, unitPrice: 92, amount: 96 };
  const gap = 10;
  const descriptionWidth = CONTENT - columns.quantity - columns.unitPrice - columns.amount - 3 * gap - 12;
  const quantityStart = 6 + descriptionWidth + gap;
  const unitPriceStart = quantityStart + columns.quantity + gap;
  const amountStart = unitPriceStart + columns.unitPrice + gap;
  const headerHeight = 20;
  const tableHeader = (top: number): number => {
    page.shade(top, headerHeight);
    const baseline = top + 13.5;
    const cell = { baseline, size: 8.5, weight: "bold" as const, color: MUTED };
    page.put(labels.description, { ...cell, start: 6, width: descriptionWidth });
    page.put(labels.quantity, { ...cell, start: quantityStart, width: columns.quantity, align: "end" });
    page.put(labels.unitPrice, { ...cell, start: unitPriceStart, width: columns.unitPrice, align: "end" });
    page.put(labels.amount, { ...cell, start: amountStart, width: columns.amount, align: "end" });
    return top + headerHeight;
  };
  const newPage = (): number => {
    doc.addPage({ size: "A4", margin: 0 });
    return MARGIN;
  };
  if (y + headerHeight + 30 > BOTTOM) y = newPage();
  y = tableHeader(y);
  const leading = 12.5;
  for (const line of document.lines) {
    const descriptionLines = page.text.wrap(line.description, descriptionWidth, 9.5);
    const descriptionDirection = directionOf(line.description, direction);
    const rowHeight = descriptionLines.length * leading + 10;
    if (y + rowHeight > BOTTOM) y = tableHeader(newPage());
    let baseline = y + 5 + 9.5;
    for (const text of descriptionLines) {
      page.put(text, { start: 6, width: descriptionWidth, baseline, size: 9.5, direction: descriptionDirection });
      baseline += leading;
    }
    const first = y + 5 + 9.5;
    page.put(format.count(line.quantity), { start: quantityStart, width: columns.quantity, baseline: first, size: 9.5, align: "end" });
    page.put(format.money(line.unitPriceCents), { start: unitPriceStart, width: columns.unitPrice, baseline: first, size: 9.5, align: "end" });
    page.put(format.money(line.totalCents), { start: amountStart, width: columns.amount, baseline: first, size: 9.5, align: "end" });
    y += rowHeight;
    page.rule(y);
  }

  // The amounts, on the end side under the amount column.
  const totals: [string, string, FontWeight][] = [[labels.subtotal, format.money(document.subtotalCents), "regular"]];
  if (document.discountBasisPoints > 0 || document.discountCents > 0) {
    totals.push([fill(labels.discount, { rate: format.rate(document.discountBasisPoints) }), format.money(-document.discountCents), "regular"]);
  }
  totals.push([fill(labels.tax, { rate: format.rate(document.taxBasisPoints) }), format.money(document.taxCents), "regular"]);
  const totalsHeight = totals.length * 16 + 26;
  if (y + totalsHeight > BOTTOM) y = newPage();
  const totalsWidth = 250;
  const totalsStart = CONTENT - totalsWidth;
  y += 18;
  for (const [label, value, weight] of totals) {
    page.put(label, { start: totalsStart, width: totalsWidth - columns.amount - 6, baseline: y, size: 9.5, weight, color: MUTED });
    page.put(value, { start: amountStart, width: columns.amount, baseline: y, size: 9.5, weight, align: "end" });
    y += 16;
  }
  page.rule(y - 10, totalsStart, totalsWidth, INK);
  y += 6;
  page.put(labels.total, { start: totalsStart, width: totalsWidth - columns.amount - 6, baseline: y, size: 12, weight: "bold" });
  page.put(format.money(document.totalCents), { start: amountStart - 40, width: columns.amount + 40, baseline: y, size: 12, weight: "bold", align: "end" });
  y += 26;

  // The offer's message and the footer: wrapped, on a new page when they do not fit.
  const flow = (text: string, size: number, weight: FontWeight, color: string): void => {
    for (const paragraph of text.split("\n")) {
      const own = directionOf(paragraph, direction);
      for (const line of page.text.wrap(paragraph, CONTENT, size, weight)) {
        if (y > BOTTOM) y = newPage() + 12;
        page.put(line, { start: 0, width: CONTENT, baseline: y, size, weight, color, direction: own });
        y += size + 4;
      }
    }
  };
  if (document.kind === "offer" && document.message) {
    flow(labels.message, 9.5, "bold", MUTED);
    flow(document.message, 9.5, "regular", INK);
    y += 8;
  }
  const footer =
    document.kind === "offer"
      ? fill(labels.offerFooter, { order: document.orderNumber, date: document.validUntil ? format.date(document.validUntil) : "" })
      : fill(labels.invoiceFooter, { reference: document.paymentReference ?? "" });
  flow(footer, 9, "regular", MUTED);

  // Page numbers, once the page count is known.
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const number = fill(labels.page, { page: format.count(index + 1), pages: format.count(range.count) });
    page.rule(PAGE_HEIGHT - MARGIN + 2);
    page.put(number, { start: 0, width: CONTENT, baseline: PAGE_HEIGHT - MARGIN + 14, size: 8, color: MUTED, align: "end" });
    page.put(document.kind === "invoice" && document.invoiceNumber ? document.invoiceNumber : document.orderNumber, {
      start: 0, width: CONTENT / 2, baseline: PAGE_HEIGHT - MARGIN + 14, size: 8, color: MUTED,
    });
  }
  doc.end();
  await finished;
  const bytes = Buffer.concat(chunks);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
