import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { changeLanguage } from "@/lib/i18n";
import { mount, stubBrowserApis, unmount } from "@/test/dom";
import { PlanConfirmationPage } from "../pages/plan-confirmation-page";
import { PricingPlansPage } from "../pages/pricing-plans-page";

// Rendered with react-dom directly (see src/test/dom.ts), against a mocked fetch.

beforeAll(() => {
  stubBrowserApis();
  // The carousel (embla) watches its slides.
  globalThis.IntersectionObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
});

afterEach(unmount);

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function render(path: string, routePath: string, element: React.ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: routePath, element }], { initialEntries: [path] });
  mount(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

async function waitForText(text: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!document.body.textContent?.includes(text)) {
    if (Date.now() > deadline) throw new Error(`"${text}" never appeared in: ${document.body.textContent}`);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
}

const plan = (id: string, name: string, price: number, description = `${name} plan`) => ({
  id,
  name,
  description,
  price,
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
});

describe("pricing pages", { timeout: 30_000 }, () => {
  it("says the spec's text when the plans cannot be loaded", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) =>
      String(input).includes("/plans/current")
        ? json(200, { status: "success", data: { plan: null, selectedAt: null } })
        : json(500, { detail: [{ loc: ["common/internal"], msg: "An unexpected error occurred. Please try again.", type: "error" }] }),
    );
    render("/pricing-plans", "/pricing-plans", <PricingPlansPage />);
    await waitForText("Failed to load pricing plans. Please try again later.");
    expect(document.querySelector('[role="alert"]')?.textContent).toContain("Try again");
  });

  it("shows the plans as a carousel with the current one marked and a custom-plan card", async () => {
    const starter = plan("11111111-1111-4111-8111-111111111111", "Starter", 10);
    const pro = plan("22222222-2222-4222-8222-222222222222", "Pro", 20);
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) =>
      String(input).includes("/plans/current")
        ? json(200, { status: "success", data: { plan: pro, selectedAt: "2026-02-01T00:00:00.000Z" } })
        : json(200, { status: "success", data: { items: [starter, pro], total: 2, page: 1, pageSize: 12 } }),
    );
    render("/pricing-plans", "/pricing-plans", <PricingPlansPage />);
    await waitForText("Your plan: Pro");
    const cards = [...document.querySelectorAll('[data-testid="plan-card"]')];
    expect(cards.map((card) => card.querySelector("h2")?.textContent)).toEqual(["Starter", "Pro"]);
    expect(cards[0]!.querySelector('[data-testid="current-plan-badge"]')).toBeNull();
    expect(cards[1]!.querySelector('[data-testid="current-plan-badge"]')?.textContent).toBe("Current plan");
    expect(cards[0]!.querySelector("a")?.getAttribute("href")).toBe(`/pricing-plans/confirmation/${starter.id}`);
    expect(document.querySelector('[data-testid="custom-plan-card"] a')?.getAttribute("href")).toBe("/pricing-plans/custom-license");
  });

  it("loads every page before opening on the custom plan, which comes after them all", async () => {
    const offered = Array.from({ length: 14 }, (_, index) => plan(`00000000-0000-4000-8000-${String(index).padStart(12, "0")}`, `Plan ${index}`, 10 + index));
    const custom = { ...plan("33333333-3333-4333-8333-333333333333", "Custom", 50), isCustom: true };
    const pagesAsked: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = new URL(String(input), "http://portal.test");
      if (url.pathname.endsWith("/plans/current")) return json(200, { status: "success", data: { plan: custom, selectedAt: "2026-02-01T00:00:00.000Z" } });
      const page = Number(url.searchParams.get("page"));
      pagesAsked.push(String(page));
      return json(200, { status: "success", data: { items: offered.slice((page - 1) * 12, page * 12), total: offered.length, page, pageSize: 12 } });
    });
    render("/pricing-plans", "/pricing-plans", <PricingPlansPage />);
    await waitForText("Plan 13");
    // The second page came without the visitor moving the carousel: the custom card is after it.
    expect(pagesAsked).toEqual(["1", "2"]);
    expect(document.querySelectorAll('[data-testid="plan-card"]')).toHaveLength(14);
    expect(document.querySelector('[data-testid="custom-plan-card"] [data-testid="current-plan-badge"]')).not.toBeNull();
  });

  it("in Persian: the carousel speaks Persian, counts in Persian digits, and English catalogue text keeps its own direction", async () => {
    await changeLanguage("fa", { persist: false });
    try {
      const starter = plan("11111111-1111-4111-8111-111111111111", "Starter", 10, "One product for a single site.");
      const pro = plan("22222222-2222-4222-8222-222222222222", "Pro", 20);
      vi.spyOn(globalThis, "fetch").mockImplementation(async (input) =>
        String(input).includes("/plans/current")
          ? json(200, { status: "success", data: { plan: null, selectedAt: null } })
          : json(200, { status: "success", data: { items: [starter, pro], total: 2, page: 1, pageSize: 12 } }),
      );
      render("/pricing-plans", "/pricing-plans", <PricingPlansPage />);
      await waitForText("One product for a single site.");
      const description = [...document.querySelectorAll("p")].find((element) => element.textContent === "One product for a single site.");
      expect(description).toHaveAttribute("dir", "auto");
      expect(document.querySelector('[data-testid="plan-card"] h2')).toHaveAttribute("dir", "auto");

      // Three slides (two plans and the custom-plan card): named and announced in Persian, not "Slide 1 of 3".
      expect(document.querySelector('[data-testid="pricing-carousel-status"]')).toHaveTextContent("طرح ۱ از ۳");
      const slides = [...document.querySelectorAll('[aria-roledescription="طرح"]')];
      expect(slides.map((slide) => slide.getAttribute("aria-label"))).toEqual(["طرح ۱ از ۳", "طرح ۲ از ۳", "طرح ۳ از ۳"]);
      expect(document.querySelector('[data-testid="pricing-carousel"]')).toHaveAttribute("aria-roledescription", "نمایش چرخشی");
      expect(document.body.innerHTML).not.toMatch(/Carousel slide|Go to slide/);
      expect(document.querySelector('[data-testid="plan-card"]')).toHaveTextContent("اعتبار ۳۶۵ روزه");
    } finally {
      await changeLanguage("en", { persist: false });
    }
  });

  it("says the spec's text for a plan that cannot be found", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) =>
      String(input).includes("/plans/current")
        ? json(200, { status: "success", data: { plan: null, selectedAt: null } })
        : json(404, { detail: [{ loc: ["catalogue/plan_not_found"], msg: "Could not find selected plan details.", type: "error" }] }),
    );
    render("/pricing-plans/confirmation/33333333-3333-4333-8333-333333333333", "/pricing-plans/confirmation/:planId", <PlanConfirmationPage />);
    await waitForText("Could not find selected plan details.");
  });
});
