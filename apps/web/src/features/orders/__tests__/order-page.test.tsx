import type { Order } from "@portal/contract";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { byTestId, mountInApp, pageText, refusal, serveApi, success, type ApiAnswer, type ApiCall } from "@/test/app";
import { click, stubBrowserApis, type, unmount, waitFor } from "@/test/dom";
import { OrderPage } from "../pages/order-page";
import { anOrder, billingAddress } from "./fixtures";

beforeAll(stubBrowserApis);
afterEach(() => {
  unmount();
  vi.restoreAllMocks();
});

const order = anOrder();
const orderPath = `/api/v1/orders/${order.id}`;

/** The API of one order: GET answers `current`, the billing address is `address`; `on` answers the POSTs. */
function serveOrder(current: Order, { address = billingAddress as unknown, on }: { address?: unknown; on?: (call: ApiCall) => ApiAnswer | undefined } = {}) {
  return serveApi((call) => {
    const answer = on?.(call);
    if (answer) return answer;
    if (call.path.includes("/api/v1/billing-address")) return success(address);
    if (call.method === "GET" && call.path.endsWith(orderPath)) return success(current);
    return refusal(404, "common/not_found");
  });
}

const open = (id = order.id) => mountInApp(<OrderPage />, { url: `/billing/orders/${id}`, path: "/billing/orders/:id" });
const dialog = (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === "POST");

describe("the customer's order page", { timeout: 20_000 }, () => {
  it("shows the order: summary with the billing address copy, lines, totals with tax by country, timeline and the offer PDF", async () => {
    serveOrder(order);
    open();
    await waitFor(() => expect(byTestId("order-summary")).toBeTruthy());
    expect(pageText()).toContain("Order O-000042");
    expect(byTestId("order-billing-address")?.textContent).toContain("Bağdat Caddesi 12");
    expect(byTestId("order-billing-address")?.textContent).toContain("Tax location: \u2068Kadıköy VD\u2069");
    expect(byTestId("order-field-offerMessage")?.textContent).toContain("Ten percent off");
    expect(byTestId("order-field-note")?.textContent).toContain("night shift");
    expect(byTestId("order-line")?.textContent).toContain("Pro plan");
    expect(byTestId("order-subtotal")?.textContent).toContain("$1,200.00");
    expect(byTestId("order-discount")?.textContent).toContain("Discount (10%)");
    expect(byTestId("order-discount")?.textContent).toContain("-$120.00");
    expect(byTestId("order-tax")?.textContent).toContain("Tax (20%, Türkiye)");
    expect(byTestId("order-total")?.textContent).toContain("$1,296.00");
    expect(byTestId("order-timeline")?.querySelectorAll('[data-reached="true"]')).toHaveLength(2);
    expect(byTestId("order-document")?.textContent).toBe("Download offer (PDF)");
    expect(byTestId("order-notice")?.dataset.state).toBe("offered");
    expect(byTestId("order-no-address")).toBeNull();
  });

  it("accepts the offer only after the confirmation, with POST …/accept", async () => {
    let current = order;
    const calls = serveOrder(order, {
      on: (call) => {
        if (call.method === "POST" && call.path.endsWith(`${orderPath}/accept`)) {
          current = { ...order, status: "accepted", acceptedAt: "2026-11-22T08:00:00.000Z" };
          return success(current);
        }
        if (call.method === "GET" && call.path.endsWith(orderPath)) return success(current);
        return undefined;
      },
    });
    open();
    await waitFor(() => expect(byTestId("order-accept")).toBeTruthy());
    click(byTestId("order-accept"));
    await waitFor(() => expect(dialog("order-accept-dialog")?.textContent).toContain("You accept offer O-000042 for $1,296.00"));
    expect(posts(calls)).toHaveLength(0);
    click(byTestId("order-accept-confirm"));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.path).toMatch(new RegExp(`${orderPath}/accept$`));
    await waitFor(() => expect(byTestId("order-notice")?.dataset.state).toBe("accepted"));
    expect(byTestId("order-accept")).toBeNull();
    expect(pageText()).toContain("Offer accepted. Your invoice follows once we receive your payment.");
  });

  it("shows a refusal of the server translated (the offer expired meanwhile)", async () => {
    serveOrder(order, { on: (call) => (call.method === "POST" ? refusal(409, "order/offer_expired") : undefined) });
    open();
    await waitFor(() => expect(byTestId("order-accept")).toBeTruthy());
    click(byTestId("order-accept"));
    await waitFor(() => expect(byTestId("order-accept-confirm")).toBeTruthy());
    click(byTestId("order-accept-confirm"));
    await waitFor(() => expect(pageText()).toContain("This offer has expired. Ask us for a new one."));
  });

  it("cancels with the reason given in the confirmation", async () => {
    const calls = serveOrder(order, {
      on: (call) => (call.method === "POST" ? success({ ...order, status: "cancelled", cancelledAt: "2026-11-22T08:00:00.000Z", cancelReason: "Too expensive" }) : undefined),
    });
    open();
    await waitFor(() => expect(byTestId("order-cancel")).toBeTruthy());
    click(byTestId("order-cancel"));
    await waitFor(() => expect(byTestId("order-cancel-reason")).toBeTruthy());
    type(byTestId("order-cancel-reason")!, "  Too expensive ");
    click(byTestId("order-cancel-confirm"));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toMatchObject({ path: expect.stringMatching(new RegExp(`${orderPath}/cancel$`)), body: { reason: "Too expensive" } });
    await waitFor(() => expect(pageText()).toContain("Order O-000042 cancelled."));
  });

  it("cancels without a reason with an empty body", async () => {
    const calls = serveOrder(anOrder({ status: "pending_offer", offeredAt: null, validUntil: null, billingAddress: null }), {
      on: (call) => (call.method === "POST" ? success({ ...order, status: "cancelled" }) : undefined),
    });
    open();
    await waitFor(() => expect(byTestId("order-cancel")).toBeTruthy());
    click(byTestId("order-cancel"));
    await waitFor(() => expect(byTestId("order-cancel-confirm")).toBeTruthy());
    click(byTestId("order-cancel-confirm"));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({});
  });

  it("an expired offer cannot be accepted: it says so and offers to ask for a new one", async () => {
    serveOrder(anOrder({ offerExpired: true, validUntil: "2026-11-25T00:00:00.000Z" }));
    open();
    await waitFor(() => expect(byTestId("order-notice")?.dataset.state).toBe("expired"));
    expect(byTestId("order-accept")).toBeNull();
    expect(byTestId("order-status")?.textContent).toBe("Offer expired");
    expect(byTestId("order-notice")?.textContent).toContain("This offer has expired");
    expect(byTestId("order-ask-new-offer")?.getAttribute("href")).toBe("/create-new-ticket");
    // Still cancellable, and the offer PDF can still be read.
    expect(byTestId("order-cancel")).toBeTruthy();
  });

  it("asks for a billing address when there is none, since no offer can be made without it", async () => {
    serveOrder(anOrder({ status: "pending_offer", offeredAt: null, validUntil: null, billingAddress: null, taxCountry: null, taxRate: 0, taxAmount: "0.00" }), { address: null });
    open();
    await waitFor(() => expect(byTestId("order-no-address")).toBeTruthy());
    expect(byTestId("order-no-address")?.textContent).toContain("Add your billing address");
    expect(byTestId("order-no-address")?.querySelector("a")?.getAttribute("href")).toBe("/payments?tab=address");
    // Before an offer: no PDF, no accept, the tax waits for the address.
    expect(byTestId("order-document")).toBeNull();
    expect(byTestId("order-accept")).toBeNull();
    expect(byTestId("order-tax")?.textContent).toContain("Tax (set with the offer");
    expect(byTestId("order-notice")?.dataset.state).toBe("pending_offer");
  });

  it("says nothing about the address once it exists", async () => {
    serveOrder(anOrder({ status: "pending_offer", offeredAt: null, billingAddress: null }));
    open();
    await waitFor(() => expect(byTestId("order-notice")?.dataset.state).toBe("pending_offer"));
    await waitFor(() => expect(pageText()).not.toContain("Add your billing address"));
  });

  it("a paid order offers its invoice and the issued licences", async () => {
    serveOrder(anOrder({ status: "paid", acceptedAt: "2026-11-22T08:00:00.000Z", paidAt: "2026-11-23T08:00:00.000Z", invoiceNumber: "INV-2026-000007", paymentReference: "BANK-77", licenseIds: [order.id, order.user.id] }));
    open();
    await waitFor(() => expect(byTestId("order-document")?.textContent).toBe("Download invoice (PDF)"));
    expect(byTestId("order-field-invoiceNumber")?.textContent).toContain("INV-2026-000007");
    expect(byTestId("order-field-paymentReference")?.textContent).toContain("BANK-77");
    expect(byTestId("order-notice")?.textContent).toContain("2 licences were issued");
    expect(byTestId("order-cancel")).toBeNull();
    expect(byTestId("order-timeline")?.querySelectorAll('[data-reached="true"]')).toHaveLength(4);
  });

  it("another customer's (or an unknown) order is not found", async () => {
    serveApi(() => refusal(404, "order/not_found"));
    open();
    await waitFor(() => expect(pageText()).toContain("Order not found"));
    expect(pageText()).toContain("This order does not exist or is not yours.");
  });
});
