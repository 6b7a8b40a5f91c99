import { eq, sql } from "drizzle-orm";
import type { DemoRequest } from "@portal/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, demoRequests, notifications, users } from "../../db/schema/index.js";
import { adminToken, createCustomer } from "../../test/factories.js";
import { call, errorLoc, firstError, json } from "../../test/http.js";
import { closeTestApp, createTestApp, useTestApp } from "../../test/test-app.js";

// The dialog is tried many times from 127.0.0.1 here; the limit has a test of its own below.
const t = useTestApp({ DEMO_REQUEST_RATE_LIMIT_PER_MINUTE: "100000" });
let admin: string;
beforeAll(async () => {
  admin = await adminToken(t.app);
});

const send = (payload: object, token?: string) => call(t.app, { method: "POST", url: "/api/v1/demo-requests", payload, ...(token ? { token } : {}) });
const count = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(demoRequests))[0]!.n;

interface DemoPage {
  items: DemoRequest[];
  total: number;
}
const list = async (query: string, token = admin) => {
  const response = await call(t.app, { method: "GET", url: `/api/v1/demo-requests${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: DemoPage }>(response).data;
};

describe("demo requests", () => {
  it("takes a request from anyone (201), tells the administrators and writes the audit event", async () => {
    const response = await send({ email: " Visitor@Example.COM ", name: "Grace", company: "Navy", product: "Voice Platform", message: "Next week?" });
    expect(response.statusCode, response.body).toBe(201);
    const created = json<{ data: DemoRequest }>(response).data;
    expect(created).toMatchObject({ email: "visitor@example.com", name: "Grace", company: "Navy", product: "Voice Platform", message: "Next week?" });

    const [row] = await t.database.db.select().from(demoRequests).where(eq(demoRequests.id, created.id));
    expect(row).toMatchObject({ userId: null, ip: "127.0.0.1" });
    const [audit] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.targetId, created.id));
    expect(audit).toMatchObject({ action: "demo_request.created", actorId: null, details: { email: "visitor@example.com" } });

    const [firstAdmin] = await t.database.db.select().from(users).where(eq(users.isAdmin, true));
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, firstAdmin!.id));
    expect(notes.at(-1)).toMatchObject({
      type: "messaging",
      title: "New demo request",
      body: "Grace, Navy (visitor@example.com) asked for a demo of Voice Platform.",
      link: "/faq/demo-requests?q=visitor%40example.com",
    });
  });

  it("keeps only the e-mail when the rest is left empty, and remembers a logged-in sender", async () => {
    const customer = await createCustomer(t);
    const response = await send({ email: "only@example.com", name: "  ", message: "" }, customer.token);
    expect(response.statusCode).toBe(201);
    const created = json<{ data: DemoRequest }>(response).data;
    expect(created).toMatchObject({ name: null, company: null, product: null, message: null });
    const [row] = await t.database.db.select().from(demoRequests).where(eq(demoRequests.id, created.id));
    expect(row!.userId).toBe(customer.user.id);
  });

  it("refuses a missing or bad e-mail with a 422 naming email, and unknown or oversized fields, storing nothing", async () => {
    const before = await count();
    const missing = await send({ name: "Ada" });
    expect(missing.statusCode).toBe(422);
    expect(firstError(missing)).toEqual({ loc: ["body", "email"], msg: "Email field is required", type: "error" });
    for (const email of ["not-an-email", "a@", "@b.com", ""]) {
      const bad = await send({ email });
      expect(bad.statusCode, email).toBe(422);
      expect(errorLoc(bad)[0], email).toEqual(["body", "email"]);
    }
    expect(firstError(await send({ email: "nope" })).msg).toBe("Email should be valid");
    expect(errorLoc(await send({ email: "a@example.com", phone: "123" }))[0]).toEqual(["body", "phone"]);
    expect(errorLoc(await send({ email: "a@example.com", message: "x".repeat(5001) }))[0]).toEqual(["body", "message"]);
    expect(errorLoc(await send({ email: "a@example.com", company: 42 }))[0]).toEqual(["body", "company"]);
    expect(await count()).toBe(before);
  });

  it("lists requests for administrators only: paged, sorted and searched", async () => {
    const tag = `lst${Math.random().toString(36).slice(2, 8)}`;
    for (const [email, company] of [
      [`b.${tag}@example.com`, "beta Ltd"],
      [`a.${tag}@example.com`, "Alpha Inc"],
      [`c.${tag}@example.com`, null],
    ] as const) {
      expect((await send({ email, ...(company ? { company } : {}) })).statusCode).toBe(201);
    }
    const customer = await createCustomer(t);
    expect((await call(t.app, { method: "GET", url: "/api/v1/demo-requests", token: customer.token })).statusCode).toBe(403);

    const newest = await list(`?q=${tag}`);
    expect(newest.total).toBe(3);
    expect(newest.items.map((item) => item.email.slice(0, 1))).toEqual(["c", "a", "b"]);
    expect((await list(`?q=${tag}&sort=email&order=asc`)).items.map((item) => item.email.slice(0, 1))).toEqual(["a", "b", "c"]);
    expect((await list(`?q=${tag}&sort=company&order=asc&pageSize=2`)).items.map((item) => item.company)).toEqual(["Alpha Inc", "beta Ltd"]);
    expect((await list(`?q=${tag}&sort=company&order=asc&pageSize=2&page=2`)).items.map((item) => item.email.slice(0, 1))).toEqual(["c"]);
    expect((await list(`?q=ALPHA%20inc`)).items.map((item) => item.email)).toContain(`a.${tag}@example.com`);
    expect((await list(`?q=${tag}_`)).total).toBe(0);
    const refused = await call(t.app, { method: "GET", url: "/api/v1/demo-requests?sort=message", token: admin });
    expect(refused.statusCode).toBe(422);
  });
});

describe("demo request rate limit", () => {
  it("answers 429 with Retry-After once an address has sent its share, and stores nothing more", async () => {
    const limited = await createTestApp({ DEMO_REQUEST_RATE_LIMIT_PER_MINUTE: "2" });
    try {
      const statuses: number[] = [];
      let last;
      for (let attempt = 0; attempt < 3; attempt++) {
        last = await limited.app.inject({ method: "POST", url: "/api/v1/demo-requests", remoteAddress: "10.1.2.3", payload: { email: `r${attempt}@example.com` } });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([201, 201, 429]);
      expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
      expect(firstError(last!)).toMatchObject({ loc: ["common/rate_limited"], type: "warning" });
      const [stored] = await limited.database.db.select({ n: sql<number>`count(*)::int` }).from(demoRequests);
      expect(stored!.n).toBe(2);
      const elsewhere = await limited.app.inject({ method: "POST", url: "/api/v1/demo-requests", remoteAddress: "10.9.9.9", payload: { email: "other@example.com" } });
      expect(elsewhere.statusCode).toBe(201);
    } finally {
      await closeTestApp(limited);
    }
  });
});
