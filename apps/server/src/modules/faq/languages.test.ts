import { describe, expect, it } from "vitest";
import { acceptedLanguageTags, negotiateLanguage, portalLanguageOf } from "./languages.js";

describe("FAQ language negotiation", () => {
  it("maps a tag to a portal language by code, then by the language subtag", () => {
    expect(portalLanguageOf("pt-BR")).toBe("pt-BR");
    expect(portalLanguageOf("PT-br")).toBe("pt-BR");
    expect(portalLanguageOf("pt")).toBe("pt-BR");
    expect(portalLanguageOf("pt-PT")).toBe("pt-BR");
    expect(portalLanguageOf("tr-TR")).toBe("tr");
    expect(portalLanguageOf("zh")).toBe("zh-CN");
    expect(portalLanguageOf("zh-Hans-CN")).toBe("zh-CN");
    expect(portalLanguageOf("fa_IR")).toBe("fa");
    expect(portalLanguageOf("de-DE")).toBeUndefined();
    expect(portalLanguageOf("")).toBeUndefined();
  });

  it("reads Accept-Language by weight, keeping the order of equal weights and dropping q=0 and *", () => {
    expect(acceptedLanguageTags("de-DE,de;q=0.9,tr;q=0.8,en;q=0.7")).toEqual(["de-DE", "de", "tr", "en"]);
    expect(acceptedLanguageTags("en;q=0.1, fa;q=0.5, *;q=0.9")).toEqual(["fa", "en"]);
    expect(acceptedLanguageTags("es;q=0, pt")).toEqual(["pt"]);
    expect(acceptedLanguageTags("")).toEqual([]);
    expect(acceptedLanguageTags("tr;q=abc, es")).toEqual(["es"]);
  });

  it("prefers the lang query, then Accept-Language, then English", () => {
    expect(negotiateLanguage("tr", "es")).toBe("tr");
    expect(negotiateLanguage("klingon", "de, es;q=0.5")).toBe("es");
    expect(negotiateLanguage(undefined, "de, fr")).toBe("en");
    expect(negotiateLanguage(undefined, undefined)).toBe("en");
  });
});
