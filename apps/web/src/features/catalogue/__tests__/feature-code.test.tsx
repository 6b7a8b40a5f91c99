import { notifications } from "@mantine/notifications";
import type { Feature } from "@portal/contract";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { allByTestId, mountInApp, pageText, refusal, serveApi, success, type ApiAnswer, type ApiCall } from "@/test/app";
import { click, field, stubBrowserApis, type, unmount, waitFor } from "@/test/dom";
import { featureFormSchema, ManageFeaturesPage } from "../pages/manage-features-page";

/** Entitlement codes on features (API.md "Encrypted licence files"): optional, checked like the contract, unique. */

beforeAll(stubBrowserApis);
afterEach(() => {
  unmount();
  notifications.clean();
});

const reports: Feature = { id: "44444444-4444-4444-8444-444444444444", name: "Reports", code: "REPORTS", description: "", price: 10, createdAt: "2026-01-01T00:00:00.000Z" };

function render(onWrite: (call: ApiCall) => ApiAnswer = () => success(reports, 201)) {
  const calls = serveApi((call) => (call.method === "GET" ? success({ items: [reports], total: 1, page: 1, pageSize: 20 }) : onWrite(call)));
  mountInApp(<ManageFeaturesPage />, { url: "/admin/manage-features" });
  return calls;
}
const writes = (calls: ApiCall[]) => calls.filter((call) => call.method !== "GET");
const button = (name: string) => [...document.querySelectorAll<HTMLElement>("button")].find((element) => element.textContent === name);

async function openCreate() {
  await waitFor(() => expect(button("Add feature")).toBeTruthy());
  click(button("Add feature"));
  await waitFor(() => expect(field("Entitlement code")).toBeTruthy());
  type(field("Name"), "Audit trail");
}

describe("the feature form's entitlement code", { timeout: 30_000 }, () => {
  it("the schema: empty is 'not given', a given code must match the contract's pattern", () => {
    expect(featureFormSchema.parse({ name: "A b", code: "", price: 1 }).code).toBeUndefined();
    expect(featureFormSchema.parse({ name: "A b", code: "AUDIT_TRAIL", price: 1 }).code).toBe("AUDIT_TRAIL");
    expect(featureFormSchema.safeParse({ name: "A b", code: "A", price: 1 }).success).toBe(false);
    expect(featureFormSchema.safeParse({ name: "A b", code: "_X", price: 1 }).success).toBe(false);
    expect(featureFormSchema.safeParse({ name: "A b", code: "audit", price: 1 }).success).toBe(false);
  });

  it("lists each feature's code", async () => {
    render();
    await waitFor(() => expect(allByTestId("feature-code").map((code) => code.textContent)).toEqual(["REPORTS"]));
  });

  it("is optional on create (derived from the name, the hint says) and typed in capitals", async () => {
    const calls = render();
    await openCreate();
    expect(pageText()).toContain("Left empty on a new feature, it is derived from the name.");
    click(button("Create"));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).not.toHaveProperty("code");

    unmount();
    const again = render();
    await openCreate();
    type(field("Entitlement code"), "audit_trail");
    expect(field("Entitlement code").value).toBe("AUDIT_TRAIL");
    click(button("Create"));
    await waitFor(() => expect(writes(again)).toHaveLength(1));
    expect(writes(again)[0]!.body).toMatchObject({ name: "Audit trail", code: "AUDIT_TRAIL" });
  });

  it("refuses a malformed code in the browser, and puts the server's 409 feature/code_taken on the field", async () => {
    const calls = render(() => refusal(409, "feature/code_taken", "Another feature already has this entitlement code."));
    await openCreate();
    type(field("Entitlement code"), "A");
    click(button("Create"));
    await waitFor(() => expect(pageText()).toContain("Code must be 2 to 64 capital letters, digits, dots, hyphens or underscores, starting with a letter or digit"));
    expect(writes(calls)).toHaveLength(0);
    type(field("Entitlement code"), "REPORTS");
    click(button("Create"));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    await waitFor(() => expect(field("Entitlement code").getAttribute("aria-invalid")).toBe("true"));
    const describedBy = (field("Entitlement code").getAttribute("aria-describedby") ?? "").split(" ");
    expect(describedBy.map((id) => document.getElementById(id)?.textContent ?? "").join(" ")).toContain("Another feature already has this entitlement code.");
  });
});
