import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { allByTestId, byTestId, mountWithApp, pageText, serveApi, success } from "@/test/app";
import { click, stubBrowserApis, type, unmount, waitFor } from "@/test/dom";
import { BillingPage } from "../pages/billing-page";
import { anOrder } from "./fixtures";

beforeAll(stubBrowserApis);
afterEach(() => {
  unmount();
  vi.restoreAllMocks();
});

const ids = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const orders = Array.from({ length: 25 }, (_, index) =>
  anOrder({ id: ids(index + 1), number: `O-${String(index + 1).padStart(6, "0")}`, status: index === 0 ? "pending_offer" : "offered" }),
);

describe("the billing page", { timeout: 20_000 }, () => {
  it("lists the caller's orders newest first with number, items, total and status, each linking to its page", async () => {
    const calls = serveApi((call) => {
      const url = new URL(call.path, "http://portal.test");
      const page = Number(url.searchParams.get("page") ?? "1");
      const size = Number(url.searchParams.get("pageSize") ?? "20");
      return success({ items: orders.slice((page - 1) * size, page * size), total: orders.length, page, pageSize: size });
    });
    mountWithApp(<BillingPage />, { path: "/billing" });
    await waitFor(() => expect(allByTestId("order-link")).toHaveLength(20));
    expect(calls[0]?.path).toContain("/api/v1/orders?");
    expect(calls[0]?.path).toContain("sort=createdAt");
    expect(calls[0]?.path).toContain("order=desc");
    expect(pageText()).toContain("Orders and invoices");
    const first = allByTestId("order-link")[0]!;
    expect(first.textContent).toBe("O-000001");
    expect(first.getAttribute("href")).toBe(`/billing/orders/${ids(1)}`);
    // The plan's name is isolated (FSI … PDI) for right-to-left sentences.
    expect(pageText()).toContain("\u2068Pro plan\u2069 × 2");
    expect(allByTestId("order-row-total")[0]?.textContent).toBe("$1,296.00");
    expect(allByTestId("order-status")[0]?.textContent).toBe("Awaiting offer");
    expect(allByTestId("order-status")[1]?.textContent).toBe("Offer received");
    // How paying works stays below the list.
    expect(byTestId("enterprise-payment")).toBeTruthy();
    expect(byTestId("tax-info")).toBeTruthy();

    // The next page is asked of the server.
    click(document.querySelector('[aria-label="Go to page 2"]'));
    await waitFor(() => expect(allByTestId("order-link")).toHaveLength(5));
    expect(calls.at(-1)?.path).toContain("page=2");
    expect(allByTestId("order-link")[0]?.textContent).toBe("O-000021");
  });

  it("filters by status on the server and sorts by total", async () => {
    const calls = serveApi(() => success({ items: [orders[1]], total: 1, page: 1, pageSize: 20 }));
    mountWithApp(<BillingPage />, { path: "/billing" });
    await waitFor(() => expect(allByTestId("order-link")).toHaveLength(1));
    type(byTestId("orders-status-filter")!, "offered");
    await waitFor(() => expect(calls.at(-1)?.path).toContain("status=offered"));
    click([...document.querySelectorAll("button")].find((button) => button.textContent === "Total"));
    await waitFor(() => expect(calls.at(-1)?.path).toContain("sort=total"));
  });

  it("marks an offer past its date as expired", async () => {
    serveApi(() => success({ items: [anOrder({ offerExpired: true })], total: 1, page: 1, pageSize: 20 }));
    mountWithApp(<BillingPage />, { path: "/billing" });
    await waitFor(() => expect(byTestId("order-status")?.textContent).toBe("Offer expired"));
    expect(byTestId("order-status")?.dataset.status).toBe("expired");
  });

  it("explains how to order when there is nothing yet, with a link to the pricing plans", async () => {
    serveApi(() => success({ items: [], total: 0, page: 1, pageSize: 20 }));
    mountWithApp(<BillingPage />, { path: "/billing" });
    await waitFor(() => expect(byTestId("data-table-empty")?.textContent).toContain("No orders yet"));
    expect(byTestId("data-table-empty")?.textContent).toContain("we send you an offer");
    const link = byTestId("data-table-empty")!.querySelector("a");
    expect(link?.getAttribute("href")).toBe("/pricing-plans");
  });
});
