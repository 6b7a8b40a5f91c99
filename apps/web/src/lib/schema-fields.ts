import type { z } from "zod";

/**
 * What a form field can learn from its zod schema (packages/contract): whether it is required and
 * how long a text may be. `required` is false for optional or defaulted fields and for strings
 * that may be empty; `maxLength` is the string's `.max()` (or that of a string list's items).
 */
export interface SchemaFieldRules {
  required: boolean;
  maxLength?: number;
}

type AnySchema = z.core.$ZodType;

function unwrap(schema: AnySchema): { inner: AnySchema; optional: boolean } {
  let inner = schema;
  let optional = false;
  for (;;) {
    const def = inner._zod.def as { type: string; innerType?: AnySchema };
    if ((def.type === "optional" || def.type === "default" || def.type === "nullable" || def.type === "prefault") && def.innerType) {
      if (def.type !== "nullable") optional = true;
      inner = def.innerType;
    } else if (def.type === "pipe") {
      inner = (def as unknown as { in: AnySchema }).in;
    } else {
      return { inner, optional };
    }
  }
}

/** The smallest and largest length the schema's checks allow (`.min()`, `.max()`, `.length()`). */
function lengths(schema: AnySchema): { min: number; max?: number } {
  let min = 0;
  let max: number | undefined;
  const checks = ((schema._zod.def as { checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number; length?: number } } }[] }).checks ?? []);
  for (const check of checks) {
    const def = check._zod.def;
    if (def.check === "min_length" && def.minimum !== undefined) min = Math.max(min, def.minimum);
    if (def.check === "max_length" && def.maximum !== undefined) max = Math.min(max ?? Infinity, def.maximum);
    if (def.check === "length_equals" && def.length !== undefined) [min, max] = [def.length, def.length];
  }
  return { min, max };
}

export function schemaFieldRules(schema: z.ZodObject, name: string): SchemaFieldRules {
  const field = (schema.shape as Record<string, AnySchema | undefined>)[name];
  if (!field) return { required: false };
  const { inner, optional } = unwrap(field);
  const type = (inner._zod.def as { type: string }).type;
  if (type === "string" || type === "array") {
    const { min, max } = lengths(inner);
    // A list's maxLength is that of its items (a tag's text), not the number of items.
    const maxLength = type === "string" ? max : lengths(unwrap((inner._zod.def as unknown as { element: AnySchema }).element).inner).max;
    return { required: !optional && min >= 1, ...(maxLength !== undefined ? { maxLength } : {}) };
  }
  return { required: !optional };
}
