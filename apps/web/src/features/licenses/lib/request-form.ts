import { licenseRequestBodySchema, licenseRequestPatchSchema, messageOf } from "@portal/contract";
import { z } from "zod";

/**
 * The licence request forms hold what the inputs hold (a mode switch, "" for an empty select or
 * number); before sending, the values become the API body and are checked with the contract's
 * own schema, so the browser applies exactly the server's rules. Field names match the body's, so
 * the schema's errors (and the server's 422 fields) land on the right input.
 */
export type RequestMode = "plan" | "features";

const numberOrEmpty = z.union([z.number(), z.string()]);
/** A NumberInput's "" (emptied) is not a number: it must fail, not fall back to a default. */
const toNumber = (value: number | string): number => (typeof value === "number" ? value : value.trim() === "" ? Number.NaN : Number(value));

const formBase = z.object({
  mode: z.enum(["plan", "features"]),
  planId: z.string(),
  featureIds: z.array(z.string()),
  quantity: numberOrEmpty,
  note: z.string(),
});

/** A plan has to be chosen in plan mode (the contract's refine would say "plan or features"). */
const planChosen = <T extends { mode: RequestMode; planId: string }>(values: T, context: z.RefinementCtx) => {
  if (values.mode === "plan" && values.planId === "") context.addIssue({ code: "custom", path: ["planId"], message: messageOf("licenses.validation.planRequired") });
};

export const requestFormSchema = formBase
  .extend({ projectId: z.string() })
  .superRefine(planChosen)
  .transform((values): z.input<typeof licenseRequestBodySchema> => ({
    ...(values.mode === "plan" ? { planId: values.planId } : { featureIds: values.featureIds }),
    ...(values.projectId ? { projectId: values.projectId } : {}),
    quantity: toNumber(values.quantity),
    ...(values.note.trim() ? { note: values.note } : {}),
  }))
  .pipe(licenseRequestBodySchema);

export type RequestFormValues = z.input<typeof requestFormSchema>;
export type RequestFormOutput = z.output<typeof requestFormSchema>;

/** Admin edit: also the licence's duration and activations; empty means "the plan's own value" (null). */
export const editRequestFormSchema = formBase
  .extend({ durationDays: numberOrEmpty, maxActivations: numberOrEmpty })
  .superRefine(planChosen)
  .transform((values): z.input<typeof licenseRequestPatchSchema> => ({
    ...(values.mode === "plan" ? { planId: values.planId } : { featureIds: values.featureIds }),
    quantity: toNumber(values.quantity),
    note: values.note,
    durationDays: values.durationDays === "" ? null : toNumber(values.durationDays),
    maxActivations: values.maxActivations === "" ? null : toNumber(values.maxActivations),
  }))
  .pipe(licenseRequestPatchSchema);

export type EditRequestFormValues = z.input<typeof editRequestFormSchema>;
export type EditRequestFormOutput = z.output<typeof editRequestFormSchema>;

export const requestFields = ["planId", "featureIds", "projectId", "quantity", "note"] as const;
export const editRequestFields = ["planId", "featureIds", "quantity", "note", "durationDays", "maxActivations"] as const;
