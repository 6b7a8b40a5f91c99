import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { byTestId, pageText, serveApi, success } from "@/test/app";
import { click, mount, stubBrowserApis, unmount, waitFor } from "@/test/dom";
import { PlacedOrderNotice } from "../components/placed-order-notice";
import { PlanConfirmationPage } from "../pages/plan-confirmation-page";

beforeAll(stubBrowserApis);
afterEach(() => {
  unmount();
  vi.restoreAllMocks();
});

const plan = {
  id: "11111111-1111-4111-8111-111111111111",
  name: "Pro",
  description: "Pro plan",
  price: 1200,
  currency: "USD",
  billingPeriod: "yearly",
  durationDays: 365,
  maxActivations: 1,
  maxReleasesPer30Days: 3,
  features: [],
  services: [],
  active: true,
  isCustom: false,
  createdAt: "2026-01-01T00:00:00.000Z",
};
const orderId = "22222222-2222-4222-8222-222222222222";

/** The confirmation page, and the pricing page's notice where a confirmed choice lands. */
function mountChoice() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/pricing-plans/confirmation/:planId", element: <PlanConfirmationPage /> },
      { path: "/pricing-plans", element: <PlacedOrderNotice /> },
    ],
    { initialEntries: [`/pricing-plans/confirmation/${plan.id}`] },
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

describe("choosing a plan starts an order", { timeout: 20_000 }, () => {
  it("says in the confirmation that an offer will follow, keeps the spec's toast and links to the new order", async () => {
    const calls = serveApi((call) => {
      if (call.method === "POST") return success({ plan, selectedAt: "2026-11-27T02:00:00.000Z", orderId });
      if (call.path.includes("/plans/current")) return success({ plan: null, selectedAt: null });
      return success(plan);
    });
    const router = mountChoice();
    await waitFor(() => expect(pageText()).toContain("Pro plan"));
    click([...document.querySelectorAll("button")].find((button) => button.textContent === "Change my plan"));
    await waitFor(() => expect(byTestId("offer-follows")?.textContent).toContain("We then send you an offer"));
    click([...document.querySelectorAll('[role="dialog"] button')].find((button) => button.textContent === "Change my plan"));
    await waitFor(() => expect(calls.some((call) => call.method === "POST" && call.path.endsWith(`/api/v1/plans/${plan.id}/select`))).toBe(true));
    await waitFor(() => expect(router.state.location.pathname).toBe("/pricing-plans"));
    expect(pageText()).toContain("You successfully changed your payment plan!");
    expect(byTestId("placed-order")?.textContent).toContain("Order placed: an offer will follow");
    expect(byTestId("placed-order-link")?.getAttribute("href")).toBe(`/billing/orders/${orderId}`);
  });
});
