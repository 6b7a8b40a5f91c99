import { FAQ_LIMITS, portalLanguages, type FaqEntry, type FaqEntryBody, type PortalLanguage } from "@portal/contract";

/** The FAQ editor's values: one question and answer per language tab (empty means "not written"). */
export interface EntryFormValues {
  categoryId: string;
  popular: boolean;
  /** Empty: put it last in its category. */
  order: number | "";
  texts: Record<PortalLanguage, { question: string; answer: string }>;
}

export type EntryFormErrors = {
  categoryId?: "required";
  /** No language written at all. */
  form?: "atLeastOne";
  texts: Partial<Record<PortalLanguage, { question?: "required" | "tooLong"; answer?: "required" | "tooLong" }>>;
};

export function emptyTexts(): EntryFormValues["texts"] {
  return Object.fromEntries(portalLanguages.map((language) => [language, { question: "", answer: "" }])) as EntryFormValues["texts"];
}

export function entryFormValues(entry: FaqEntry | null, defaultCategoryId = ""): EntryFormValues {
  const texts = emptyTexts();
  if (entry) {
    for (const language of portalLanguages) texts[language] = { question: entry.question[language] ?? "", answer: entry.answer[language] ?? "" };
  }
  return { categoryId: entry?.categoryId ?? defaultCategoryId, popular: entry?.popular ?? false, order: entry ? entry.order : "", texts };
}

/** A language is written when its question or its answer has text. */
export function isWritten(texts: { question: string; answer: string }): boolean {
  return texts.question.trim() !== "" || texts.answer.trim() !== "";
}

/**
 * The same rules as the contract's schema, per field of the editor: a category, at least one
 * language, and in each written language both the question and the answer, within their lengths.
 * Answers the body to send when nothing is wrong.
 */
export function checkEntryForm(values: EntryFormValues): { errors: EntryFormErrors; body?: FaqEntryBody } {
  const errors: EntryFormErrors = { texts: {} };
  if (!values.categoryId) errors.categoryId = "required";
  const question: Partial<Record<PortalLanguage, string>> = {};
  const answer: Partial<Record<PortalLanguage, string>> = {};
  for (const language of portalLanguages) {
    const texts = values.texts[language];
    if (!isWritten(texts)) continue;
    const q = texts.question.trim();
    const a = texts.answer.trim();
    const own: { question?: "required" | "tooLong"; answer?: "required" | "tooLong" } = {};
    if (!q) own.question = "required";
    else if (q.length > FAQ_LIMITS.question) own.question = "tooLong";
    if (!a) own.answer = "required";
    else if (a.length > FAQ_LIMITS.answer) own.answer = "tooLong";
    if (own.question || own.answer) errors.texts[language] = own;
    question[language] = q;
    answer[language] = a;
  }
  if (Object.keys(question).length === 0) errors.form = "atLeastOne";
  const failed = errors.categoryId || errors.form || Object.keys(errors.texts).length > 0;
  if (failed) return { errors };
  return {
    errors,
    body: { categoryId: values.categoryId, popular: values.popular, ...(values.order === "" ? {} : { order: values.order }), question, answer },
  };
}

/** The language of the name or question shown in lists: the reader's, else English, else the first written. */
export function inLanguage(texts: Partial<Record<PortalLanguage, string>>, language: string): string {
  const own = texts[language as PortalLanguage];
  if (own) return own;
  if (texts.en) return texts.en;
  return portalLanguages.map((code) => texts[code]).find(Boolean) ?? "";
}
