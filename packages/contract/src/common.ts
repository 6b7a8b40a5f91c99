import { z } from "zod";
import { messageOf, type MessageKey } from "./messages.js";

/** A field's own keys for the refusals of `requiredText`, instead of the generic "<label> …" ones. */
export interface RequiredTextKeys {
  required?: MessageKey;
  tooLong?: MessageKey;
}

/** A required text field whose messages follow the spec: "<Label> field is required". */
export function requiredText(label: string, maxLength = 200, keys: RequiredTextKeys = {}) {
  const required = keys.required ? messageOf(keys.required) : messageOf("validation.required", { label });
  const notText = messageOf("validation.notText", { label });
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : notText) })
    .trim()
    .min(1, { error: required })
    .max(maxLength, { error: keys.tooLong ? messageOf(keys.tooLong) : messageOf("validation.tooLong", { label, max: maxLength }) });
}

/** A description of up to 2000 characters, empty allowed (catalogue items and projects). */
export const descriptionField = z
  .string({ error: messageOf("validation.notText", { label: "Description" }) })
  .trim()
  .max(2000, { error: messageOf("validation.tooLong", { label: "Description", max: 2000 }) });

export const emailField = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? messageOf("validation.emailRequired") : messageOf("validation.emailInvalid"),
  })
  .trim()
  .min(1, { error: messageOf("validation.emailRequired") })
  .max(254, { error: messageOf("validation.emailInvalid") })
  .pipe(z.email({ error: messageOf("validation.emailInvalid") }))
  .transform((email) => email.toLowerCase());

export const uuidParam = z.strictObject({
  id: z.uuid({ error: messageOf("validation.notValidId") }),
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
    page: z.coerce.number({ error: messageOf("table.validation.pageNumber") }).int().min(1, { error: messageOf("table.validation.pageMin") }).default(1),
    pageSize: z.coerce
      .number({ error: messageOf("table.validation.pageSizeNumber") })
      .int()
      .min(1, { error: messageOf("table.validation.pageSizeRange") })
      .max(100, { error: messageOf("table.validation.pageSizeRange") })
      .default(20),
    sort: z.enum(sortFields, { error: messageOf("table.validation.sortBy", { fields: sortFields.join(", ") }) }).default(defaults.sort as never),
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
