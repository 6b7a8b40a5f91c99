import { z } from "zod";
import { messageOf } from "./messages.js";
import { descriptionField, listQuerySchema, requiredText, timestamp } from "./common.js";
import { planPolicyFields, planPolicySchema } from "./licensing.js";

export const currencies = ["USD", "EUR", "TRY"] as const;
export const currency = z.enum(currencies, { error: messageOf("commerce.validation.currency") });
export type Currency = z.infer<typeof currency>;
export const billingPeriods = ["monthly", "yearly", "once"] as const;
export const billingPeriod = z.enum(billingPeriods, { error: messageOf("commerce.validation.billingPeriod") });
export const CUSTOM_PLAN_CURRENCY: Currency = "USD";
/** What a custom plan (chosen features, or a licence request for features) gets: a year, one activation. */
export const CUSTOM_PLAN_DEFAULTS = { durationDays: 365, maxActivations: 1, billingPeriod: "yearly" } as const;

/** Money as a number with at most two decimals (stored as whole cents). */
export const priceField = z
  .number({ error: messageOf("commerce.validation.priceNumber") })
  .min(0, { error: messageOf("commerce.validation.priceNegative") })
  .max(10_000_000, { error: messageOf("commerce.validation.priceTooLarge") })
  .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), {
    error: messageOf("commerce.validation.priceDecimals"),
  });

/**
 * A feature's entitlement code (API.md "Encrypted licence files"): what licence files and validation
 * answers name it by (`entitlements[].code`). Upper case only, unique, compared as stored.
 */
export const FEATURE_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_.-]{1,63}$/;
export const featureCodeField = z
  .string({ error: messageOf("commerce.validation.featureCode") })
  .trim()
  .regex(FEATURE_CODE_PATTERN, { error: messageOf("commerce.validation.featureCode") });

/**
 * The code a feature gets when none is given (and what the migration gave existing features): the name
 * without accents in upper-case ASCII, every run of other characters one "_", trimmed of "_" at both ends, at most 64
 * characters; "FEATURE" when fewer than 2 remain. The server appends "_2", "_3"… while it is taken.
 */
export function featureCodeFromName(name: string): string {
  const code = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]+/g, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 64)
    .replace(/_+$/, "");
  return code.length >= 2 ? code : "FEATURE";
}

export const featureSchema = z
  .object({ id: z.uuid(), name: z.string(), code: z.string(), description: z.string(), price: z.number(), createdAt: timestamp })
  .meta({ id: "Feature" });
export type Feature = z.infer<typeof featureSchema>;

/** `code` is optional: absent on create, it is derived from the name (`featureCodeFromName`); absent on update, it is kept. */
export const featureBodySchema = z
  .strictObject({ name: requiredText("Name", 120), code: featureCodeField.optional(), description: descriptionField.default(""), price: priceField })
  .meta({ id: "FeatureBody" });
export type FeatureBody = z.input<typeof featureBodySchema>;

export const serviceSchema = z
  .object({ id: z.uuid(), name: z.string(), description: z.string(), createdAt: timestamp })
  .meta({ id: "Service" });
export type Service = z.infer<typeof serviceSchema>;

export const serviceBodySchema = z
  .strictObject({ name: requiredText("Name", 120), description: descriptionField.default("") })
  .meta({ id: "ServiceBody" });
export type ServiceBody = z.input<typeof serviceBodySchema>;

export const catalogueSortFields = ["name", "createdAt", "price"] as const;
export const featureListQuerySchema = listQuerySchema(catalogueSortFields, { sort: "name", order: "asc" });
export const serviceListQuerySchema = listQuerySchema(["name", "createdAt"] as const, { sort: "name", order: "asc" });

const idList = (label: string) =>
  z
    .array(z.uuid({ error: messageOf("validation.eachValidId", { label }) }), { error: messageOf("validation.list", { items: `${label}s` }) })
    .max(200, { error: messageOf("validation.atMostItems", { max: 200, items: `${label}s` }) })
    .transform((ids) => [...new Set(ids)]);

export const planSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    price: z.number(),
    currency,
    billingPeriod,
    durationDays: z.number().int(),
    maxActivations: z.number().int(),
    maxReleasesPer30Days: z.number().int(),
    ...planPolicySchema.shape,
    features: z.array(featureSchema),
    services: z.array(serviceSchema),
    active: z.boolean(),
    isCustom: z.boolean(),
    createdAt: timestamp,
  })
  .meta({ id: "Plan" });
export type Plan = z.infer<typeof planSchema>;

export const planBodySchema = z
  .strictObject({
    name: requiredText("Name", 120),
    description: descriptionField.default(""),
    price: priceField,
    currency,
    billingPeriod,
    durationDays: z
      .number({ error: messageOf("commerce.validation.durationNumber") })
      .int({ error: messageOf("commerce.validation.durationWhole") })
      .min(1, { error: messageOf("commerce.validation.durationMin") })
      .max(36_500, { error: messageOf("commerce.validation.durationMax") }),
    maxActivations: z
      .number({ error: messageOf("commerce.validation.activationsNumber") })
      .int({ error: messageOf("commerce.validation.activationsWhole") })
      .min(1, { error: messageOf("commerce.validation.activationsMin") })
      .max(100_000, { error: messageOf("commerce.validation.activationsMax") }),
    maxReleasesPer30Days: z
      .number({ error: messageOf("commerce.validation.releasesNumber") })
      .int()
      .min(0, { error: messageOf("commerce.validation.releasesMin") })
      .max(1000)
      .default(3),
    ...planPolicyFields,
    featureIds: idList("feature").default([]),
    serviceIds: idList("service").default([]),
    active: z.boolean({ error: messageOf("validation.trueOrFalse", { label: "Active" }) }).default(true),
  })
  .meta({ id: "PlanBody" });
export type PlanBody = z.input<typeof planBodySchema>;

export const planListQuerySchema = listQuerySchema(["name", "price", "createdAt"] as const, { sort: "price", order: "asc" }).extend({
  active: z.enum(["true", "false"]).transform((value) => value === "true").optional(),
});

export const customPlanBodySchema = z
  .strictObject({
    featureIds: idList("feature").refine((ids) => ids.length > 0, { error: messageOf("commerce.validation.chooseFeature") }),
  })
  .meta({ id: "CustomPlanBody" });

export const currentPlanSchema = z
  .object({ plan: planSchema.nullable(), selectedAt: timestamp.nullable() })
  .meta({ id: "CurrentPlan" });
export type CurrentPlan = z.infer<typeof currentPlanSchema>;

/** A plan choice on the pricing pages also starts an order (`pending_offer`) for it. */
export const selectedPlanSchema = currentPlanSchema.extend({ orderId: z.uuid() }).meta({ id: "SelectedPlan" });
export type SelectedPlan = z.infer<typeof selectedPlanSchema>;
export const customPlanResultSchema = planSchema.extend({ orderId: z.uuid() }).meta({ id: "CustomPlanResult" });
export type CustomPlanResult = z.infer<typeof customPlanResultSchema>;
