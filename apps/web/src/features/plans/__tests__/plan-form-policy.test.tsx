import type { Plan } from "@portal/contract";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { changeLanguage } from "@/lib/i18n";
import { allByTestId, byTestId, mountInApp, pageText, serveApi, success, type ApiAnswer, type ApiCall } from "@/test/app";
import { click, field, stubBrowserApis, type, unmount, waitFor } from "@/test/dom";
import { AdminPlanFormPage } from "../pages/admin-plan-form-page";
import { AdminPlansPage } from "../pages/admin-plans-page";

beforeAll(stubBrowserApis);
afterEach(unmount);

const emptyPage = success({ items: [], total: 0, page: 1, pageSize: 100 });

const saved: Plan = {
  id: "33333333-3333-4333-8333-333333333333",
  name: "Floating Pro",
  description: "",
  price: 10,
  currency: "USD",
  billingPeriod: "yearly",
  durationDays: 365,
  maxActivations: 5,
  maxReleasesPer30Days: 3,
  trialDays: null,
  floating: true,
  heartbeatSeconds: 600,
  expirationStrategy: "revoke",
  offlineTtlDays: null,
  channels: ["stable"],
  features: [],
  services: [],
  active: true,
  isCustom: false,
  createdAt: "2026-11-27T10:00:00.000Z",
};

/** The create page against a stubbed API: the pickers' lists are empty, POST /plans answers `onCreate`. */
function render(onCreate: (call: ApiCall) => ApiAnswer = () => success(saved, 201)) {
  const calls = serveApi((call) => (call.method === "POST" ? onCreate(call) : emptyPage));
  mountInApp(<AdminPlanFormPage />, { url: "/admin/plans/create", path: "/admin/plans/create" });
  return calls;
}

const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === "POST");
const input = (testId: string) => byTestId(testId) as HTMLInputElement | null;
const submit = () => click([...document.querySelectorAll("button")].find((button) => button.textContent === "Create plan"));
/** The error text under a field (Mantine links it with aria-describedby). */
const errorOf = (element: HTMLElement | null) =>
  (element?.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id))
    .find((node) => node?.className.includes("error"))?.textContent;

async function fillBasics() {
  await waitFor(() => expect(field("Name")).toBeTruthy());
  type(field("Name"), "Floating Pro");
  type(field("Max activations"), "5");
}

describe("the plan form's licensing policy", { timeout: 30_000 }, () => {
  it("starts at today's behaviour and sends it: no trial, node-locked, revoke at expiry, no offline limit", async () => {
    const calls = render();
    await fillBasics();
    expect(input("policy-trialDays-switch")?.checked).toBe(false);
    expect(input("policy-trialDays")).toBeNull();
    expect(input("policy-floating")?.checked).toBe(false);
    // Node-locked: the heartbeat interval is not asked.
    expect(input("policy-heartbeatSeconds")).toBeNull();
    expect((document.querySelector('input[type="radio"][value="revoke"]') as HTMLInputElement).checked).toBe(true);
    expect(pageText()).toContain("The licence stops validating and no updates can be downloaded.");
    expect(pageText()).toContain("The licence keeps working; only updates published before the expiry date can be downloaded.");
    submit();
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toMatchObject({ trialDays: null, floating: false, heartbeatSeconds: 600, expirationStrategy: "revoke", offlineTtlDays: null });
  });

  it("a trial: the switch asks for 1..90 days, checked in the browser with the contract's rule", async () => {
    const calls = render();
    await fillBasics();
    click(input("policy-trialDays-switch"));
    await waitFor(() => expect(input("policy-trialDays")?.value).toBe("14"));
    type(input("policy-trialDays")!, "91");
    submit();
    await waitFor(() => expect(errorOf(input("policy-trialDays"))).toBe("Trial days must be a whole number between 1 and 90"));
    // Emptied: the days are missing, the trial is not silently dropped.
    type(input("policy-trialDays")!, "");
    submit();
    await waitFor(() => expect(errorOf(input("policy-trialDays"))).toBe("Trial days must be a whole number between 1 and 90"));
    expect(posts(calls)).toHaveLength(0);
    type(input("policy-trialDays")!, "30");
    submit();
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toMatchObject({ trialDays: 30 });
  });

  it("floating: the heartbeat interval appears with its length in words, 60..86400 s, and goes back to the default when floating is turned off", async () => {
    const calls = render();
    await fillBasics();
    click(input("policy-floating"));
    await waitFor(() => expect(input("policy-heartbeatSeconds")?.value).toBe("600"));
    expect(pageText()).toContain("10 minutes: a seat not refreshed for this long (plus 30 seconds) is freed for another machine.");
    expect(pageText()).toContain("Floating: how many machines may hold a seat at the same time.");
    type(input("policy-heartbeatSeconds")!, "5400");
    await waitFor(() => expect(pageText()).toContain("1 hour, 30 minutes: a seat"));
    type(input("policy-heartbeatSeconds")!, "59");
    submit();
    await waitFor(() => expect(errorOf(input("policy-heartbeatSeconds"))).toBe("Heartbeat interval must be a whole number of seconds between 60 and 86400"));
    expect(posts(calls)).toHaveLength(0);

    // Off: the half-typed interval must not block a node-locked plan.
    click(input("policy-floating"));
    await waitFor(() => expect(input("policy-heartbeatSeconds")).toBeNull());
    submit();
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toMatchObject({ floating: false, heartbeatSeconds: 600 });
  });

  it("sends a floating plan with perpetual fallback and offline validity", async () => {
    const calls = render();
    await fillBasics();
    click(input("policy-floating"));
    await waitFor(() => expect(input("policy-heartbeatSeconds")).toBeTruthy());
    type(input("policy-heartbeatSeconds")!, "120");
    click(document.querySelector('input[type="radio"][value="perpetual_fallback"]'));
    click(input("policy-offlineTtlDays-switch"));
    await waitFor(() => expect(input("policy-offlineTtlDays")?.value).toBe("30"));
    type(input("policy-offlineTtlDays")!, "3651");
    submit();
    await waitFor(() => expect(errorOf(input("policy-offlineTtlDays"))).toBe("Offline validity must be a whole number of days between 1 and 3650"));
    type(input("policy-offlineTtlDays")!, "3650");
    submit();
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toMatchObject({ floating: true, heartbeatSeconds: 120, expirationStrategy: "perpetual_fallback", offlineTtlDays: 3650, trialDays: null });
  });

  it("puts the server's 422 on the field it names", async () => {
    render(() => ({
      status: 422,
      body: { detail: [{ loc: ["body", "heartbeatSeconds"], msg: "Heartbeat interval must be a whole number of seconds between 60 and 86400", type: "error" }] },
    }));
    await fillBasics();
    click(input("policy-floating"));
    await waitFor(() => expect(input("policy-heartbeatSeconds")).toBeTruthy());
    submit();
    await waitFor(() => expect(errorOf(input("policy-heartbeatSeconds"))).toBe("Heartbeat interval must be a whole number of seconds between 60 and 86400"));
  });

  it("in Turkish: the server's message is shown in Turkish, and the interval in Turkish words", async () => {
    await changeLanguage("tr", { persist: false });
    try {
      render(() => ({
        status: 422,
        body: { detail: [{ loc: ["body", "trialDays"], msg: "Trial days must be a whole number between 1 and 90", type: "error" }] },
      }));
      await waitFor(() => expect(field("Ad")).toBeTruthy());
      type(field("Ad"), "Deneme");
      click(input("policy-floating"));
      await waitFor(() => expect(pageText()).toContain("10 dakika: bu süre boyunca"));
      click(input("policy-trialDays-switch"));
      click([...document.querySelectorAll("button")].find((button) => button.textContent === "Plan oluştur"));
      await waitFor(() => expect(errorOf(input("policy-trialDays"))).toMatch(/^Deneme/));
      expect(errorOf(input("policy-trialDays"))).not.toContain("Trial days");
    } finally {
      await changeLanguage("en", { persist: false });
    }
  });
});

describe("the admin plans list", { timeout: 30_000 }, () => {
  it("shows each plan's policy compactly: trial days, floating, perpetual fallback, offline days, or node-locked", async () => {
    const plain = { ...saved, id: "44444444-4444-4444-8444-444444444444", name: "Plain", floating: false };
    const rich = { ...saved, name: "Rich", trialDays: 14, floating: true, heartbeatSeconds: 900, expirationStrategy: "perpetual_fallback" as const, offlineTtlDays: 30 };
    serveApi(() => success({ items: [plain, rich], total: 2, page: 1, pageSize: 20 }));
    mountInApp(<AdminPlansPage />, { url: "/admin/plans", path: "/admin/plans" });
    await waitFor(() => expect(allByTestId("policy-badges")).toHaveLength(2));
    const [first, second] = allByTestId("policy-badges");
    expect(first!.textContent).toBe("Node-locked");
    expect([...second!.querySelectorAll("[data-policy]")].map((badge) => badge.textContent)).toEqual(["14-day trial", "Floating", "Perpetual fallback", "30 days offline"]);
    expect(second!.querySelector('[data-policy="floating"]')?.getAttribute("title")).toBe("Heartbeat every 15 minutes");
  });
});
