import i18n, { type FormatterModule } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Messages } from "@/locales/en";
import englishCore from "@/locales/en/core";
import { subscribeDisplaySettings } from "./display-settings";
import { formatNumber } from "./format";
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

/** Features whose English strings are a chunk of their own, loaded with the feature's pages. */
const englishFeatures = {
  tickets: () => import("@/locales/en/tickets"),
  updates: () => import("@/locales/en/updates"),
  logMonitor: () => import("@/locales/en/log-monitor"),
  faq: () => import("@/locales/en/faq"),
  mfa: () => import("@/locales/en/mfa"),
  outbox: () => import("@/locales/en/outbox"),
};
export type EnglishFeature = keyof typeof englishFeatures;
const englishFeatureLoads = new Map<EnglishFeature, Promise<void>>();

/** The English strings of one feature's screens (tickets, updates): the other pages do not carry them. */
export function loadEnglishFeature(feature: EnglishFeature): Promise<void> {
  let load = englishFeatureLoads.get(feature);
  if (!load) {
    load = englishFeatures[feature]().then(({ default: strings }) => {
      i18n.addResourceBundle("en", "translation", { [feature]: strings }, true, true);
    });
    englishFeatureLoads.set(feature, load);
  }
  return load;
}

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

const DISPLAY_SETTINGS_CHANGED = "displaySettingsChanged";
subscribeDisplaySettings(() => i18n.emit(DISPLAY_SETTINGS_CHANGED));

/**
 * Every number put into a message ({{count}}, {{total}}, {{page}}) is written in the language's
 * digits like every other number of the interface (lib/format.ts): raw, i18next would print Latin
 * digits into Persian sentences whose dates show Persian ones. `count` still picks the plural form
 * from the number itself.
 */
const numbersInMessages: FormatterModule = {
  type: "formatter",
  init: () => {},
  add: () => {},
  addCached: () => {},
  format: (value: unknown, _format, language) => (typeof value === "number" ? formatNumber(value, language) : (value as string)),
};

export async function initI18n(language: Language = storedLanguage()): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).use(numbersInMessages).init({
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: languages.map((entry) => entry.code),
      resources: { en: { translation: englishCore } },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false, alwaysFormat: true },
      returnNull: false,
      // A new time zone or density re-renders every translated component like a new language does,
      // so each time the formatters (lib/format.ts) print is redrawn in the new zone.
      react: { useSuspense: false, bindI18n: `languageChanged ${DISPLAY_SETTINGS_CHANGED}` },
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
