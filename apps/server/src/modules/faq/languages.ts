import { portalLanguages, type PortalLanguage } from "@portal/contract";

/**
 * The portal language for a BCP 47 tag: the same code ("pt-BR", case aside), else the language's
 * own subtag ("tr-TR" → tr, "pt" → pt-BR, "zh-Hans" → zh-CN); undefined for a language we lack.
 */
export function portalLanguageOf(tag: string): PortalLanguage | undefined {
  const wanted = tag.trim().toLowerCase();
  if (!wanted) return undefined;
  const exact = portalLanguages.find((language) => language.toLowerCase() === wanted);
  if (exact) return exact;
  const primary = wanted.split(/[-_]/)[0];
  return portalLanguages.find((language) => language.toLowerCase().split("-")[0] === primary);
}

/** Accept-Language's tags, most wanted first (q=0 and "*" left out; equal weights keep their order). */
export function acceptedLanguageTags(header: string): string[] {
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...parameters] = part.trim().split(";");
      const q = parameters.map((parameter) => /^\s*q\s*=(.*)$/i.exec(parameter)?.[1]?.trim()).find((value) => value !== undefined);
      // A weight that is not a number makes the entry unusable rather than fully wanted.
      return { tag: tag.trim(), weight: q === undefined ? 1 : /^[0-9.]+$/.test(q) ? Number(q) : Number.NaN, index };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && Number.isFinite(entry.weight) && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** API: the `lang` query wins, then Accept-Language, then English. */
export function negotiateLanguage(lang: string | undefined, acceptLanguage: string | undefined): PortalLanguage {
  const fromQuery = lang ? portalLanguageOf(lang) : undefined;
  if (fromQuery) return fromQuery;
  for (const tag of acceptedLanguageTags(acceptLanguage ?? "")) {
    const language = portalLanguageOf(tag);
    if (language) return language;
  }
  return "en";
}
