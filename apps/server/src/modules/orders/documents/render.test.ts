import { readFileSync } from "node:fs";
import { type PortalLanguage, portalLanguages } from "@portal/contract";
import * as fontkit from "fontkit";
import { afterAll, describe, expect, it } from "vitest";
import { pdfText, pdfTextItems } from "../../../test/pdf.js";
import { type FontFamily, fontFile, fontNames, loadedFonts, scriptFamily } from "./fonts.js";
import { boundDocument, closeOrderDocumentRenderer, MAX_DOCUMENT_LINES, renderOrderDocument } from "./index.js";
import { documentLabels, fill } from "./labels.js";
import type { OrderDocument } from "./order-document.js";
import { renderPdf } from "./render.js";
import { sampleDocument } from "./samples.js";
import { familyHasGlyph } from "./text.js";

afterAll(closeOrderDocumentRenderer);

const locale: Record<PortalLanguage, string> = { en: "en", tr: "tr", es: "es", "zh-CN": "zh-CN", fa: "fa", "pt-BR": "pt-BR" };

/** Text compared without spaces, bidi marks, joiners and brackets (pdf.js keeps right-to-left brackets mirrored). */
const plain = (text: string) => text.replace(/[\s()（）]|\u200c|\u200d|\u200e|\u200f|\u061c/g, "");

function money(document: OrderDocument, cents: number): string {
  return new Intl.NumberFormat(locale[document.language], { style: "currency", currency: document.currency }).format(cents / 100);
}

function rate(document: OrderDocument, basisPoints: number): string {
  return new Intl.NumberFormat(locale[document.language], { style: "percent", maximumFractionDigits: 2 }).format(basisPoints / 10_000);
}

describe("order documents", () => {
  describe.each(portalLanguages)("in %s", (language) => {
    it.each(["offer", "invoice"] as const)("prints the %s's numbers, buyer, lines, tax and total", async (kind) => {
      const document = sampleDocument(language, kind, 4);
      const bytes = await renderOrderDocument(document);
      expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
      const text = plain(await pdfText(bytes));
      const labels = documentLabels[language];

      expect(text).toContain(plain(kind === "offer" ? labels.offer : labels.invoice));
      expect(text).toContain(document.orderNumber);
      if (kind === "invoice") {
        expect(text).toContain(plain(labels.invoiceNumber));
        expect(text).toContain("INV-2026-000017");
        expect(text).toContain("BANK-TR-88412");
      } else {
        expect(text).not.toContain("INV-");
      }
      // The buyer's name and address: for Persian, word by word (pdf.js gives mixed runs piece by piece).
      const { name, address } = document.buyer;
      for (const piece of language === "fa" ? ["ParsData", "شرکت", "تهران", "1595813511", "12B"] : [name, address.line1, address.city, address.taxLocation]) {
        expect(text).toContain(plain(piece));
      }
      for (const line of document.lines.slice(2)) expect(text).toContain(plain(line.description.replace(/^.*: /, "")));
      // pdf.js reads a Persian label and its number back in its own order: Persian is checked piece by piece.
      const labelled = (template: string, basisPoints: number) =>
        language === "fa" ? [fill(template, { rate: "" }), rate(document, basisPoints).replace("٪", "")] : [fill(template, { rate: rate(document, basisPoints) })];
      for (const piece of labelled(labels.tax, document.taxBasisPoints)) expect(text).toContain(plain(piece));
      for (const piece of labelled(labels.discount, document.discountBasisPoints)) expect(text).toContain(plain(piece));
      expect(text).toContain(plain(money(document, document.taxCents)));
      expect(text).toContain(plain(labels.total));
      expect(text).toContain(plain(money(document, document.totalCents)));
      expect(text).toContain(plain(money(document, document.lines[3]!.totalCents)));
    });
  });

  it("lays Persian out right to left, with mixed runs in visual order", async () => {
    const items = await pdfTextItems(await renderOrderDocument(sampleDocument("fa", "invoice", 4)));
    const find = (text: string) => {
      const item = items.find((candidate) => plain(candidate.text).includes(plain(text)));
      expect(item, text).toBeDefined();
      return item!;
    };
    // Labels on the right, amounts on the left of them.
    const total = find("جمع کل");
    const totalAmount = find("۴۸۹٫۲۴");
    expect(Math.abs(total.y - totalAmount.y)).toBeLessThan(2);
    expect(total.x).toBeGreaterThan(totalAmount.x);
    // The table's first column (description) is the rightmost.
    const description = find("شرح");
    const amount = find("مبلغ");
    expect(description.x).toBeGreaterThan(amount.x);
    expect(description.x + description.width).toBeGreaterThan(500);
    // "شرکت داده‌پردازان Pars Data": the Persian words read first, so they stand right of the Latin name.
    const persian = find("شرکت");
    const latin = find("Pars Data");
    expect(Math.abs(persian.y - latin.y)).toBeLessThan(2);
    expect(persian.x).toBeGreaterThan(latin.x);
    // Inside the Persian run the first word is the rightmost: pdf.js reads it back in logical order.
    expect(plain(persian.text)).toMatch(/^شرکتداده/);
    // A Latin label value in a Persian line: the invoice number left of its label.
    const numberLabel = find("شماره");
    const number = find("INV-2026-000017");
    expect(number.x).toBeLessThan(numberLabel.x);
  });

  it("sets Persian, Chinese and Cyrillic inside an English invoice in their own fonts and order", async () => {
    const document = sampleDocument("en", "invoice", 3);
    const bytes = await renderOrderDocument({
      ...document,
      buyer: { ...document.buyer, name: "北京云图 Ltd / شرکت پارس" },
    });
    const items = await pdfTextItems(bytes);
    const text = plain(await pdfText(bytes));
    expect(text).toContain("北京云图Ltd/");
    expect(text).toContain("شرکتپارس");
    expect(text).toContain("销售");
    expect(text).toContain("Отчёты");
    expect(text).toContain(plain("گزارش‌های فروش"));
    // English labels stay on the left.
    const billTo = items.find((item) => item.text === "Bill to")!;
    expect(billTo.x).toBeLessThan(100);
  });

  it("has a glyph for every character it prints, in the font of its script", () => {
    const labels = portalLanguages.flatMap((language) => Object.values(documentLabels[language]));
    const samples = ["Çağrı Şişli İstanbul ğüöı", "São Paulo ação", "Отчёты Ελληνικά", "北京分公司 销售报表「」，。", "شرکت داده‌پردازان ۰۱۲۳۴۵۶۷۸۹ ٬٫٪", "€ ₺ $ − – — …"];
    for (const text of [...labels, ...samples]) {
      for (const char of text.replace(/\{\w+\}/g, "")) {
        const code = char.codePointAt(0)!;
        if (/\s|[\u200c-\u200f]/.test(char)) continue;
        const family: FontFamily = scriptFamily(code) ?? "latin";
        const has = familyHasGlyph(family, code) || (["latin", "arabic", "han"] as const).some((other) => familyHasGlyph(other, code));
        expect(has, `${char} U+${code.toString(16)} in "${text}"`).toBe(true);
      }
    }
    expect(familyHasGlyph("arabic", "گ".codePointAt(0)!)).toBe(true);
    expect(familyHasGlyph("han", "销".codePointAt(0)!)).toBe(true);
    expect(familyHasGlyph("latin", "Ж".codePointAt(0)!)).toBe(true);
    expect(familyHasGlyph("latin", "Ω".codePointAt(0)!)).toBe(true);
    // Bold faces cover the same scripts.
    for (const name of fontNames) expect(loadedFonts().get(name)!.hasGlyphForCodePoint("A".codePointAt(0)!)).toBe(true);
  });

  it("prints no discount line without a discount, and a zero tax", async () => {
    const base = sampleDocument("en", "invoice", 2);
    const document: OrderDocument = {
      ...base,
      discountBasisPoints: 0,
      discountCents: 0,
      taxBasisPoints: 0,
      taxCents: 0,
      taxCountry: "DE",
      totalCents: base.subtotalCents,
    };
    const text = await pdfText(await renderOrderDocument(document));
    expect(text).not.toContain("Discount");
    expect(text).toContain("Tax (0%) $0.00");
    expect(text).toContain(`Total ${money(document, base.subtotalCents)}`);
    expect(text).toContain(`Subtotal ${money(document, base.subtotalCents)}`);
  });

  it("prints a discount and its rate", async () => {
    const document = sampleDocument("pt-BR", "offer", 2);
    const text = await pdfText(await renderOrderDocument({ ...document, discountBasisPoints: 1_250, discountCents: 1_337 }));
    expect(plain(text)).toContain(plain(`Desconto (12,5%) -${money(document, 1_337)}`));
    expect(text).toContain(documentLabels["pt-BR"].validUntil);
    expect(text).toContain("Thank you for your interest");
  });

  it("repeats the table's header on every page of a long order and numbers the pages", async () => {
    const document = sampleDocument("tr", "invoice", 90);
    const items = await pdfTextItems(await renderOrderDocument(document));
    const pages = Math.max(...items.map((item) => item.page));
    expect(pages).toBeGreaterThanOrEqual(3);
    for (let page = 1; page <= pages; page++) {
      expect(items.some((item) => item.page === page && item.text === "Açıklama")).toBe(true);
      expect(items.some((item) => item.page === page && item.text === `Sayfa ${page} / ${pages}`)).toBe(true);
    }
    expect(items.some((item) => item.text.includes("Özellik 90"))).toBe(true);
    // Nothing is drawn below the footer line or above the top margin.
    for (const item of items) expect(item.y).toBeGreaterThan(20);
  });

  it("wraps long descriptions and addresses inside their columns", async () => {
    const document = sampleDocument("en", "offer", 1);
    const long = "Licence for the distributed build cache with unlimited agents, ".repeat(4).trim();
    const bytes = await renderOrderDocument({
      ...document,
      buyer: { ...document.buyer, address: { ...document.buyer.address, line1: `Unit 4, ${"Very Long Industrial Estate Road ".repeat(5)}` } },
      lines: [{ ...document.lines[0]!, description: `${long} ${"X".repeat(120)}` }],
    });
    const items = await pdfTextItems(bytes);
    const descriptionLines = items.filter((item) => /Licence for|distributed|XXXX/.test(item.text));
    expect(descriptionLines.length).toBeGreaterThan(3);
    // The description column ends before the quantity column (about 300 pt from the left edge).
    for (const item of descriptionLines) expect(item.x + item.width).toBeLessThan(330);
  });

  it("bounds its input: at most 200 lines, texts cut, amounts integers", async () => {
    const document = sampleDocument("en", "invoice", 1);
    const line = document.lines[0]!;
    expect(() => boundDocument({ ...document, lines: Array.from({ length: MAX_DOCUMENT_LINES + 1 }, () => line) })).toThrow(RangeError);
    expect(() => boundDocument({ ...document, totalCents: 1.5 })).toThrow(RangeError);
    const bounded = boundDocument({ ...document, buyer: { ...document.buyer, name: "N".repeat(10_000) }, message: "m\u0000".repeat(5_000) });
    expect(bounded.buyer.name.length).toBe(200);
    expect(bounded.message!.length).toBe(2_000);
    expect(bounded.message).not.toContain("\u0000");
    await expect(renderOrderDocument({ ...document, lines: Array.from({ length: 201 }, () => line) })).rejects.toThrow(RangeError);

    // The largest document allowed stays a reasonable file.
    const largest: OrderDocument = {
      ...document,
      buyer: { ...document.buyer, name: "شرکت ".repeat(2_000) },
      lines: Array.from({ length: MAX_DOCUMENT_LINES }, (_, i) => ({ ...line, description: `${i} ${"长描述 long description ".repeat(200)}` })),
      message: "x ".repeat(50_000),
    };
    const bytes = await renderOrderDocument(largest);
    expect(bytes.byteLength).toBeLessThan(3_000_000);
  }, 120_000);

  it("renders several documents at once on its workers, and again after being closed", async () => {
    const documents = portalLanguages.map((language) => sampleDocument(language, "invoice", 5));
    const rendered = await Promise.all(documents.map((document) => renderOrderDocument(document)));
    for (const bytes of rendered) expect(bytes.byteLength).toBeGreaterThan(5_000);
    await closeOrderDocumentRenderer();
    expect((await renderOrderDocument(documents[0]!)).byteLength).toBeGreaterThan(5_000);
  });

  it("answers the same document again from its recent renders, and a changed one anew", async () => {
    const document = sampleDocument("es", "invoice", 3);
    const first = await renderOrderDocument(document);
    const again = await renderOrderDocument(structuredClone(document));
    expect(again).toEqual(first);
    again[0] = 0; // a caller's copy: changing it changes nothing kept
    expect((await renderOrderDocument(document))[0]).toBe(first[0]);
    const changed = await renderOrderDocument({ ...document, paymentReference: "OTHER-REF-1" });
    expect(await pdfText(changed)).toContain("OTHER-REF-1");
    expect(await pdfText(changed)).not.toContain("BANK-TR-88412");
  });

  it("shapes Persian the same in a thread's later documents as in its first (fonts shared between documents)", async () => {
    const text = "شناسه مالیاتی: گزارش‌های فروش";
    const fresh = fontkit.create(readFileSync(fontFile("arabic-regular"))) as fontkit.Font;
    const shaped = (font: fontkit.Font) => font.layout(text).glyphs.map((glyph) => glyph.id);
    for (const language of ["en", "tr", "fa", "zh-CN"] as const) await renderPdf(sampleDocument(language, "invoice", 6));
    expect(shaped(loadedFonts().get("arabic-regular")!)).toEqual(shaped(fresh));
    // and joined: contextual forms, not the isolated letters of the character map
    const isolated = [...text].map((char) => fresh.glyphForCodePoint(char.codePointAt(0)!).id);
    expect(shaped(fresh)).not.toEqual(expect.arrayContaining(isolated));
  });

  it("renders a 20-line invoice in a few tens of milliseconds of CPU once its fonts are loaded", async () => {
    const document = sampleDocument("fa", "invoice", 20);
    await renderPdf(document);
    await renderPdf(sampleDocument("zh-CN", "invoice", 20));
    const costs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const before = process.cpuUsage();
      await renderPdf(i % 2 === 0 ? document : sampleDocument("zh-CN", "invoice", 20));
      const used = process.cpuUsage(before);
      costs.push((used.user + used.system) / 1000);
    }
    costs.sort((a, b) => a - b);
    // Some 15–40 ms here; parsing the fonts again for each document (the regression this guards) costs 200 ms or more.
    expect(costs[2]).toBeLessThan(120);
  });
});
