/**
 * The fonts an order document is set in, all from npm packages under the SIL Open Font License:
 * Noto Sans (Latin, Cyrillic, Greek), Vazirmatn (Arabic script: Persian, Arabic) and Noto Sans SC (Han,
 * kana, CJK punctuation). Every text run is set in the first font of its script that has its glyphs.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";

export type FontFamily = "latin" | "arabic" | "han";
export type FontWeight = "regular" | "bold";
/** pdfkit's registered font name: `${family}-${weight}`. */
export type FontName = `${FontFamily}-${FontWeight}`;

const require = createRequire(import.meta.url);

const files: Record<FontName, string> = {
  "latin-regular": "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf",
  "latin-bold": "@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf",
  "arabic-regular": "@expo-google-fonts/vazirmatn/400Regular/Vazirmatn_400Regular.ttf",
  "arabic-bold": "@expo-google-fonts/vazirmatn/700Bold/Vazirmatn_700Bold.ttf",
  "han-regular": "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
  "han-bold": "@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf",
};

export const fontNames = Object.keys(files) as FontName[];

export function fontFile(name: FontName): string {
  return require.resolve(files[name]);
}

let loaded: Map<FontName, fontkit.Font> | undefined;

/**
 * The fonts, read and parsed once per thread and shared by every document it renders: fontkit keeps
 * the tables it has parsed (character map, shaping rules, glyphs), which would cost hundreds of
 * milliseconds to parse again for each document.
 */
export function loadedFonts(): Map<FontName, fontkit.Font> {
  loaded ??= new Map(fontNames.map((name) => [name, fontkit.create(readFileSync(fontFile(name))) as fontkit.Font]));
  return loaded;
}

/** Format characters that steer the bidi algorithm (LRM, RLM, ALM, embeddings, isolates): never drawn. */
export function isBidiControl(code: number): boolean {
  return (
    code === 0x200e ||
    code === 0x200f ||
    code === 0x061c ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

export function isArabicScript(code: number): boolean {
  return (
    (code >= 0x0600 && code <= 0x06ff) ||
    (code >= 0x0750 && code <= 0x077f) ||
    (code >= 0x08a0 && code <= 0x08ff) ||
    (code >= 0xfb50 && code <= 0xfdff) ||
    (code >= 0xfe70 && code <= 0xfeff)
  );
}

export function isHanScript(code: number): boolean {
  return (
    (code >= 0x2e80 && code <= 0x2fdf) || // radicals
    (code >= 0x3000 && code <= 0x30ff) || // CJK punctuation, kana
    (code >= 0x3100 && code <= 0x31ff) || // bopomofo, kana extensions
    (code >= 0x3200 && code <= 0x9fff) || // enclosed, compatibility, extension A, unified ideographs
    (code >= 0xf900 && code <= 0xfaff) || // compatibility ideographs
    (code >= 0xfe30 && code <= 0xfe4f) || // CJK compatibility forms
    (code >= 0xff00 && code <= 0xffef) || // half- and full-width forms
    (code >= 0x20000 && code <= 0x3ffff) // extensions B and later
  );
}

/** The font family a character's script asks for, or null for characters any font may set (digits, spaces, punctuation). */
export function scriptFamily(code: number): FontFamily | null {
  if (isArabicScript(code)) return "arabic";
  if (isHanScript(code)) return "han";
  if (code < 0x0041 || (code >= 0x2000 && code <= 0x206f) || code === 0x00a0) return null; // ASCII digits/punctuation, general punctuation
  if ((code >= 0x005b && code <= 0x0060) || (code >= 0x007b && code <= 0x00bf) || code === 0x00d7 || code === 0x00f7) return null;
  return "latin";
}
