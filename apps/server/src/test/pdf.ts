/**
 * Text extraction for tests that check a PDF's content (pdfjs-dist, a dev dependency). `pdfText` gives
 * the text a reader sees: page by page, line by line from the top, each line's pieces from left to
 * right (pdf.js gives each right-to-left piece in reading order). `pdfTextItems` gives the pieces with
 * their positions, for tests of where things are.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import type * as PdfJsModule from "pdfjs-dist/legacy/build/pdf.mjs";

export interface PdfTextItem {
  page: number;
  text: string;
  /** Left edge and baseline in PDF points (origin bottom left). */
  x: number;
  y: number;
  width: number;
}

type PdfJs = typeof PdfJsModule;
let pdfjs: Promise<PdfJs> | undefined;

function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import("pdfjs-dist/legacy/build/pdf.mjs").then((module) => {
    const worker = createRequire(import.meta.url).resolve("pdfjs-dist/legacy/build/pdf.worker.mjs");
    module.GlobalWorkerOptions.workerSrc = pathToFileURL(worker).href;
    return module;
  });
  return pdfjs;
}

export async function pdfTextItems(bytes: Uint8Array): Promise<PdfTextItem[]> {
  const { getDocument } = await loadPdfJs();
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0 });
  const pdf = await task.promise;
  try {
    const items: PdfTextItem[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (!("str" in item) || item.str.trim() === "") continue;
        items.push({ page: number, text: item.str, x: item.transform[4] as number, y: item.transform[5] as number, width: item.width });
      }
    }
    return items;
  } finally {
    await task.destroy();
  }
}

/** Lines of text; pieces on one baseline (within 2 pt) joined with a space where they do not touch. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const items = await pdfTextItems(bytes);
  const lines: PdfTextItem[][] = [];
  for (const item of [...items].sort((a, b) => a.page - b.page || b.y - a.y || a.x - b.x)) {
    const line = lines.at(-1);
    if (line && line[0]!.page === item.page && Math.abs(line[0]!.y - item.y) <= 2) line.push(item);
    else lines.push([item]);
  }
  return lines
    .map((line) => {
      line.sort((a, b) => a.x - b.x);
      let text = "";
      let end = -Infinity;
      for (const item of line) {
        text += text && item.x - end > 1 ? ` ${item.text}` : item.text;
        end = item.x + item.width;
      }
      return text;
    })
    .join("\n");
}
