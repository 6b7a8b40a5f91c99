import type { Order } from "@portal/contract";

/** An order as GET /api/v1/orders/{id} answers it: an offer made on a one-line order, tax from a Turkish address. */
export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: "0b8a6c2e-4d1f-4c55-9d7e-2f0a9a1b3c41",
    number: "O-000042",
    status: "offered",
    user: { id: "5e0c7f1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b", name: "Ayşe Yılmaz", email: "ayse@example.com" },
    items: [{ planId: "7d9e8f10-1a2b-4c3d-9e4f-5a6b7c8d9e0f", featureIds: [], description: "Pro plan", quantity: 2, unitPrice: "600.00", lineTotal: "1200.00" }],
    currency: "USD",
    subtotal: "1200.00",
    discountPercent: 10,
    discountAmount: "120.00",
    taxCountry: "TR",
    taxRate: 20,
    taxAmount: "216.00",
    total: "1296.00",
    billingAddress: { line1: "Bağdat Caddesi 12", line2: "", city: "İstanbul", postalCode: "34710", country: "TR", taxLocation: "Kadıköy VD" },
    projectId: null,
    projectName: "Factory floor",
    note: "Two seats for the night shift",
    offerMessage: "Ten percent off for a two-year commitment.",
    validUntil: "2099-12-31T00:00:00.000Z",
    offerExpired: false,
    invoiceNumber: null,
    paymentReference: null,
    cancelReason: null,
    createdAt: "2026-11-20T09:00:00.000Z",
    offeredAt: "2026-11-21T10:30:00.000Z",
    acceptedAt: null,
    paidAt: null,
    cancelledAt: null,
    licenseIds: [],
    ...overrides,
  };
}

export const billingAddress = { line1: "Bağdat Caddesi 12", line2: "", city: "İstanbul", postalCode: "34710", country: "TR", taxLocation: "Kadıköy VD" };
