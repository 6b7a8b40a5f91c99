import { featureBodySchema, projectBodySchema } from "@portal/contract";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { schemaFieldRules } from "../schema-fields";

describe("what a form field learns from its zod schema", () => {
  it("a required text with its maximum length; a defaulted or optional one is not required", () => {
    expect(schemaFieldRules(featureBodySchema, "name")).toEqual({ required: true, maxLength: 120 });
    expect(schemaFieldRules(featureBodySchema, "description")).toEqual({ required: false, maxLength: 2000 });
    expect(schemaFieldRules(projectBodySchema, "description")).toEqual({ required: false, maxLength: 2000 });
  });

  it("numbers, enums and lists", () => {
    expect(schemaFieldRules(featureBodySchema, "price")).toEqual({ required: true });
    const schema = z.object({ tags: z.array(z.string().max(30)).min(1), more: z.array(z.string()), kind: z.enum(["a", "b"]), note: z.string() });
    expect(schemaFieldRules(schema, "tags")).toEqual({ required: true, maxLength: 30 });
    expect(schemaFieldRules(schema, "more")).toEqual({ required: false });
    expect(schemaFieldRules(schema, "kind")).toEqual({ required: true });
    // A plain string may be empty: the schema does not require a value.
    expect(schemaFieldRules(schema, "note")).toEqual({ required: false });
    expect(schemaFieldRules(schema, "unknown")).toEqual({ required: false });
  });
});
