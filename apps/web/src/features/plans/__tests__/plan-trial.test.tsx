import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import type { User } from "@portal/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { meQueryKey } from "@/lib/auth";
import { changeLanguage } from "@/lib/i18n";
import { pageText, refusal, serveApi, success, type ApiCall, type ApiAnswer } from "@/test/app";
import { click, mount, stubBrowserApis, unmount, waitFor } from "@/test/dom";
import { PricingPlansPage } from "../pages/pricing-plans-page";

beforeAll(() => {
  stubBrowserApis();
  globalThis.IntersectionObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
});
afterEach(() => {
  unmount();
  vi.restoreAllMocks();
});

const customer: User = {
  id: "33333333-3333-4333-8333-333333333333",
  firstname: "Cora",
  lastname: "Customer",
  email: "cora@example.com",
  userName: "cora",
  isAdmin: false,
  d_created: "2026-01-01T00:00:00.000Z",
  status: "active",
  emailVerified: true,
  twoFactorEnabled: false,
};

const plan = (id: string, name: string, trialDays: number | null) => ({
  id,
  name,
  description: `${name} plan`,
  price: 100,
  currency: "USD",
  billingPeriod: "yearly",
  durationDays: 365,
  maxActivations: 1,
  maxReleasesPer30Days: 3,
  trialDays,
  floating: false,
  heartbeatSeconds: 600,
  expirationStrategy: "revoke",
  offlineTtlDays: null,
  channels: ["stable"],
  features: [],
  services: [],
  active: true,
  isCustom: false,
  createdAt: "2026-01-01T00:00:00.000Z",
});
const trialPlan = plan("11111111-1111-4111-8111-111111111111", "Studio", 14);
const usedPlan = plan("22222222-2222-4222-8222-222222222222", "Team", 7);
const plainPlan = plan("44444444-4444-4444-8444-444444444444", "Basic", null);
const newLicenseId = "55555555-5555-4555-8555-555555555555";
const trialLicense = (id: string, planId: string) => ({ id, planId, type: "trial" });

/** The pricing page and a stand-in for My Issued Licences that shows where it was opened. */
function mountPricing() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(meQueryKey, customer);
  function Landing() {
    const location = useLocation();
    return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
  }
  const router = createMemoryRouter(
    [
      { path: "/pricing-plans", element: <PricingPlansPage /> },
      { path: "/my-licenses/purchased", element: <Landing /> },
    ],
    { initialEntries: ["/pricing-plans"] },
  );
  mount(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

/** The API: the three plans, the customer's trials (the Team one used), and `onTrial` for POST …/trial. */
function serve(onTrial: (call: ApiCall) => ApiAnswer, trials = [trialLicense("66666666-6666-4666-8666-666666666666", usedPlan.id)]) {
  return serveApi((call) => {
    if (call.method === "POST" && call.path.endsWith("/trial")) return onTrial(call);
    if (call.path.includes("/plans/current")) return success({ plan: null, selectedAt: null });
    if (call.path.includes("/api/v1/licenses")) return success({ items: trials, total: trials.length, page: 1, pageSize: 100 });
    return success({ items: [trialPlan, usedPlan, plainPlan], total: 3, page: 1, pageSize: 12 });
  });
}

const card = (name: string) => [...document.querySelectorAll<HTMLElement>('[data-testid="plan-card"]')].find((element) => element.querySelector("h2")?.textContent === name)!;
const trialButton = (name: string) => card(name).querySelector<HTMLButtonElement>('[data-testid="plan-trial"] button');

describe("the pricing cards' free trial", { timeout: 30_000 }, () => {
  it("offers 'Start 14-day free trial' with what happens, says 'Trial used' for a plan whose trial was had, and nothing without a trial", async () => {
    const calls = serve(() => success({}));
    mountPricing();
    await waitFor(() => expect(trialButton("Studio")?.textContent).toBe("Start 14-day free trial"));
    expect(trialButton("Studio")).toBeEnabled();
    expect(card("Studio").querySelector('[data-testid="trial-note"]')?.textContent).toBe("No card needed · 14 days · then buy to keep using");
    // The note is part of the button's description, beside the plan's name.
    const describedBy = trialButton("Studio")!.getAttribute("aria-describedby")!.split(" ");
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toEqual(["Studio", "No card needed · 14 days · then buy to keep using"]);

    expect(trialButton("Team")?.textContent).toBe("Trial used");
    expect(trialButton("Team")).toBeDisabled();
    expect(card("Basic").querySelector('[data-testid="plan-trial"]')).toBeNull();
    // The select action is still there beside the trial.
    expect(card("Studio").querySelector("a")?.getAttribute("href")).toBe(`/pricing-plans/confirmation/${trialPlan.id}`);
    // One cheap call for the used trials: the customer's own trial licences.
    const lookup = calls.find((call) => call.path.includes("/api/v1/licenses"))!;
    const params = new URL(lookup.path, "http://localhost").searchParams;
    expect(Object.fromEntries(params)).toMatchObject({ type: "trial", ownerId: customer.id });
  });

  it("while the used trials load, the button waits (loading, not pressable)", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const path = String(input);
      if (path.includes("/api/v1/licenses")) return new Promise<Response>(() => undefined);
      const { status, body } = path.includes("/plans/current") ? success({ plan: null, selectedAt: null }) : success({ items: [trialPlan], total: 1, page: 1, pageSize: 12 });
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    });
    mountPricing();
    await waitFor(() => expect(trialButton("Studio")).toHaveAttribute("data-loading", "true"));
    expect(trialButton("Studio")).toBeDisabled();
  });

  it("starts one: loading while the server answers, then a success toast and My Issued Licences on the new licence", async () => {
    let answerTrial: (answer: ApiAnswer) => void = () => undefined;
    const pending = new Promise<ApiAnswer>((resolve) => (answerTrial = resolve));
    const calls: ApiCall[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const call: ApiCall = { method: init?.method ?? "GET", path: String(input) };
      calls.push(call);
      const { status, body } =
        call.method === "POST"
          ? await pending
          : call.path.includes("/plans/current")
            ? success({ plan: null, selectedAt: null })
            : call.path.includes("/api/v1/licenses")
              ? success({ items: [], total: 0, page: 1, pageSize: 100 })
              : success({ items: [trialPlan], total: 1, page: 1, pageSize: 12 });
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    });
    const router = mountPricing();
    await waitFor(() => expect(trialButton("Studio")).toBeEnabled());
    click(trialButton("Studio"));
    // While the server answers: loading, and not pressable twice.
    await waitFor(() => expect(trialButton("Studio")).toHaveAttribute("data-loading", "true"));
    expect(trialButton("Studio")).toBeDisabled();
    expect(calls.filter((call) => call.method === "POST").map((call) => call.path)).toEqual([`/api/v1/plans/${trialPlan.id}/trial`]);
    answerTrial(success({ id: newLicenseId, planId: trialPlan.id, type: "trial" }, 201));
    await waitFor(() => expect(router.state.location.pathname).toBe("/my-licenses/purchased"));
    expect(router.state.location.search).toBe(`?license=${newLicenseId}`);
    await waitFor(() => expect(pageText()).toContain("Your free trial of Studio has started."));
  });

  it("on 409 trial/already_used: the translated warning, and the button reads 'Trial used', disabled", async () => {
    serve(() => refusal(409, "trial/already_used", "You have already had a trial of this plan.", "warning"), []);
    const router = mountPricing();
    await waitFor(() => expect(trialButton("Studio")).toBeEnabled());
    click(trialButton("Studio"));
    await waitFor(() => expect(pageText()).toContain("You have already had a trial of this plan."));
    await waitFor(() => expect(trialButton("Studio")?.textContent).toBe("Trial used"));
    expect(trialButton("Studio")).toBeDisabled();
    expect(card("Studio").querySelector('[data-testid="trial-note"]')?.textContent).toBe("You have had this plan's free trial. Select the plan to keep using it.");
    expect(router.state.location.pathname).toBe("/pricing-plans");
  });

  it("when the used trials cannot be read, offers the trial anyway (the server decides)", async () => {
    serveApi((call) => {
      if (call.path.includes("/plans/current")) return success({ plan: null, selectedAt: null });
      if (call.path.includes("/api/v1/licenses")) return refusal(500, "common/internal");
      return success({ items: [trialPlan], total: 1, page: 1, pageSize: 12 });
    });
    mountPricing();
    await waitFor(() => expect(trialButton("Studio")).toBeEnabled());
    expect(trialButton("Studio")?.textContent).toBe("Start 14-day free trial");
  });

  it("in Turkish and Spanish: the button and the note in the language, with its plural forms", async () => {
    for (const [language, button, note] of [
      ["tr", "14 günlük ücretsiz denemeyi başlat", "Kart gerekmez · 14 gün · kullanmaya devam etmek için satın alın"],
      ["es", "Empezar prueba gratis de 14 días", "Sin tarjeta · 14 días · después, cómpralo para seguir usándolo"],
    ] as const) {
      await changeLanguage(language, { persist: false });
      try {
        serve(() => success({}), []);
        mountPricing();
        await waitFor(() => expect(trialButton("Studio")?.textContent).toBe(button));
        expect(card("Studio").querySelector('[data-testid="trial-note"]')?.textContent).toBe(note);
      } finally {
        unmount();
        vi.restoreAllMocks();
        await changeLanguage("en", { persist: false });
      }
    }
  });
});
