import { afterEach, describe, expect, it } from "vitest";
import { countParams, formatBytes, formatNumber } from "@/lib/format";
import { changeLanguage, i18n, languages } from "@/lib/i18n";

const latinDigit = /[0-9]/;
const persianDigit = /[۰-۹]/;

afterEach(async () => {
  await changeLanguage("en", { persist: false });
});

describe("one numbering system per language", () => {
  it("formats numbers in the language's own digits and grouping", () => {
    expect(formatNumber(1234, "en")).toBe("1,234");
    expect(formatNumber(1234, "tr")).toBe("1.234");
    expect(formatNumber(1234, "fa")).toBe("۱٬۲۳۴");
    expect(formatNumber(0.5, "fa", { style: "percent" })).toBe("۵۰٪");
  });

  it("writes numbers put into messages in Persian digits in Persian, as its dates are", async () => {
    await changeLanguage("fa", { persist: false });
    const range = i18n.t("table.range", { from: 11, to: 20, total: 1234 });
    expect(range).toMatch(persianDigit);
    expect(range).not.toMatch(latinDigit);
    expect(range).toContain("۱٬۲۳۴");
    const pluralised = i18n.t("faq.search.results", { count: 12 });
    expect(pluralised).toContain("۱۲");
    expect(pluralised).not.toMatch(latinDigit);
  });

  it("keeps Latin digits (and the plural form) in English messages", () => {
    expect(i18n.t("table.range", { from: 1, to: 10, total: 1234 })).toBe("1–10 of 1,234");
    expect(i18n.t("faq.search.results", { count: 1 })).toBe("1 question found");
    expect(i18n.t("faq.search.results", { count: 3 })).toBe("3 questions found");
  });

  it.each(languages.map((language) => language.code))("%s: countParams gives the count's own digits", (code) => {
    expect(countParams(3, code)).toEqual({ count: 3, n: formatNumber(3, code) });
  });
});

describe("file sizes", () => {
  it("say bytes in the plural form the number needs", () => {
    expect(formatBytes(11, "en")).toBe("11 bytes");
    expect(formatBytes(1, "en")).toBe("1 byte");
    expect(formatBytes(0, "en")).toBe("0 bytes");
    expect(formatBytes(11, "pt-BR")).toBe("11 bytes");
    expect(formatBytes(1, "es")).toBe("1 byte");
  });

  it("keeps the short units above a kilobyte", () => {
    expect(formatBytes(1536, "en")).toBe("1.5 kB");
    expect(formatBytes(5 * 1024 * 1024, "tr")).toBe("5 MB");
  });

  it("writes sizes in Persian digits in Persian", () => {
    expect(formatBytes(11, "fa")).toBe("۱۱ بایت");
    expect(formatBytes(1536, "fa")).toMatch(/^۱٫۵/);
  });
});
