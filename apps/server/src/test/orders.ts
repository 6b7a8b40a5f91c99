import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Order, Plan } from "@portal/contract";
import { expect } from "vitest";
import { adminToken } from "./factories.js";
import { call, json } from "./http.js";
import type { TestApp } from "./test-app.js";

/** What the orders tests share: a catalogue, orders through the API, billing addresses. */
export function orderTools(t: TestApp) {
  const suffix = () => randomBytes(4).toString("hex");
  const tools = {
    testApp: t,
    admin: () => adminToken(t.app),
    async plan(price = 400, currency: "USD" | "EUR" | "TRY" = "USD", options: { durationDays?: number; maxActivations?: number } = {}): Promise<Plan> {
      const admin = await tools.admin();
      const feature = await tools.feature(`Plan feature ${suffix()}`, 5);
      const answer = await call(t.app, {
        method: "POST",
        url: "/api/v1/plans",
        token: admin,
        payload: {
          name: `Order plan ${suffix()}`,
          price,
          currency,
          billingPeriod: "yearly",
          durationDays: options.durationDays ?? 365,
          maxActivations: options.maxActivations ?? 3,
          maxReleasesPer30Days: 10,
          featureIds: [feature.id],
        },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      return json<{ data: Plan }>(answer).data;
    },
    async feature(name: string, price: number): Promise<{ id: string; name: string }> {
      const answer = await call(t.app, { method: "POST", url: "/api/v1/features", token: await tools.admin(), payload: { name: `${name} ${suffix()}`, price } });
      expect(answer.statusCode, answer.body).toBe(201);
      return json<{ data: { id: string; name: string } }>(answer).data;
    },
    async billingAddress(token: string, country: string): Promise<void> {
      const answer = await call(t.app, {
        method: "PUT",
        url: "/api/v1/billing-address",
        token,
        payload: { line1: `${country} Street 1`, city: "Capital", postalCode: "12345", country, taxLocation: `${country} tax office` },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    },
    async order(token: string, body: Record<string, unknown>): Promise<Order> {
      const answer = await call(t.app, { method: "POST", url: "/api/v1/orders", token, payload: body });
      expect(answer.statusCode, answer.body).toBe(201);
      return json<{ data: Order }>(answer).data;
    },
    /** A future "valid until" moment. */
    later: (days = 14) => new Date(Date.now() + days * 86_400_000).toISOString(),
    async offer(id: string, body: Record<string, unknown> = {}, token?: string): Promise<Order> {
      const answer = await call(t.app, { method: "POST", url: `/api/v1/orders/${id}/offer`, token: token ?? (await tools.admin()), payload: { validUntil: tools.later(), ...body } });
      expect(answer.statusCode, answer.body).toBe(200);
      return json<{ data: Order }>(answer).data;
    },
    async accept(id: string, token: string): Promise<Order> {
      const answer = await call(t.app, { method: "POST", url: `/api/v1/orders/${id}/accept`, token });
      expect(answer.statusCode, answer.body).toBe(200);
      return json<{ data: Order }>(answer).data;
    },
    async markPaid(id: string, reference = "Wire 42", token?: string): Promise<Order> {
      const answer = await call(t.app, { method: "POST", url: `/api/v1/orders/${id}/mark-paid`, token: token ?? (await tools.admin()), payload: { reference } });
      expect(answer.statusCode, answer.body).toBe(200);
      return json<{ data: Order }>(answer).data;
    },
    /** A customer's order of one plan, offered and accepted: ready to be marked paid. */
    async acceptedOrder(customer: { token: string }, plan: Plan, quantity = 1): Promise<Order> {
      const order = await tools.order(customer.token, { planId: plan.id, quantity });
      await tools.offer(order.id);
      return tools.accept(order.id, customer.token);
    },
    /** The raw .eml of an outbox message. */
    rawMail: (file: string) => readFile(path.join(t.dataDir, "mail", file), "utf8"),
  };
  return tools;
}
