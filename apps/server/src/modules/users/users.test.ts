import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Page, User } from "@portal/contract";
import { auditEvents } from "../../db/schema/index.js";
import { signUpCustomer, loginRequest, registerUser, verifyEmailOf } from "../../test/accounts.js";
import { adminToken } from "../../test/factories.js";
import { call, firstError, json } from "../../test/http.js";
import { waitForMail } from "../../test/mail.js";
import { useTestApp } from "../../test/test-app.js";

const t = useTestApp();

describe("listing users", () => {
  it("filters administrators (a ticket's assignee picker) and customers with isAdmin", async () => {
    const admin = await adminToken(t.app);
    const { response } = await registerUser(t.app);
    const customer = json<{ data: { user: User } }>(response).data.user;
    const list = async (query: string) => {
      const answer = await call(t.app, { method: "GET", url: `/api/v1/users?pageSize=100&${query}`, token: admin });
      expect(answer.statusCode).toBe(200);
      return json<{ data: Page<User> }>(answer).data.items;
    };
    const admins = await list("isAdmin=true");
    expect(admins.length).toBeGreaterThan(0);
    expect(admins.every((user) => user.isAdmin)).toBe(true);
    expect(admins.map((user) => user.id)).not.toContain(customer.id);
    const customers = await list("isAdmin=false");
    expect(customers.every((user) => !user.isAdmin)).toBe(true);
    expect(customers.map((user) => user.id)).toContain(customer.id);
    const refused = await call(t.app, { method: "GET", url: "/api/v1/users?isAdmin=yes", token: admin });
    expect(refused.statusCode).toBe(422);
    expect(firstError(refused).loc).toEqual(["query", "isAdmin"]);
  });

  it("answers every page in one order, pages past the middle read from the other end, with the exact total", async () => {
    const admin = await adminToken(t.app);
    for (let index = 0; index < 7; index++) await registerUser(t.app);
    const page = async (query: string) => {
      const answer = await call(t.app, { method: "GET", url: `/api/v1/users?${query}`, token: admin });
      expect(answer.statusCode).toBe(200);
      return json<{ data: Page<User> }>(answer).data;
    };
    // The total comes from row_counts (no filter): it must equal what the rows say.
    const [{ count } = { count: -1 }] = ((await t.database.db.execute(sql`select count(*)::int as count from users`)) as unknown as { rows: { count: number }[] }).rows;
    for (const order of ["asc", "desc"]) {
      const all = await page(`pageSize=100&sort=email&order=${order}`);
      expect(all.total).toBe(count);
      const paged: string[] = [];
      for (let number = 1; number <= Math.ceil(all.total / 3) + 1; number++) {
        const answer = await page(`pageSize=3&page=${number}&sort=email&order=${order}`);
        expect(answer.total).toBe(count);
        paged.push(...answer.items.map((user) => user.id));
      }
      expect(paged).toEqual(all.items.map((user) => user.id));
    }
    await registerUser(t.app);
    expect((await page("pageSize=1")).total).toBe(count + 1);
  });
});

describe("approving registrations", () => {
  it("lets an admin approve a pending user, who can then log in", async () => {
    const { response, body } = await registerUser(t.app);
    const pending = json<{ data: { user: User } }>(response).data.user;
    const admin = await adminToken(t.app);

    const listed = await call(t.app, { method: "GET", url: `/api/v1/users?status=pending&q=${encodeURIComponent(body.email)}`, token: admin });
    expect(listed.statusCode).toBe(200);
    expect(json<{ data: Page<User> }>(listed).data.items.map((user) => user.id)).toEqual([pending.id]);

    const approved = await call(t.app, { method: "POST", url: `/api/v1/users/${pending.id}/approve`, token: admin });
    expect(approved.statusCode).toBe(200);
    expect(json<{ data: User }>(approved).data.status).toBe("active");
    const approvalMail = await waitForMail(t.dataDir, body.email, /approved/i);
    expect(approvalMail.body).toContain("https://portal.example.com/auth/login");

    const unverified = await loginRequest(t.app, body.email, body.password);
    expect(unverified.statusCode).toBe(403);
    expect(firstError(unverified)).toMatchObject({ loc: ["auth/email_verification"], type: "warning" });
    await verifyEmailOf(t, body.email);
    expect((await loginRequest(t.app, body.email, body.password)).statusCode).toBe(200);

    const [event] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, "user.approved"));
    expect(event).toMatchObject({ targetType: "user", targetId: pending.id });
    expect(event?.actorId).not.toBeNull();

    const again = await call(t.app, { method: "POST", url: `/api/v1/users/${pending.id}/approve`, token: admin });
    expect(again.statusCode).toBe(409);
    expect(firstError(again).loc).toEqual(["user/not_pending"]);
  });

  it("answers 404 for an unknown id and 422 for a malformed one", async () => {
    const admin = await adminToken(t.app);
    const unknown = await call(t.app, { method: "POST", url: "/api/v1/users/5b1e2b56-f886-4e6a-a7f6-92924aea4819/approve", token: admin });
    expect(unknown.statusCode).toBe(404);
    const malformed = await call(t.app, { method: "POST", url: "/api/v1/users/42/approve", token: admin });
    expect(malformed.statusCode).toBe(422);
    expect(firstError(malformed).loc).toEqual(["path", "id"]);
  });

  it("refuses a customer", async () => {
    const customer = await signUpCustomer(t);
    const { response } = await registerUser(t.app);
    const pending = json<{ data: { user: User } }>(response).data.user;
    const refused = await call(t.app, { method: "POST", url: `/api/v1/users/${pending.id}/approve`, token: customer.token });
    expect(refused.statusCode).toBe(403);
    const single = await call(t.app, { method: "GET", url: `/api/v1/users/${pending.id}`, token: customer.token });
    expect(single.statusCode).toBe(403);
  });
});

describe("GET /api/v1/users", () => {
  it("pages and sorts in SQL", async () => {
    const admin = await adminToken(t.app);
    for (const name of ["zed", "amy", "max"]) await registerUser(t.app, { userName: `sort_${name}`, firstname: name });
    const firstPage = await call(t.app, { method: "GET", url: "/api/v1/users?q=sort_&sort=userName&order=asc&pageSize=2", token: admin });
    expect(firstPage.statusCode).toBe(200);
    const page = json<{ data: Page<User> }>(firstPage).data;
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.items.map((user) => user.userName)).toEqual(["sort_amy", "sort_max"]);
    const secondPage = await call(t.app, { method: "GET", url: "/api/v1/users?q=sort_&sort=userName&order=asc&pageSize=2&page=2", token: admin });
    expect(json<{ data: Page<User> }>(secondPage).data.items.map((user) => user.userName)).toEqual(["sort_zed"]);
  });

  it("treats q as text, not a pattern", async () => {
    const admin = await adminToken(t.app);
    const response = await call(t.app, { method: "GET", url: "/api/v1/users?q=%25", token: admin });
    expect(json<{ data: Page<User> }>(response).data.total).toBe(0);
  });

  it.each([
    "pageSize=0",
    "pageSize=101",
    "page=0",
    "page=abc",
    "sort=password_hash",
    "order=sideways",
    "status=royal",
    "unknown=1",
  ])("refuses %s with 422", async (query) => {
    const response = await call(t.app, { method: "GET", url: `/api/v1/users?${query}`, token: await adminToken(t.app) });
    expect(response.statusCode).toBe(422);
    expect(firstError(response).loc[0]).toBe("query");
  });
});

describe("administering accounts", () => {
  it("locks (ending sessions) and unlocks an account, resetting its failures", async () => {
    const admin = await adminToken(t.app);
    const customer = await signUpCustomer(t);
    const locked = await call(t.app, { method: "POST", url: `/api/v1/users/${customer.user.id}/lock`, token: admin });
    expect(locked.statusCode).toBe(200);
    expect(json<{ data: User }>(locked).data.status).toBe("locked");
    expect((await call(t.app, { method: "GET", url: "/api/v1/auth/me", token: customer.token })).statusCode).toBe(401);
    expect((await loginRequest(t.app, customer.email, customer.password)).statusCode).toBe(423);

    const unlocked = await call(t.app, { method: "POST", url: `/api/v1/users/${customer.user.id}/unlock`, token: admin });
    expect(json<{ data: User }>(unlocked).data.status).toBe("active");
    expect((await loginRequest(t.app, customer.email, customer.password)).statusCode).toBe(200);
    const twice = await call(t.app, { method: "POST", url: `/api/v1/users/${customer.user.id}/unlock`, token: admin });
    expect(twice.statusCode).toBe(409);
    expect(firstError(twice).loc).toEqual(["user/not_locked"]);
  });

  it("disables and re-enables, grants and revokes admin", async () => {
    const admin = await adminToken(t.app);
    const customer = await signUpCustomer(t);
    const patch = (payload: Record<string, unknown>) =>
      call(t.app, { method: "PATCH", url: `/api/v1/users/${customer.user.id}`, token: admin, payload });

    expect(json<{ data: User }>(await patch({ status: "disabled" })).data.status).toBe("disabled");
    expect((await loginRequest(t.app, customer.email, customer.password)).statusCode).toBe(403);
    expect(json<{ data: User }>(await patch({ status: "active" })).data.status).toBe("active");

    const granted = await patch({ isAdmin: true, firstname: "Promoted" });
    expect(json<{ data: User }>(granted).data).toMatchObject({ isAdmin: true, firstname: "Promoted" });
    const newAdmin = await loginRequest(t.app, customer.email, customer.password);
    const token = json<{ data: { access_token: string } }>(newAdmin).data.access_token;
    expect((await call(t.app, { method: "GET", url: "/api/v1/users", token })).statusCode).toBe(200);
    expect(json<{ data: User }>(await patch({ isAdmin: false })).data.isAdmin).toBe(false);

    const refused = await patch({ password: "x" });
    expect(refused.statusCode).toBe(422);
    const actions = (await t.database.db.select().from(auditEvents).where(eq(auditEvents.targetId, customer.user.id))).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["user.disabled", "user.enabled", "user.admin_granted", "user.admin_revoked"]));
  });

  it("never removes the last active administrator", async () => {
    const admin = await adminToken(t.app);
    const me = json<{ data: User }>(await call(t.app, { method: "GET", url: "/api/v1/auth/me", token: admin })).data;
    const others = json<{ data: Page<User> }>(await call(t.app, { method: "GET", url: "/api/v1/users?pageSize=100", token: admin })).data.items.filter(
      (user) => user.isAdmin && user.status === "active" && user.id !== me.id,
    );
    expect(others).toHaveLength(0);
    for (const [method, url, payload] of [
      ["PATCH", `/api/v1/users/${me.id}`, { isAdmin: false }],
      ["PATCH", `/api/v1/users/${me.id}`, { status: "disabled" }],
      ["POST", `/api/v1/users/${me.id}/lock`, undefined],
    ] as const) {
      const response = await call(t.app, { method, url, token: admin, ...(payload ? { payload } : {}) });
      expect(response.statusCode).toBe(409);
      expect(firstError(response).loc).toEqual(["user/last_admin"]);
    }
    expect((await call(t.app, { method: "GET", url: "/api/v1/auth/me", token: admin })).statusCode).toBe(200);
  });
});

describe("marking an e-mail verified (running without SMTP)", () => {
  it("lets an admin vouch for the address, so an approved customer can log in; audited once, idempotent", async () => {
    const admin = await adminToken(t.app);
    const { response, body } = await registerUser(t.app);
    const pending = json<{ data: { user: User } }>(response).data.user;
    expect(pending.emailVerified).toBe(false);
    expect((await call(t.app, { method: "POST", url: `/api/v1/users/${pending.id}/approve`, token: admin })).statusCode).toBe(200);
    expect(firstError(await loginRequest(t.app, body.email, body.password)).loc).toEqual(["auth/email_verification"]);

    const verify = () => call(t.app, { method: "POST", url: `/api/v1/users/${pending.id}/verify-email`, token: admin });
    const verified = await verify();
    expect(verified.statusCode).toBe(200);
    expect(json<{ data: User }>(verified).data).toMatchObject({ id: pending.id, emailVerified: true, status: "active" });
    expect((await loginRequest(t.app, body.email, body.password)).statusCode).toBe(200);

    const again = await verify();
    expect(again.statusCode).toBe(200);
    expect(json<{ data: User }>(again).data.emailVerified).toBe(true);
    const me = json<{ data: User }>(await call(t.app, { method: "GET", url: "/api/v1/auth/me", token: admin })).data;
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "user.email_verified"), eq(auditEvents.targetId, pending.id)));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorId: me.id, targetType: "user", outcome: "success", details: { email: body.email.toLowerCase() } });
  });

  it("answers 404 for an unknown id, 422 for a malformed one, and refuses a customer", async () => {
    const admin = await adminToken(t.app);
    const unknown = await call(t.app, { method: "POST", url: "/api/v1/users/5b1e2b56-f886-4e6a-a7f6-92924aea4819/verify-email", token: admin });
    expect(unknown.statusCode).toBe(404);
    expect(firstError(unknown).loc).toEqual(["common/not_found"]);
    const malformed = await call(t.app, { method: "POST", url: "/api/v1/users/42/verify-email", token: admin });
    expect(malformed.statusCode).toBe(422);
    expect(firstError(malformed).loc).toEqual(["path", "id"]);

    const customer = await signUpCustomer(t);
    const { response } = await registerUser(t.app);
    const pending = json<{ data: { user: User } }>(response).data.user;
    const refused = await call(t.app, { method: "POST", url: `/api/v1/users/${pending.id}/verify-email`, token: customer.token });
    expect(refused.statusCode).toBe(403);
    const single = json<{ data: User }>(await call(t.app, { method: "GET", url: `/api/v1/users/${pending.id}`, token: admin })).data;
    expect(single.emailVerified).toBe(false);
  });
});
