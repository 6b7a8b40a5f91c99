import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { FULL_CARD_NUMBER_REFUSED, type BillingAddress, type Page, type PaymentMethod } from "@portal/contract";
import { paymentMethods } from "../../db/schema/index.js";
import { createCustomer } from "../../test/factories.js";
import { call, firstError, json } from "../../test/http.js";
import { useTestApp } from "../../test/test-app.js";

const t = useTestApp();
const nextYear = new Date().getUTCFullYear() + 1;
const card = (overrides: Record<string, unknown> = {}) => ({
  holderName: "Ada Lovelace",
  brand: "visa",
  last4: "4242",
  expMonth: 12,
  expYear: nextYear,
  ...overrides,
});

describe("payment methods", () => {
  it("keeps one default card: the first, then the one marked, then the newest left", async () => {
    const customer = await createCustomer(t);
    const add = async (overrides: Record<string, unknown> = {}) =>
      json<{ data: PaymentMethod }>(await call(t.app, { method: "POST", url: "/api/v1/payment-methods", token: customer.token, payload: card(overrides) })).data;
    const first = await add();
    expect(first.isDefault).toBe(true);
    const second = await add({ last4: "1111" });
    expect(second.isDefault).toBe(false);
    const third = await add({ last4: "0005", brand: "amex", isDefault: true });
    const list = async () =>
      json<{ data: Page<PaymentMethod> }>(await call(t.app, { method: "GET", url: "/api/v1/payment-methods", token: customer.token })).data.items;
    expect((await list()).filter((item) => item.isDefault).map((item) => item.id)).toEqual([third.id]);

    expect((await call(t.app, { method: "DELETE", url: `/api/v1/payment-methods/${third.id}`, token: customer.token })).statusCode).toBe(200);
    const remaining = await list();
    expect(remaining.filter((item) => item.isDefault).map((item) => item.id)).toEqual([second.id]);
  });

  it.each([
    [{ number: "4242424242424242" }, "number"],
    [{ cvv: "123" }, "cvv"],
    [{ cvc: "123" }, "cvc"],
  ])("refuses a body carrying %j and stores nothing", async (extra, field) => {
    const customer = await createCustomer(t);
    const response = await call(t.app, { method: "POST", url: "/api/v1/payment-methods", token: customer.token, payload: card(extra) });
    expect(response.statusCode).toBe(422);
    expect(firstError(response)).toEqual({ loc: ["body", field], msg: FULL_CARD_NUMBER_REFUSED, type: "error" });
    expect(await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.ownerId, customer.user.id))).toHaveLength(0);
  });

  it.each([
    [{ expYear: 2020 }, "expYear", "This card has expired"],
    [{ last4: "42a2" }, "last4", "Last four digits must be 4 digits"],
    [{ expMonth: 13 }, "expMonth", "Expiry month must be 1 to 12"],
    [{ brand: "diners" }, "brand", undefined],
  ])("refuses %j", async (overrides, field, message) => {
    const customer = await createCustomer(t);
    const response = await call(t.app, { method: "POST", url: "/api/v1/payment-methods", token: customer.token, payload: card(overrides) });
    expect(response.statusCode).toBe(422);
    expect(firstError(response).loc).toEqual(["body", field]);
    if (message) expect(firstError(response).msg).toBe(message);
  });

  it("never shows or deletes another customer's card", async () => {
    const owner = await createCustomer(t);
    const stranger = await createCustomer(t);
    const saved = json<{ data: PaymentMethod }>(await call(t.app, { method: "POST", url: "/api/v1/payment-methods", token: owner.token, payload: card() })).data;
    const strangerCards = json<{ data: Page<PaymentMethod> }>(await call(t.app, { method: "GET", url: "/api/v1/payment-methods", token: stranger.token })).data;
    expect(strangerCards.items).toHaveLength(0);
    expect((await call(t.app, { method: "DELETE", url: `/api/v1/payment-methods/${saved.id}`, token: stranger.token })).statusCode).toBe(404);
    expect(await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.id, saved.id))).toHaveLength(1);
  });
});

describe("billing address", () => {
  it("is null until saved, then holds the address with an ISO country", async () => {
    const customer = await createCustomer(t);
    const empty = json<{ data: BillingAddress }>(await call(t.app, { method: "GET", url: "/api/v1/billing-address", token: customer.token }));
    expect(empty.data).toBeNull();
    const saved = await call(t.app, {
      method: "PUT",
      url: "/api/v1/billing-address",
      token: customer.token,
      payload: { line1: "1 Main St", city: "Ankara", postalCode: "06000", country: "tr", taxLocation: "Turkey" },
    });
    expect(saved.statusCode).toBe(200);
    expect(json<{ data: BillingAddress }>(saved).data).toMatchObject({ line1: "1 Main St", line2: "", country: "TR", taxLocation: "Turkey" });
    const bad = await call(t.app, {
      method: "PUT",
      url: "/api/v1/billing-address",
      token: customer.token,
      payload: { line1: "1 Main St", city: "X", postalCode: "1", country: "XX", taxLocation: "T" },
    });
    expect(bad.statusCode).toBe(422);
    expect(firstError(bad)).toMatchObject({ loc: ["body", "country"], msg: "Country must be an ISO 3166 two-letter code" });
    const other = await createCustomer(t);
    expect(json<{ data: BillingAddress }>(await call(t.app, { method: "GET", url: "/api/v1/billing-address", token: other.token })).data).toBeNull();
  });
});
