import { describe, expect, it } from "vitest";
import type { AuditEvent, Page } from "@portal/contract";
import { adminToken, call, createCustomer, json, loginRequest, useTestApp } from "../../test/helpers.js";

const t = useTestApp();

describe("GET /api/v1/audit-events", () => {
  it("lists events newest first with their actor, paged", async () => {
    const customer = await createCustomer(t);
    await loginRequest(t.app, customer.email, "Wrong-pass-1!");
    const admin = await adminToken(t.app);
    const response = await call(t.app, { method: "GET", url: "/api/v1/audit-events?pageSize=3", token: admin });
    expect(response.statusCode).toBe(200);
    const page = json<{ data: Page<AuditEvent> }>(response).data;
    expect(page.pageSize).toBe(3);
    expect(page.items).toHaveLength(3);
    expect(page.total).toBeGreaterThan(3);
    const times = page.items.map((item) => Date.parse(item.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(page.items[0]).toMatchObject({ action: "auth.login", actorEmail: "admin@example.com" });
  });

  it("filters by actor, action and time", async () => {
    const customer = await createCustomer(t);
    const admin = await adminToken(t.app);
    const byActor = await call(t.app, { method: "GET", url: `/api/v1/audit-events?actorId=${customer.user.id}&sort=at&order=asc`, token: admin });
    const actions = json<{ data: Page<AuditEvent> }>(byActor).data.items.map((item) => item.action);
    expect(actions).toEqual(["auth.register", "auth.email_verified", "auth.login"]);

    const byAction = await call(t.app, { method: "GET", url: "/api/v1/audit-events?action=user.approved", token: admin });
    const approvals = json<{ data: Page<AuditEvent> }>(byAction).data.items;
    expect(approvals.length).toBeGreaterThan(0);
    expect(approvals.every((item) => item.action === "user.approved")).toBe(true);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    const none = await call(t.app, { method: "GET", url: `/api/v1/audit-events?from=${encodeURIComponent(future)}`, token: admin });
    expect(json<{ data: Page<AuditEvent> }>(none).data.total).toBe(0);

    const bad = await call(t.app, { method: "GET", url: "/api/v1/audit-events?from=yesterday", token: admin });
    expect(bad.statusCode).toBe(422);
  });
});

describe("audit export", () => {
  it("answers the filtered log as CSV when asked with Accept: text/csv, spreadsheet-safe", async () => {
    const customer = await createCustomer(t);
    await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/token",
      headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": "=SUM(1,2)" },
      payload: new URLSearchParams({ username: customer.email, password: "Wrong-pass-1!" }).toString(),
    });
    const admin = await adminToken(t.app);
    const response = await call(t.app, {
      method: "GET",
      url: `/api/v1/audit-events?actorId=${customer.user.id}`,
      token: admin,
      headers: { accept: "text/csv" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/csv/);
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename="audit-events-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = response.body.trim().split("\n");
    expect(lines[0]).toBe("id,at,actorId,actorEmail,action,targetType,targetId,ip,userAgent,details");
    expect(lines.slice(1).map((line) => line.split(",")[4])).toEqual(["auth.login_failed", "auth.login", "auth.email_verified", "auth.register"]);
    expect(lines.every((line) => line.split(",")[3] === "actorEmail" || line.includes(customer.email))).toBe(true);
    // A cell a spreadsheet would run as a formula is defused with a leading quote.
    expect(response.body).toContain(`"'=SUM(1,2)"`);
    expect(response.body).not.toMatch(/(^|,)=SUM/m);

    const json = await call(t.app, { method: "GET", url: "/api/v1/audit-events", token: admin, headers: { accept: "application/json" } });
    expect(json.headers["content-type"]).toMatch(/application\/json/);
  });
});
