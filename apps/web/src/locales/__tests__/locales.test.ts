import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { auditActions, auditTargetTypes, customerActivityActions, errorCodes } from "@portal/contract";
import { describe, expect, it } from "vitest";
import { changeLanguage, i18n, languages } from "@/lib/i18n";
import en from "../en";
import es from "../es";
import fa from "../fa";
import ptBR from "../pt-BR";
import tr from "../tr";
import zhCN from "../zh-CN";

type Tree = { [key: string]: string | Tree };

/** "a.b.c" → value, for every leaf. */
function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const english = flatten(en as unknown as Tree);
const others: Record<string, Tree> = { tr, es, "zh-CN": zhCN, fa, "pt-BR": ptBR } as unknown as Record<string, Tree>;

/** Words that stay the same in a translation (brand, acronyms, language-neutral tokens). */
const sameEverywhere = new Set(["nav.faq", "profileMenu.faq", "pages.faq.title", "pages.dashboard.links.faq", "nav.admin.mfaAuthenticator", "app.pageTitle"]);

/** i18next's plural suffixes: Intl.PluralRules' categories. */
const pluralSuffix = /_(zero|one|two|few|many|other)$/;
/** Keys English has in plural forms ("faq.search.results" for results_one and results_other). */
const pluralKeys = new Set([...english.keys()].filter((key) => pluralSuffix.test(key)).map((key) => key.replace(pluralSuffix, "")));

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe("locales", () => {
  it("there is a folder for every language of the selector, and nothing else", () => {
    const dir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
    const folders = readdirSync(dir).filter((name) => name !== "__tests__" && statSync(path.join(dir, name)).isDirectory());
    expect(folders.sort()).toEqual(languages.map((language) => language.code).sort());
    expect(Object.keys(others).sort()).toEqual(languages.map((l) => l.code).filter((code) => code !== "en").sort());
  });

  it("English has a message for every error code of the contract", () => {
    for (const code of errorCodes) expect(english.get(`errors.codes.${code}`), code).toBeTruthy();
  });

  it("English has no empty message", () => {
    for (const [key, value] of english) expect(value.trim(), key).not.toBe("");
  });

  it.each(languages.map((language) => [language.code, language.dir] as const))(
    "switching to %s loads its messages, sets <html lang> and dir=%s, and remembers it",
    async (code, dir) => {
      await changeLanguage(code);
      try {
        expect(i18n.resolvedLanguage).toBe(code);
        const expected = code === "en" ? en.nav.dashboard : (others[code]!.nav as Tree).dashboard;
        expect(i18n.t("nav.dashboard")).toBe(expected);
        expect(document.documentElement.lang).toBe(code);
        expect(document.documentElement.dir).toBe(dir);
        expect(window.localStorage.getItem("language")).toBe(code);
      } finally {
        await changeLanguage("en", { persist: false });
      }
    },
  );

  // The contract lists every action and target type the server can record (recordAudit takes no
  // other): one added there without words in every language fails here.
  describe.each(Object.entries({ en: en as unknown as Tree, ...others }))("%s names what the audit log records", (code, messages) => {
    const flat = flatten(messages);
    const missing = (keys: string[]) => keys.filter((key) => !flat.get(key)?.trim());

    it("every action, for the log monitor", () => {
      expect(missing(auditActions.map((action) => `logMonitor.actions.${action}`)), code).toEqual([]);
    });

    it("every target type, for the log monitor", () => {
      expect(missing(auditTargetTypes.map((type) => `logMonitor.targetTypes.${type}`)), code).toEqual([]);
    });

    it("every action a customer's recent activity lists, for the dashboard", () => {
      expect(missing(customerActivityActions.map((action) => `dashboards.activity.${action}`)), code).toEqual([]);
    });
  });

  describe.each(Object.entries(others))("%s", (code, messages) => {
    const flat = flatten(messages);

    it("has every key English has", () => {
      const missing = [...english.keys()].filter((key) => !flat.has(key));
      expect(missing, `${code} lacks: ${missing.join(", ")}`).toEqual([]);
    });

    it("has no key English does not have", () => {
      // A plural form English does without (Spanish's "many") is not an extra.
      const extra = [...flat.keys()].filter((key) => !english.has(key) && !pluralKeys.has(key.replace(pluralSuffix, "")));
      expect(extra, `${code} has extra: ${extra.join(", ")}`).toEqual([]);
    });

    it("has no empty message", () => {
      for (const [key, value] of flat) expect(value.trim(), `${code}: ${key}`).not.toBe("");
    });

    it("keeps every {{placeholder}}", () => {
      for (const [key, value] of english) expect(placeholders(flat.get(key) ?? ""), `${code}: ${key}`).toEqual(placeholders(value));
    });

    it("is a translation, not a copy of English", () => {
      const copied = [...english].filter(([key, value]) => !sameEverywhere.has(key) && flat.get(key) === value).map(([key]) => key);
      // A few words can legitimately be the same (e.g. "Email" in Spanish-speaking UIs); whole screens cannot.
      expect(copied.length / english.size, `${code} copies English for: ${copied.join(", ")}`).toBeLessThan(0.03);
    });
  });
});

describe("plural forms", () => {
  const all: Record<string, Map<string, string>> = { en: english, ...Object.fromEntries(Object.entries(others).map(([code, tree]) => [code, flatten(tree)])) };

  it("English counts in plural forms wherever it counts", () => {
    expect(pluralKeys.size).toBeGreaterThan(10);
    expect(pluralKeys).toContain("commerce.custom.confirmText");
  });

  // i18next picks `key_<category>` by Intl.PluralRules; a category a language lacks falls back to
  // English (Spanish "many": "1.000.000 days" in a Spanish page).
  it.each(languages.map((language) => language.code))("%s has every plural form its language needs, for every counted message", (code) => {
    const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    const missing = [...pluralKeys].flatMap((key) => categories.filter((category) => !all[code]!.has(`${key}_${category}`)).map((category) => `${key}_${category}`));
    expect(missing, `${code} lacks: ${missing.join(", ")}`).toEqual([]);
  });

  it("says the plural form in Spanish for a million", async () => {
    await changeLanguage("es", { persist: false });
    try {
      expect(i18n.t("commerce.plans.durationValue", { count: 1_000_000 })).toBe("1.000.000 días");
      expect(i18n.t("commerce.custom.confirmText", { count: 1, price: "10 €" })).toContain("1 función");
    } finally {
      await changeLanguage("en", { persist: false });
    }
  });
});
