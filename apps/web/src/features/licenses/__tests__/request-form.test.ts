import { englishOf } from "@portal/contract";
import { describe, expect, it } from "vitest";
import en from "@/locales/en";
import { formatDate } from "@/lib/format";
import { shortFingerprint } from "../lib/format";
import { editRequestFormSchema, requestFormSchema, type EditRequestFormValues, type RequestFormValues } from "../lib/request-form";

const planId = "0b6f1c4e-7f55-4a8e-9a43-2f2e4a0c9d11";
const featureId = "5d0f8f0a-3c1e-4b8e-8f55-1b2c3d4e5f60";
const projectId = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";

const base: RequestFormValues = { mode: "plan", planId: "", featureIds: [], projectId: "", quantity: 1, note: "" };
const issuesOf = (values: RequestFormValues) => {
  const result = requestFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), englishOf(issue.message)]);
};

describe("licence request form", () => {
  it("in plan mode needs a plan and sends only the plan", () => {
    expect(issuesOf(base)).toEqual([["planId", "Choose a plan"]]);
    expect(requestFormSchema.parse({ ...base, planId, featureIds: [featureId] })).toEqual({ planId, quantity: 1 });
  });

  it("in features mode needs a feature and sends only the features", () => {
    expect(issuesOf({ ...base, mode: "features", planId })).toEqual([["featureIds", "Choose at least one feature"]]);
    expect(requestFormSchema.parse({ ...base, mode: "features", planId, featureIds: [featureId, featureId] })).toEqual({
      featureIds: [featureId],
      quantity: 1,
    });
  });

  it("checks the quantity with the contract (1..100); an emptied input is not a default of 1", () => {
    expect(issuesOf({ ...base, planId, quantity: 0 })).toEqual([["quantity", "Quantity must be between 1 and 100"]]);
    expect(issuesOf({ ...base, planId, quantity: 101 })).toEqual([["quantity", "Quantity must be between 1 and 100"]]);
    expect(issuesOf({ ...base, planId, quantity: "" })).toHaveLength(1);
    expect(issuesOf({ ...base, planId, quantity: 2.5 })).toEqual([["quantity", "Quantity must be a whole number"]]);
  });

  it("sends the project and a trimmed note only when given", () => {
    expect(requestFormSchema.parse({ ...base, planId, projectId, quantity: 3, note: "  two sites  " })).toEqual({
      planId,
      projectId,
      quantity: 3,
      note: "two sites",
    });
    expect(requestFormSchema.parse({ ...base, planId, note: "   " })).toEqual({ planId, quantity: 1 });
  });
});

describe("admin edit form", () => {
  const values: EditRequestFormValues = {
    mode: "features",
    planId: "",
    featureIds: [featureId],
    quantity: 2,
    note: "",
    durationDays: "",
    maxActivations: "",
  };

  it("an empty duration or activation limit means the plan's own value (null)", () => {
    expect(editRequestFormSchema.parse(values)).toEqual({ featureIds: [featureId], quantity: 2, note: "", durationDays: null, maxActivations: null });
    expect(editRequestFormSchema.parse({ ...values, mode: "plan", planId, durationDays: 30, maxActivations: 3 })).toEqual({
      planId,
      quantity: 2,
      note: "",
      durationDays: 30,
      maxActivations: 3,
    });
  });

  it("refuses a zero duration and a zero activation limit", () => {
    const result = editRequestFormSchema.safeParse({ ...values, durationDays: 0, maxActivations: 0 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["durationDays", "maxActivations"]);
  });
});

describe("licence texts and formats", () => {
  it("uses the spec's texts for statuses and the copy toasts", () => {
    expect(en.licenses.status).toEqual({ active: "Active", not_activated: "Not Activated", deactivated: "Deactivated" });
    expect(en.licenses.key.copied).toBe("License key copied!");
    expect(en.licenses.key.copyFailed).toBe("code copy failed.");
    expect(en.download.failed).toBe("Download failed: {{reason}}");
  });

  it("shortens a SHA-256 fingerprint and formats dates in the reader's language", () => {
    expect(shortFingerprint("a".repeat(8) + "b".repeat(52) + "cdef")).toBe("aaaaaaaa…cdef");
    expect(shortFingerprint("short")).toBe("short");
    expect(formatDate(null, "en")).toBe("—");
    expect(formatDate("2026-11-22T10:00:00.000Z", "en")).toBe("Nov 22, 2026");
  });
});
