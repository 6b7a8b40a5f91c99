import { z } from "zod";

/** A required text field whose messages follow the spec: "<Label> field is required". */
export function requiredText(label: string, maxLength = 200) {
  const required = `${label} field is required`;
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : `${label} must be text`) })
    .trim()
    .min(1, { error: required })
    .max(maxLength, { error: `${label} must be at most ${maxLength} characters` });
}

export const emailField = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? "Email field is required" : "Email should be valid",
  })
  .trim()
  .min(1, { error: "Email field is required" })
  .max(254, { error: "Email should be valid" })
  .pipe(z.email({ error: "Email should be valid" }))
  .transform((email) => email.toLowerCase());

export const uuidParam = z.strictObject({
  id: z.uuid({ error: "Not a valid identifier" }),
});

export const timestamp = z.iso.datetime({ offset: true });

export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal("success"), data });

export const errorItemSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.enum(["error", "warning", "info"]),
});

export const errorEnvelopeSchema = z.object({ detail: z.array(errorItemSchema) }).meta({ id: "ErrorEnvelope" });
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export const sortOrder = z.enum(["asc", "desc"]);

/** Query of every list endpoint: page from 1, pageSize 1..100 (default 20), a listed sort field, order, q. */
export function listQuerySchema<const S extends readonly [string, ...string[]]>(
  sortFields: S,
  defaults: { sort: S[number]; order: "asc" | "desc" },
) {
  return z.strictObject({
    page: z.coerce.number({ error: "Page must be a number" }).int().min(1, { error: "Page starts at 1" }).default(1),
    pageSize: z.coerce
      .number({ error: "Page size must be a number" })
      .int()
      .min(1, { error: "Page size must be between 1 and 100" })
      .max(100, { error: "Page size must be between 1 and 100" })
      .default(20),
    sort: z.enum(sortFields, { error: `Sort by one of: ${sortFields.join(", ")}` }).default(defaults.sort as never),
    order: sortOrder.default(defaults.order),
    q: z.string().trim().max(200).optional(),
  });
}

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
