import type { Order } from "@portal/contract";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { allByTestId, byTestId, mountInApp, mountWithApp, pageText, refusal, serveApi, success, type ApiCall } from "@/test/app";
import { click, field, stubBrowserApis, type, unmount, waitFor } from "@/test/dom";
import { defaultValidUntil } from "../components/admin-order-dialogs";
import { AdminOrderPage } from "../pages/admin-order-page";
import { AdminOrdersPage } from "../pages/admin-orders-page";

beforeAll(stubBrowserApis);
afterEach(() => {
  unmount();
  vi.restoreAllMocks();
});

const ORDER_ID = "0b6f8f0e-4c2a-4d59-9a53-6a1f3c1e2d01";

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: ORDER_ID,
    number: "O-000042",
    status: "pending_offer",
    user: { id: "5a0c9a52-1d5e-4b8e-a1a0-0f6b5f1d0c11", name: "Ada Lovelace", email: "ada@example.com" },
    items: [{ planId: "7d1f0c9e-2a4b-4c6d-8e0f-1a2b3c4d5e6f", featureIds: [], description: "Business plan", quantity: 2, unitPrice: "600.00", lineTotal: "1200.00" }],
    currency: "USD",
    subtotal: "1200.00",
    discountPercent: 0,
    discountAmount: "0.00",
    taxCountry: null,
    taxRate: 0,
    taxAmount: "0.00",
    total: "1200.00",
    billingAddress: null,
    projectId: null,
    projectName: null,
    note: "",
    offerMessage: null,
    validUntil: null,
    offerExpired: false,
    invoiceNumber: null,
    paymentReference: null,
    cancelReason: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    offeredAt: null,
    acceptedAt: null,
    paidAt: null,
    cancelledAt: null,
    licenseIds: [],
    ...overrides,
  };
}

const page = (items: Order[]) => success({ items, total: items.length, page: 1, pageSize: 20 });
const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === "POST");

describe("admin orders list", { timeout: 20_000 }, () => {
  it("lists orders with customer, total in the order's currency and status, sorted newest first, each row a link", async () => {
    const calls = serveApi(() => page([order(), order({ id: "1b6f8f0e-4c2a-4d59-9a53-6a1f3c1e2d02", number: "O-000043", status: "paid", currency: "EUR", total: "99.50" })]));
    mountWithApp(<AdminOrdersPage />, { path: "/admin/orders?status=pending_offer" });
    await waitFor(() => expect(allByTestId("order-link")).toHaveLength(2));
    const request = new URL(calls[0]!.path, "http://x");
    expect(request.pathname).toBe("/api/v1/orders");
    expect(request.searchParams.get("sort")).toBe("createdAt");
    expect(request.searchParams.get("order")).toBe("desc");
    expect(request.searchParams.get("status")).toBe("pending_offer");
    expect(allByTestId("order-link")[0]!.getAttribute("href")).toBe(`/admin/orders/${ORDER_ID}`);
    expect(pageText()).toContain("Ada Lovelace");
    expect(pageText()).toContain("ada@example.com");
    expect(allByTestId("order-total").map((cell) => cell.textContent)).toEqual(["$1,200.00", "€99.50"]);
    expect(allByTestId("order-status").map((cell) => cell.textContent)).toEqual(["Awaiting offer", "Paid"]);
  });
});

describe("admin order page", { timeout: 30_000 }, () => {
  const mountOrder = () => mountInApp(<AdminOrderPage />, { url: `/admin/orders/${ORDER_ID}`, path: "/admin/orders/:id" });

  it("offers only what the status allows", async () => {
    serveApi(() => success(order({ status: "paid", invoiceNumber: "INV-2026-000007", paymentReference: "TRX-1", licenseIds: ["3c1e2d01-4c2a-4d59-9a53-6a1f0b6f8f0e"] })));
    mountOrder();
    await waitFor(() => expect(byTestId("order-licenses")).toBeTruthy());
    expect(byTestId("order-make-offer")).toBeNull();
    expect(byTestId("order-mark-paid")).toBeNull();
    expect(byTestId("order-cancel")).toBeNull();
    expect(byTestId("order-document")?.textContent).toBe("Download invoice (PDF)");
    expect(byTestId("order-invoice-number")?.textContent).toBe("INV-2026-000007");
    expect(byTestId("order-license-link")?.getAttribute("href")).toBe("/admin/purchased-licenses?license=3c1e2d01-4c2a-4d59-9a53-6a1f0b6f8f0e");
  });

  it("makes an offer: the price prefilled from the line, the discount and date typed, the contract's body posted", async () => {
    const calls = serveApi((call) => (call.method === "POST" ? success(order({ status: "offered" })) : success(order())));
    mountOrder();
    await waitFor(() => expect(byTestId("order-make-offer")).toBeTruthy());
    expect(byTestId("order-mark-paid")).toBeNull();
    click(byTestId("order-make-offer"));
    await waitFor(() => expect(byTestId("offer-form")).toBeTruthy());
    expect(field("Unit price").value).toBe("600.00");
    expect(field("Valid until").value).toBe(defaultValidUntil());
    type(field("Unit price"), "500");
    type(field("Discount (%)"), "10");
    type(field("Message to the customer (optional)"), "Thank you for your order");
    // The preview follows: 2 × 500 = 1,000, 10% off → 900 before tax (no billing address copied yet).
    await waitFor(() => expect(byTestId("preview-total")?.textContent).toBe("$900.00"));
    expect(byTestId("preview-discount")?.textContent).toBe("-$100.00");
    click(byTestId("offer-submit"));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.path).toContain(`/api/v1/orders/${ORDER_ID}/offer`);
    expect(posts(calls)[0]!.body).toEqual({ unitPrice: 500, discountPercent: 10, validUntil: defaultValidUntil(), message: "Thank you for your order" });
  });

  it("refuses a date in the past before sending anything", async () => {
    const calls = serveApi(() => success(order()));
    mountOrder();
    await waitFor(() => expect(byTestId("order-make-offer")).toBeTruthy());
    click(byTestId("order-make-offer"));
    await waitFor(() => expect(byTestId("offer-form")).toBeTruthy());
    type(field("Valid until"), "2020-01-01");
    click(byTestId("offer-submit"));
    await waitFor(() => expect(pageText()).toContain("Valid until must be in the future"));
    expect(posts(calls)).toHaveLength(0);
  });

  it("explains the 409 of a customer without a billing address in the dialog", async () => {
    serveApi((call) => (call.method === "POST" ? refusal(409, "order/billing_address_required") : success(order())));
    mountOrder();
    await waitFor(() => expect(byTestId("order-make-offer")).toBeTruthy());
    click(byTestId("order-make-offer"));
    await waitFor(() => expect(byTestId("offer-form")).toBeTruthy());
    click(byTestId("offer-submit"));
    await waitFor(() => expect(byTestId("billing-address-required")).toBeTruthy());
    const alert = byTestId("billing-address-required")!;
    expect(alert.getAttribute("role")).toBe("alert");
    expect(alert.textContent).toContain("The customer has no billing address yet");
    expect(alert.textContent).toContain("Ada Lovelace has no billing address yet");
    // The dialog stays open so the admin sees why.
    expect(byTestId("offer-form")).toBeTruthy();
  });

  it("marks paid only after the reference and the explicit confirmation that licences will be issued", async () => {
    const accepted = order({ status: "accepted", taxCountry: "TR", taxRate: 20, offeredAt: "2026-11-21T10:00:00.000Z", acceptedAt: "2026-11-22T10:00:00.000Z" });
    const calls = serveApi((call) => (call.method === "POST" ? success({ ...accepted, status: "paid", invoiceNumber: "INV-2026-000001", licenseIds: [] }) : success(accepted)));
    mountOrder();
    await waitFor(() => expect(byTestId("order-mark-paid")).toBeTruthy());
    expect(byTestId("order-make-offer")).toBeNull();
    click(byTestId("order-mark-paid"));
    await waitFor(() => expect(byTestId("mark-paid-form")).toBeTruthy());
    expect(byTestId("mark-paid-form")!.textContent).toContain("issues 2 licences to Ada Lovelace");

    click(byTestId("mark-paid-submit"));
    await waitFor(() => expect(pageText()).toContain("Payment reference field is required"));
    type(field("Payment reference"), "TRX-2026-118");
    click(byTestId("mark-paid-submit"));
    await waitFor(() => expect(pageText()).toContain("Tick this box to confirm that the licences may be issued"));
    expect(posts(calls)).toHaveLength(0);

    click(byTestId("mark-paid-confirm"));
    click(byTestId("mark-paid-submit"));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.path).toContain(`/api/v1/orders/${ORDER_ID}/mark-paid`);
    expect(posts(calls)[0]!.body).toEqual({ reference: "TRX-2026-118" });
  });

  it("cancels with an optional reason after asking", async () => {
    const calls = serveApi((call) => (call.method === "POST" ? success(order({ status: "cancelled" })) : success(order())));
    mountOrder();
    await waitFor(() => expect(byTestId("order-cancel")).toBeTruthy());
    click(byTestId("order-cancel"));
    await waitFor(() => expect(byTestId("cancel-order-form")).toBeTruthy());
    expect(posts(calls)).toHaveLength(0);
    click(byTestId("cancel-order-submit"));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.path).toContain(`/api/v1/orders/${ORDER_ID}/cancel`);
    expect(posts(calls)[0]!.body).toEqual({});
  });
});
