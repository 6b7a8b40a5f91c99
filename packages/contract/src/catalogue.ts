import { z } from "zod";
import { listQuerySchema, requiredText, timestamp } from "./common.js";

export const currencies = ["USD", "EUR", "TRY"] as const;
export const currency = z.enum(currencies, { error: "Currency must be USD, EUR or TRY" });
export type Currency = z.infer<typeof currency>;
export const billingPeriods = ["monthly", "yearly", "once"] as const;
export const billingPeriod = z.enum(billingPeriods, { error: "Billing period must be monthly, yearly or once" });
export const CUSTOM_PLAN_CURRENCY: Currency = "USD";

/** Money as a number with at most two decimals (stored as whole cents). */
export const priceField = z
  .number({ error: "Price must be a number" })
  .min(0, { error: "Price cannot be negative" })
  .max(10_000_000, { error: "Price is too large" })
  .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), {
    error: "Price can have at most two decimals",
  });

const description = z.string({ error: "Description must be text" }).trim().max(2000, { error: "Description must be at most 2000 characters" });

export const featureSchema = z
  .object({ id: z.uuid(), name: z.string(), description: z.string(), price: z.number(), createdAt: timestamp })
  .meta({ id: "Feature" });
export type Feature = z.infer<typeof featureSchema>;

export const featureBodySchema = z
  .strictObject({ name: requiredText("Name", 120), description: description.default(""), price: priceField })
  .meta({ id: "FeatureBody" });
export type FeatureBody = z.input<typeof featureBodySchema>;

export const serviceSchema = z
  .object({ id: z.uuid(), name: z.string(), description: z.string(), createdAt: timestamp })
  .meta({ id: "Service" });
export type Service = z.infer<typeof serviceSchema>;

export const serviceBodySchema = z
  .strictObject({ name: requiredText("Name", 120), description: description.default("") })
  .meta({ id: "ServiceBody" });
export type ServiceBody = z.input<typeof serviceBodySchema>;

export const catalogueSortFields = ["name", "createdAt", "price"] as const;
export const featureListQuerySchema = listQuerySchema(catalogueSortFields, { sort: "name", order: "asc" });
export const serviceListQuerySchema = listQuerySchema(["name", "createdAt"] as const, { sort: "name", order: "asc" });

const idList = (label: string) =>
  z
    .array(z.uuid({ error: `Each ${label} must be a valid identifier` }), { error: `${label}s must be a list` })
    .max(200, { error: `At most 200 ${label}s` })
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
    description: description.default(""),
    price: priceField,
    currency,
    billingPeriod,
    durationDays: z
      .number({ error: "Duration must be a number of days" })
      .int({ error: "Duration must be a whole number of days" })
      .min(1, { error: "Duration must be at least 1 day" })
      .max(36_500, { error: "Duration must be at most 36500 days" }),
    maxActivations: z
      .number({ error: "Max activations must be a number" })
      .int({ error: "Max activations must be a whole number" })
      .min(1, { error: "Max activations must be at least 1" })
      .max(100_000, { error: "Max activations must be at most 100000" }),
    maxReleasesPer30Days: z
      .number({ error: "Releases per 30 days must be a number" })
      .int()
      .min(0, { error: "Releases per 30 days cannot be negative" })
      .max(1000)
      .default(3),
    featureIds: idList("feature").default([]),
    serviceIds: idList("service").default([]),
    active: z.boolean({ error: "Active must be true or false" }).default(true),
  })
  .meta({ id: "PlanBody" });
export type PlanBody = z.input<typeof planBodySchema>;

export const planListQuerySchema = listQuerySchema(["name", "price", "createdAt"] as const, { sort: "price", order: "asc" }).extend({
  active: z.enum(["true", "false"]).transform((value) => value === "true").optional(),
});

export const customPlanBodySchema = z
  .strictObject({
    featureIds: idList("feature").refine((ids) => ids.length > 0, { error: "Choose at least one feature" }),
  })
  .meta({ id: "CustomPlanBody" });

export const currentPlanSchema = z
  .object({ plan: planSchema.nullable(), selectedAt: timestamp.nullable() })
  .meta({ id: "CurrentPlan" });
export type CurrentPlan = z.infer<typeof currentPlanSchema>;
