import type { Faq, FaqEntry } from "@portal/contract";
import { describe, expect, it } from "vitest";
import { checkEntryForm, entryFormValues, inLanguage } from "../lib/entry-form";
import { countsByCategory, faqSections, popularItems, productNames } from "../lib/faq-view";

const category = "11111111-1111-4111-8111-111111111111";

describe("the FAQ editor's rules", () => {
  it("needs a category and one language written whole; sends only the written languages, trimmed", () => {
    const values = entryFormValues(null);
    expect(checkEntryForm(values).errors).toEqual({ categoryId: "required", form: "atLeastOne", texts: {} });

    values.categoryId = category;
    values.texts.tr = { question: " Fiyat? ", answer: "" };
    values.texts.es = { question: "", answer: "Vea los planes." };
    expect(checkEntryForm(values).errors.texts).toEqual({ tr: { answer: "required" }, es: { question: "required" } });

    values.texts.tr.answer = "Planlara bakın.";
    values.texts.es = { question: "", answer: "" };
    values.popular = true;
    expect(checkEntryForm(values).body).toEqual({ categoryId: category, popular: true, question: { tr: "Fiyat?" }, answer: { tr: "Planlara bakın." } });
    values.order = 3;
    expect(checkEntryForm(values).body?.order).toBe(3);

    values.texts.en = { question: "x".repeat(301), answer: "ok" };
    expect(checkEntryForm(values).errors.texts.en).toEqual({ question: "tooLong" });
  });

  it("starts from an entry's texts, empty for the languages it lacks", () => {
    const entry: FaqEntry = {
      id: "22222222-2222-4222-8222-222222222222",
      categoryId: category,
      popular: false,
      order: 2,
      question: { en: "Q", fa: "پ" },
      answer: { en: "A", fa: "پاسخ" },
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    };
    const values = entryFormValues(entry);
    expect(values.order).toBe(2);
    expect(values.texts.fa).toEqual({ question: "پ", answer: "پاسخ" });
    expect(values.texts.tr).toEqual({ question: "", answer: "" });
    expect(inLanguage(entry.question, "fa")).toBe("پ");
    expect(inLanguage(entry.question, "tr")).toBe("Q");
    expect(inLanguage({ es: "P" }, "tr")).toBe("P");
  });
});

describe("the FAQ page's view", () => {
  const faq: Faq = {
    language: "en",
    categories: [
      { id: "c1", key: "network-access", name: "NAC", order: 0 },
      { id: "c2", key: "voice", name: "Voice", order: 1 },
      { id: "c3", key: "support", name: "Support", order: 2 },
    ],
    items: [
      { id: "i1", categoryId: "c1", question: "Q1", answer: "A", popular: true, order: 0, language: "en" },
      { id: "i2", categoryId: "c3", question: "Q2", answer: "A", popular: false, order: 0, language: "en" },
      { id: "i3", categoryId: "c3", question: "Q3", answer: "A", popular: true, order: 1, language: "en" },
    ] as Faq["items"],
  };

  it("groups questions by category in order, leaves empty categories out, and can keep one", () => {
    expect(faqSections(faq).map((section) => [section.category.key, section.items.map((item) => item.id)])).toEqual([
      ["network-access", ["i1"]],
      ["support", ["i2", "i3"]],
    ]);
    expect(faqSections(faq, "support").map((section) => section.category.key)).toEqual(["support"]);
    expect(faqSections(faq, "voice")).toEqual([]);
    expect([...countsByCategory(faq)]).toEqual([
      ["c1", 1],
      ["c3", 2],
    ]);
    expect(popularItems(faq).map((item) => item.id)).toEqual(["i1", "i3"]);
    expect(productNames(faq)).toEqual(["NAC", "Voice"]);
  });
});
