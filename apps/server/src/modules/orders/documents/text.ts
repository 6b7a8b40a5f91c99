/**
 * Setting one line of text with pdfkit in several scripts: the line is put in visual order with the
 * Unicode bidi algorithm (bidi-js), then cut into runs that each have one font and one direction.
 * Right-to-left runs of Arabic script are handed to fontkit in logical order (it joins the letters and
 * reverses the glyphs itself); other right-to-left runs (spaces, punctuation) are reversed and mirrored here.
 */
import bidiFactory from "bidi-js";
import { type FontFamily, type FontName, type FontWeight, isArabicScript, loadedFonts, isBidiControl, scriptFamily } from "./fonts.js";

const bidi = bidiFactory();
const fallbackOrder: FontFamily[] = ["latin", "arabic", "han"];

export type Direction = "ltr" | "rtl";

interface Run {
  text: string;
  font: FontName;
  /** Set for a run fontkit must shape as one right-to-left piece. */
  rtl: boolean;
}

interface Char {
  text: string;
  code: number;
  index: number;
}

const glyphs = new Map<string, boolean>();

/** Whether the family's font has a real glyph for the code point. */
export function familyHasGlyph(family: FontFamily, code: number): boolean {
  const key = `${family}${code}`;
  let has = glyphs.get(key);
  if (has === undefined) {
    has = loadedFonts().get(`${family}-regular`)!.hasGlyphForCodePoint(code);
    glyphs.set(key, has);
  }
  return has;
}

/**
 * fontkit keeps one glyph object per glyph id, made with the characters of the first text that used it
 * (none when the PDF's font subset made it). Arabic joining and pdfkit's text mapping read those
 * characters, so a font shared by many documents must shape with fresh glyph objects: otherwise a glyph
 * first made by the subset has no characters and Persian comes out unjoined, or a "C" first met in "Ç"
 * reads back as the cedilla.
 */
function freshGlyphs(face: object): void {
  const font = face as { _glyphs?: Record<number, unknown> };
  if (font._glyphs) font._glyphs = {};
}

/** Widths in font units of text pieces already measured by this thread (bounded: cleared when full). */
const advances = new Map<string, number>();

function advance(font: FontName, text: string): number {
  const key = `${font}\u0000${text}`;
  let units = advances.get(key);
  if (units === undefined) {
    const face = loadedFonts().get(font)!;
    freshGlyphs(face);
    units = (face.layout(text).advanceWidth * 1000) / face.unitsPerEm;
    if (advances.size > 20_000) advances.clear();
    advances.set(key, units);
  }
  return units;
}

/** Right-to-left characters (Hebrew, Arabic script and their presentation forms) or bidi controls. */
const needsBidi = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/u;

/** The width of a line at a size, in points: the sum of its font runs (order does not change it). */
export function measure(text: string, size: number, weight: FontWeight): number {
  const chars = charsOf(text);
  const fonts = families(chars, "latin");
  let units = 0;
  let start = 0;
  for (let i = 1; i <= chars.length; i++) {
    if (i < chars.length && fonts[i] === fonts[start]) continue;
    const family = fonts[start];
    if (family) units += advance(`${family}-${weight}`, chars.slice(start, i).map((char) => char.text).join(""));
    start = i;
  }
  return (units * size) / 1000;
}

/** The family each character is set in: its script's font, neutral characters that of their neighbours. */
function families(chars: Char[], fallback: FontFamily): (FontFamily | null)[] {
  const chosen: (FontFamily | null)[] = chars.map((char) => scriptFamily(char.code));
  let previous: FontFamily | null = null;
  for (let i = 0; i < chosen.length; i++) {
    if (chosen[i]) previous = chosen[i]!;
    else if (previous) chosen[i] = previous;
  }
  let next: FontFamily = fallback;
  for (let i = chosen.length - 1; i >= 0; i--) {
    if (scriptFamily(chars[i]!.code)) next = chosen[i]!;
    else if (!chosen[i]) chosen[i] = next;
  }
  return chosen.map((family, i) => {
    const code = chars[i]!.code;
    if (isBidiControl(code)) return null;
    if (familyHasGlyph(family!, code)) return family;
    return fallbackOrder.find((other) => familyHasGlyph(other, code)) ?? null;
  });
}

function charsOf(text: string): Char[] {
  const chars: Char[] = [];
  let index = 0;
  for (const char of text) {
    chars.push({ text: char, code: char.codePointAt(0)!, index });
    index += char.length;
  }
  return chars;
}

/** Runs in visual order, left to right. */
export function visualRuns(text: string, weight: FontWeight, direction: Direction): Run[] {
  const chars = charsOf(text);
  if (chars.length === 0) return [];
  const fallback: FontFamily = direction === "rtl" ? "arabic" : "latin";
  const fonts = families(chars, fallback);
  if (direction === "ltr" && !needsBidi.test(text)) {
    // Nothing to reorder: runs of one font, in logical order.
    const runs: Run[] = [];
    let start = 0;
    for (let i = 1; i <= chars.length; i++) {
      if (i < chars.length && fonts[i] === fonts[start]) continue;
      const family = fonts[start];
      if (family) runs.push({ text: chars.slice(start, i).map((char) => char.text).join(""), font: `${family}-${weight}`, rtl: false });
      start = i;
    }
    return runs;
  }
  const levels = bidi.getEmbeddingLevels(text, direction);
  // Visual order of the characters: apply the algorithm's reversals to their positions.
  const order = chars.map((_, i) => i);
  const byIndex = new Map(chars.map((char, i) => [char.index, i]));
  for (const [start, end] of bidi.getReorderSegments(text, levels)) {
    const from = byIndex.get(start);
    let to = byIndex.get(end);
    if (to === undefined) to = byIndex.get(end - 1); // a segment ending inside a surrogate pair
    if (from === undefined || to === undefined) continue;
    const slice = order.slice(from, to + 1).reverse();
    order.splice(from, slice.length, ...slice);
  }
  const groups: { chars: number[]; family: FontFamily; odd: boolean }[] = [];
  for (const i of order) {
    const family = fonts[i];
    if (!family) continue; // a bidi control, or a character no font has: not drawn
    const odd = (levels.levels[chars[i]!.index]! & 1) === 1;
    const last = groups.at(-1);
    if (last && last.family === family && last.odd === odd) last.chars.push(i);
    else groups.push({ chars: [i], family, odd });
  }
  return groups.map((group) => {
    const font: FontName = `${group.family}-${weight}`;
    const visual = group.chars.map((i) => chars[i]!.text);
    // fontkit sets any run with Arabic-script characters right to left: it reverses the glyphs it is given.
    const reversedByFontkit = group.chars.some((i) => isArabicScript(chars[i]!.code));
    if (!group.odd) {
      // Left to right inside a right-to-left line: Persian digits. Handed over reversed, fontkit turns them back.
      return reversedByFontkit ? { text: visual.reverse().join(""), font, rtl: true } : { text: visual.join(""), font, rtl: false };
    }
    // Right to left: mirrored brackets, and for fontkit the logical order.
    const mirrored = group.chars.map((i) => bidi.getMirroredCharacter(chars[i]!.text) ?? chars[i]!.text);
    return reversedByFontkit ? { text: mirrored.reverse().join(""), font, rtl: true } : { text: mirrored.join(""), font, rtl: false };
  });
}

/** The direction a text of its own reads in: that of its first letter with a direction (as HTML's dir="auto"). */
export function directionOf(text: string, fallback: Direction): Direction {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if ((code >= 0x0590 && code <= 0x08ff) || (code >= 0xfb1d && code <= 0xfdff) || (code >= 0xfe70 && code <= 0xfefc)) {
      if (code >= 0x06f0 && code <= 0x06f9) continue; // Persian digits have no direction of their own
      if (code >= 0x0660 && code <= 0x0669) continue;
      return "rtl";
    }
    if (/\p{L}/u.test(char)) return "ltr";
  }
  return fallback;
}

interface EmbeddedFont {
  layoutRun(text: string, features?: unknown): unknown;
  font: { _glyphs?: Record<number, unknown> };
  subset?: { glyphs: number[]; mapping?: Record<number, number>; encode(): unknown };
  sharedLayouts?: true;
}

/** Subset font files by font and glyph list, shared by the documents of this thread (bounded). */
const subsets = new Map<string, { bytes: unknown; glyphs: number[]; mapping?: Record<number, number> }>();

/** Shaped words per font, shared by every document this thread renders (bounded: cleared when full). */
const layouts = new Map<FontName, Map<string, unknown>>();

/**
 * pdfkit shapes every word again for each document (its cache lives in the document's font object),
 * which is most of a document's cost; its fonts here are shared, so the shaped words are too. This
 * wraps the font object's `layoutRun` (pdfkit 0.20's internal method; without it everything still
 * works, only slower).
 */
function shareLayouts(doc: PDFKit.PDFDocument, name: FontName): void {
  const font = (doc as unknown as { _font?: EmbeddedFont })._font;
  if (!font || font.sharedLayouts || typeof font.layoutRun !== "function") return;
  const original = font.layoutRun.bind(font);
  let cache = layouts.get(name);
  if (!cache) layouts.set(name, (cache = new Map()));
  const shared = cache;
  font.layoutRun = (text, features) => {
    const key = `${features ? "1" : "0"}${text}`;
    let run = shared.get(key);
    if (run === undefined) {
      freshGlyphs(font.font);
      run = original(text, features);
      if (shared.size > 20_000) shared.clear();
      shared.set(key, run);
    }
    return run;
  };
  // The font file embedded in the PDF: the same glyphs in the same order give the same subset, made
  // once (fontkit decodes every glyph again for each document otherwise).
  const subset = font.subset;
  if (subset && typeof subset.encode === "function") {
    const encode = subset.encode.bind(subset);
    subset.encode = () => {
      const key = `${name}:${subset.glyphs.join(",")}`;
      const known = subsets.get(key);
      if (known) {
        subset.glyphs = [...known.glyphs]; // the composite glyphs' parts it added
        if (known.mapping) subset.mapping = { ...known.mapping };
        return known.bytes;
      }
      const bytes = encode();
      freshGlyphs(font.font); // the subset made glyph objects without characters
      if (subsets.size > 200) subsets.clear();
      subsets.set(key, { bytes, glyphs: [...subset.glyphs], ...(subset.mapping ? { mapping: { ...subset.mapping } } : {}) });
      return bytes;
    };
  }
  font.sharedLayouts = true;
}

/** Sets text one line at a time at a size and weight, in a document's direction. */
export class TextSetter {
  private readonly runs = new Map<string, Run[]>();

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    readonly direction: Direction,
  ) {}

  private visual(text: string, weight: FontWeight, direction: Direction): Run[] {
    const key = `${weight}:${direction}:${text}`;
    let runs = this.runs.get(key);
    if (!runs) {
      runs = visualRuns(text, weight, direction);
      this.runs.set(key, runs);
    }
    return runs;
  }

  private runWidth(run: Run, size: number): number {
    return (advance(run.font, run.text) * size) / 1000;
  }

  width(text: string, size: number, weight: FontWeight = "regular"): number {
    return measure(text, size, weight);
  }

  /**
   * Draws one line with its baseline at y inside [x, x + width], aligned left, right or centred.
   * Returns the drawn width.
   */
  line(
    text: string,
    options: {
      x: number;
      baseline: number;
      width: number;
      size: number;
      weight?: FontWeight;
      align?: "left" | "right" | "center";
      color?: string;
      /** The line's own reading direction; the document's by default. */
      direction?: Direction;
    },
  ): number {
    const runs = this.visual(text, options.weight ?? "regular", options.direction ?? this.direction);
    const widths = runs.map((run) => this.runWidth(run, options.size));
    const total = widths.reduce((sum, width) => sum + width, 0);
    let x = options.x;
    if (options.align === "right") x = options.x + options.width - total;
    else if (options.align === "center") x = options.x + (options.width - total) / 2;
    this.doc.fillColor(options.color ?? "#1a1a1a");
    runs.forEach((run, i) => {
      this.doc.font(run.font);
      shareLayouts(this.doc, run.font);
      this.doc
        .fontSize(options.size)
        .text(run.text, x, options.baseline, {
          lineBreak: false,
          baseline: "alphabetic",
          // pdfkit would measure the run again; 0.20 takes the width already known (not in its typings).
          ...({ textWidth: widths[i]! } as PDFKit.Mixins.TextOptions),
          ...(run.rtl ? { features: [] } : {}),
        });
      x += widths[i]!;
    });
    return total;
  }

  /** Cuts text into lines no wider than width: at spaces, between Han characters, and inside a word too long for a line. */
  wrap(text: string, width: number, size: number, weight: FontWeight = "regular"): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split("\n")) {
      const tokens = paragraph.match(/[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef][\u3000-\u303f\uff0c\uff0e\uff1a\uff1b\uff01\uff1f]*|\s+|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+/gu) ?? [];
      let current = "";
      let currentWidth = 0;
      for (const token of tokens) {
        const tokenWidth = this.width(token, size, weight);
        if (currentWidth + (/^\s+$/.test(token) ? 0 : tokenWidth) <= width) {
          current += token;
          currentWidth += tokenWidth;
          continue;
        }
        if (/^\s+$/.test(token)) continue; // a space at the end of a full line
        if (current.trim()) lines.push(current.trimEnd());
        // The token starts a new line; one longer than a line is cut by characters (widths added up, shaping aside).
        let piece = "";
        let pieceWidth = 0;
        for (const char of token) {
          const charWidth = this.width(char, size, weight);
          if (piece && pieceWidth + charWidth > width) {
            lines.push(piece);
            piece = "";
            pieceWidth = 0;
          }
          piece += char;
          pieceWidth += charWidth;
        }
        current = piece;
        currentWidth = pieceWidth;
      }
      lines.push(current.trimEnd());
    }
    return lines;
  }
}
