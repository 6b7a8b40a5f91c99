import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { pdfText, pdfTextItems } from "./pdf.js";

function tinyPdf(lines: string[]): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: "A6", margin: 20 });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve) => doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks)))));
  doc.text(lines[0]!, 20, 20, { lineBreak: false });
  doc.text(lines[1]!, 120, 20, { lineBreak: false });
  doc.addPage();
  doc.text(lines[2]!, 20, 40);
  doc.end();
  return done;
}

describe("pdfText", () => {
  it("gives a PDF's text by page and line, pieces of one line left to right", async () => {
    const bytes = await tinyPdf(["Invoice", "INV-2026-000001", "Total 12.00"]);
    expect(await pdfText(bytes)).toBe("Invoice INV-2026-000001\nTotal 12.00");
    const items = await pdfTextItems(bytes);
    expect(items.map((item) => [item.page, item.text])).toEqual([
      [1, "Invoice"],
      [1, "INV-2026-000001"],
      [2, "Total 12.00"],
    ]);
    expect(items[1]!.x).toBeGreaterThan(items[0]!.x);
  });

  it("refuses bytes that are not a PDF", async () => {
    await expect(pdfText(new TextEncoder().encode("not a pdf"))).rejects.toThrow();
  });
});
