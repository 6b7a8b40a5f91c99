import { z } from "zod";
import { messageOf } from "./messages.js";
import { emailField, listQuerySchema, timestamp } from "./common.js";

/** Spec section 9: the languages of the interface, English first (the default and the fallback). */
export const portalLanguages = ["en", "tr", "es", "zh-CN", "fa", "pt-BR"] as const;
export type PortalLanguage = (typeof portalLanguages)[number];

/**
 * The nine FAQ categories (spec section 2), by stable key: the products of spec section 1 (network
 * access control, Wi-Fi access, voice, logs, the two still in development) and the support, training
 * and sales channels. Their names are data, per language, which an administrator may change.
 */
export const faqCategoryKeys = [
  "network-access",
  "wifi-access",
  "voice",
  "log-management",
  "threat-analytics",
  "endpoint-inventory",
  "support",
  "training",
  "sales",
] as const;
export type FaqCategoryKey = (typeof faqCategoryKeys)[number];

export const FAQ_LIMITS = { question: 300, answer: 20_000, categoryName: 80, search: 200 } as const;

/** One text per language code; only the listed codes, each optional, at least one given. */
function perLanguage(label: string, maxLength: number) {
  const text = z
    .string({ error: messageOf("validation.notText", { label }) })
    .trim()
    .min(1, { error: messageOf("validation.required", { label }) })
    .max(maxLength, { error: messageOf("validation.tooLong", { label, max: maxLength }) })
    .optional();
  return z
    .strictObject(Object.fromEntries(portalLanguages.map((language) => [language, text])) as Record<PortalLanguage, typeof text>, {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? messageOf("faq.validation.languages", { languages: portalLanguages.join(", ") })
          : messageOf("faq.validation.perLanguage", { label }),
    })
    .refine((texts) => Object.values(texts).some((value) => value !== undefined), { error: messageOf("faq.validation.oneLanguage", { label }) });
}

export type PerLanguage = Partial<Record<PortalLanguage, string>>;

export const faqCategorySchema = z
  .object({ id: z.uuid(), key: z.string(), name: z.string(), order: z.number().int() })
  .meta({ id: "FaqCategory" });
export type FaqCategory = z.infer<typeof faqCategorySchema>;

/** A question as a reader sees it: the texts of one language (`language`: the one served, after fallback). */
export const faqItemSchema = z
  .object({
    id: z.uuid(),
    categoryId: z.uuid(),
    question: z.string(),
    /** Markdown, exactly as written: the server never turns it into HTML. */
    answer: z.string(),
    popular: z.boolean(),
    order: z.number().int(),
    language: z.enum(portalLanguages),
  })
  .meta({ id: "FaqItem" });
export type FaqItem = z.infer<typeof faqItemSchema>;

export const faqSchema = z
  .object({ language: z.enum(portalLanguages), categories: z.array(faqCategorySchema), items: z.array(faqItemSchema) })
  .meta({ id: "Faq" });
export type Faq = z.infer<typeof faqSchema>;

export const faqQuerySchema = z.strictObject({
  /** A language code or tag ("tr", "pt-BR", "pt"); otherwise Accept-Language decides, then English. */
  lang: z.string().trim().max(35, { error: messageOf("faq.validation.languageTag") }).optional(),
  q: z.string().trim().max(FAQ_LIMITS.search, { error: messageOf("validation.tooLong", { label: "Search text", max: FAQ_LIMITS.search }) }).optional(),
});

const order = z
  .number({ error: messageOf("faq.validation.orderWhole") })
  .int({ error: messageOf("faq.validation.orderWhole") })
  .min(0, { error: messageOf("faq.validation.orderMin") })
  .max(1_000_000, { error: messageOf("faq.validation.orderMax") });

/** POST and PUT /faq: the whole entry; a language missing from the body has no text (PUT removes it). */
export const faqEntryBodySchema = z
  .strictObject({
    categoryId: z.uuid({ error: messageOf("faq.validation.category") }),
    popular: z.boolean({ error: messageOf("validation.trueOrFalse", { label: "Popular" }) }).default(false),
    /** Position inside the category (ascending); without it a new entry goes last. */
    order: order.optional(),
    question: perLanguage("Question", FAQ_LIMITS.question),
    answer: perLanguage("Answer", FAQ_LIMITS.answer),
  })
  .superRefine((entry, context) => {
    // A language is written whole: a question without its answer (or the reverse) is refused on the missing side.
    for (const language of portalLanguages) {
      const question = entry.question[language];
      const answer = entry.answer[language];
      if (question !== undefined && answer === undefined) context.addIssue({ code: "custom", path: ["answer", language], message: messageOf("validation.required", { label: "Answer" }) });
      if (answer !== undefined && question === undefined) context.addIssue({ code: "custom", path: ["question", language], message: messageOf("validation.required", { label: "Question" }) });
    }
  })
  .meta({ id: "FaqEntryBody" });
export type FaqEntryBody = z.input<typeof faqEntryBodySchema>;

/** An entry as administrators edit it: every language's texts. */
export const faqEntrySchema = z
  .object({
    id: z.uuid(),
    categoryId: z.uuid(),
    popular: z.boolean(),
    order: z.number().int(),
    question: z.partialRecord(z.enum(portalLanguages), z.string()),
    answer: z.partialRecord(z.enum(portalLanguages), z.string()),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "FaqEntry" });
export type FaqEntry = z.infer<typeof faqEntrySchema>;

/** `q` searches questions and answers in every language; `position` is category order, then entry order. */
export const faqEntryListQuerySchema = listQuerySchema(["position", "updatedAt", "createdAt"] as const, { sort: "position", order: "asc" }).extend({
  categoryId: z.uuid({ error: messageOf("validation.notValidId") }).optional(),
});

export const faqMoveBodySchema = z
  .strictObject({ direction: z.enum(["up", "down"], { error: messageOf("faq.validation.direction") }) })
  .meta({ id: "FaqMoveBody" });
export type FaqMoveBody = z.input<typeof faqMoveBodySchema>;

/** A category with its names in every language, as administrators rename it. */
export const faqCategoryAdminSchema = z
  .object({ id: z.uuid(), key: z.string(), order: z.number().int(), name: z.partialRecord(z.enum(portalLanguages), z.string()) })
  .meta({ id: "FaqCategoryAdmin" });
export type FaqCategoryAdmin = z.infer<typeof faqCategoryAdminSchema>;

/** PUT /faq/categories/{id}: the names by language (a language left out falls back to English). */
export const faqCategoryBodySchema = z
  .strictObject({ name: perLanguage("Name", FAQ_LIMITS.categoryName) })
  .meta({ id: "FaqCategoryBody" });
export type FaqCategoryBody = z.input<typeof faqCategoryBodySchema>;

const optionalText = (label: string, maxLength: number) =>
  z
    .string({ error: messageOf("validation.notText", { label }) })
    .trim()
    .max(maxLength, { error: messageOf("validation.tooLong", { label, max: maxLength }) })
    .optional();

/** Spec section 5: the demo request needs a valid e-mail; the rest is optional. */
export const demoRequestBodySchema = z
  .strictObject({
    email: emailField,
    name: optionalText("Name", 200),
    company: optionalText("Company", 200),
    product: optionalText("Product", 200),
    message: optionalText("Message", 5_000),
  })
  .meta({ id: "DemoRequestBody" });
export type DemoRequestBody = z.input<typeof demoRequestBodySchema>;

export const demoRequestSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string().nullable(),
    company: z.string().nullable(),
    product: z.string().nullable(),
    message: z.string().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: "DemoRequest" });
export type DemoRequest = z.infer<typeof demoRequestSchema>;

export const demoRequestListQuerySchema = listQuerySchema(["createdAt", "email", "name", "company", "product"] as const, {
  sort: "createdAt",
  order: "desc",
});
