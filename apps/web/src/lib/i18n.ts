import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import type { Messages } from "@/locales/en";
import englishCore from "@/locales/en/core";
import { readStorage, storageKeys, writeStorage } from "./storage";

/** Spec section 9: English (default and fallback), Turkish, Spanish, Simplified Chinese, Persian, Brazilian Portuguese. */
export const languages = [
  { code: "en", nativeName: "English", dir: "ltr" },
  { code: "tr", nativeName: "Türkçe", dir: "ltr" },
  { code: "es", nativeName: "Español", dir: "ltr" },
  { code: "zh-CN", nativeName: "简体中文", dir: "ltr" },
  { code: "fa", nativeName: "فارسی", dir: "rtl" },
  { code: "pt-BR", nativeName: "Português (Brasil)", dir: "ltr" },
] as const;

export type Language = (typeof languages)[number]["code"];
export type Direction = "ltr" | "rtl";

export const DEFAULT_LANGUAGE: Language = "en";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && languages.some((language) => language.code === value);
}

export function directionOf(language: Language): Direction {
  return languages.find((entry) => entry.code === language)?.dir ?? "ltr";
}

/**
 * English's shell and auth strings ship in the entry chunk (the rest follows with the main layout,
 * see loadEnglishAreas); every other language is its own chunk, fetched when chosen.
 */
const loaders: Record<Language, () => Promise<{ default: Messages }>> = {
  en: async () => ({ default: englishCore as Messages }),
  tr: () => import("@/locales/tr"),
  es: () => import("@/locales/es"),
  "zh-CN": () => import("@/locales/zh-CN"),
  fa: () => import("@/locales/fa"),
  "pt-BR": () => import("@/locales/pt-BR"),
};

let englishAreas: Promise<void> | undefined;

/** The English strings of the logged-in areas, in a chunk of their own so /auth/login does not load them. */
export function loadEnglishAreas(): Promise<void> {
  englishAreas ??= import("@/locales/en/areas").then(({ default: areas }) => {
    i18n.addResourceBundle("en", "translation", areas, true, true);
  });
  return englishAreas;
}

/**
 * English strings of one area (`tickets`, `faq`, `mfa`) in a chunk of their own, loaded with that
 * area's pages, so the other pages (and /dashboard) do not carry them. Each loads once.
 */
function englishArea(area: string, load: () => Promise<{ default: object }>): () => Promise<void> {
  let loaded: Promise<void> | undefined;
  return () =>
    (loaded ??= load().then(({ default: strings }) => {
      i18n.addResourceBundle("en", "translation", { [area]: strings }, true, true);
    }));
}

/** The English strings of the ticket screens: loaded with those pages, so the other pages do not carry them. */
export const loadEnglishTickets = englishArea("tickets", () => import("@/locales/en/tickets"));
/** The FAQ's and demo requests' English strings, with the FAQ pages. */
export const loadEnglishFaq = englishArea("faq", () => import("@/locales/en/faq"));
/** The MFA authenticator's English strings, with its page. */
export const loadEnglishMfa = englishArea("mfa", () => import("@/locales/en/mfa"));

async function ensureLoaded(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, "translation")) return;
  const messages = (await loaders[language]()).default;
  i18n.addResourceBundle(language, "translation", messages, true, true);
}

export function storedLanguage(): Language {
  const stored = readStorage(storageKeys.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** `lang` and `dir` on <html>: Mantine's DirectionProvider follows `dir`, so the sidebar moves right in Persian. */
export function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

export async function initI18n(language: Language = storedLanguage()): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: languages.map((entry) => entry.code),
      resources: { en: { translation: englishCore } },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
      showSupportNotice: false,
    });
  }
  await changeLanguage(language, { persist: false });
  return i18n;
}

export async function changeLanguage(language: Language, { persist = true } = {}): Promise<void> {
  await ensureLoaded(language);
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
  if (persist) writeStorage(storageKeys.language, language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

export { i18n };
