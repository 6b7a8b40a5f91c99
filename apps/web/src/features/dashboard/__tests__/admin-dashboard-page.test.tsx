import type { AdminDashboard } from "@portal/contract";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { byTestId, mountWithApp, serveApi, success } from "@/test/app";
import { stubBrowserApis, unmount, waitFor } from "@/test/dom";
import { AdminDashboardPage } from "../pages/admin-dashboard-page";

beforeAll(stubBrowserApis);
afterEach(() => {
  unmount();
  vi.restoreAllMocks();
});

const dashboard = (validations: number): AdminDashboard => ({
  users: { pending: 0, active: 1, locked: 0, total: 1 },
  requests: { pending: 0 },
  orders: { pendingOffers: 0, awaitingPayment: 0 },
  tickets: { total: 0, open: 0, inProgress: 0, resolved: 0, closed: 0 },
  licenses: { active: 0, notActivated: 0, deactivated: 0, issuedPerMonth: [{ month: "2026-10", count: 0 }, { month: "2026-11", count: 2 }],
    issuedPerDay: [{ day: "2026-10-20", count: 0 }, { day: "2026-11-20", count: 2 }],
  },
  validations: { perDay: [{ day: "2026-11-22", count: 0 }, { day: "2026-11-23", count: validations }] },
  installations: { live: 0 },
});

describe("the admin dashboard", { timeout: 20_000 }, () => {
  it("says there is no data yet instead of drawing an empty chart, and explains live installations in one sentence", async () => {
    serveApi(() => success(dashboard(0)));
    mountWithApp(<AdminDashboardPage />, { path: "/admin/dashboard" });
    await waitFor(() => expect(byTestId("validations-chart")).not.toBeNull());
    const validations = byTestId("validations-chart")!;
    expect(validations.textContent).toBe("No data yet: no licence has been validated in the last 30 days.");
    expect(validations.querySelector("svg")).toBeNull();
    // A chart with data is still drawn.
    expect(byTestId("issued-chart")!.querySelector("svg")).not.toBeNull();
    expect(byTestId("live-hint")!.textContent).toBe(
      "Live installations: installations that have not been released and have contacted the portal in the last 24 hours.",
    );
  });

  it("draws the validations once there are some", async () => {
    serveApi(() => success(dashboard(3)));
    mountWithApp(<AdminDashboardPage />, { path: "/admin/dashboard" });
    await waitFor(() => expect(byTestId("validations-chart")?.querySelector("svg")).toBeTruthy());
    expect(byTestId("validations-chart")!.querySelectorAll("rect")).toHaveLength(2);
  });

  it("counts the orders awaiting an offer and a payment, each a link to the orders list filtered by status", async () => {
    serveApi(() => success({ ...dashboard(0), orders: { pendingOffers: 3, awaitingPayment: 1 } }));
    mountWithApp(<AdminDashboardPage />, { path: "/admin/dashboard" });
    await waitFor(() => expect(byTestId("admin-figure-pendingOffers-value")?.textContent).toBe("3"));
    expect(byTestId("admin-figure-awaitingPayment-value")?.textContent).toBe("1");
    expect(byTestId("admin-figure-pendingOffers")!.getAttribute("href")).toBe("/admin/orders?status=pending_offer");
    expect(byTestId("admin-figure-awaitingPayment")!.getAttribute("href")).toBe("/admin/orders?status=accepted");
  });
});
