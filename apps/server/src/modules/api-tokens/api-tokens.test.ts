import { createHash } from "node:crypto";
import { and, eq, gte, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { API_TOKEN_LIMIT, API_TOKEN_PATTERN, type ApiToken, type ApiTokenCreated, type Page, type User } from "@portal/contract";
import { apiTokens, auditEvents, users } from "../../db/schema/index.js";
import { adminToken, createAdmin, createApiTokenFor, createCustomer, createPlanWithFeature } from "../../test/factories.js";
import { call, firstError, json } from "../../test/http.js";
import { waitForMail } from "../../test/mail.js";
import { closeSecondProcess, createSecondProcess, useTestApp } from "../../test/test-app.js";

const t = useTestApp();

const listOf = async (token: string, query = "") => json<{ data: { items: ApiToken[] } }>(await call(t.app, { method: "GET", url: `/api/v1/api-tokens${query}`, token })).data.items;

describe("API tokens", () => {
  it("shows the secret once, keeps only its SHA-256 and authenticates as the owner", async () => {
    const customer = await createCustomer(t);
    const response = await call(t.app, { method: "POST", url: "/api/v1/api-tokens", token: customer.token, payload: { name: "CRM sync", scopes: ["read", "read", "tickets:write"] } });
    expect(response.statusCode).toBe(201);
    const { token, secret } = json<{ data: ApiTokenCreated }>(response).data;
    expect(secret).toMatch(API_TOKEN_PATTERN);
    expect(token).toMatchObject({ name: "CRM sync", prefix: secret.slice(0, 12), scopes: ["read", "tickets:write"], expiresAt: null, lastUsedAt: null, revokedAt: null });

    const [row] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row!.tokenHash).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(secret);

    const listed = await call(t.app, { method: "GET", url: "/api/v1/api-tokens", token: customer.token });
    expect(listed.body).not.toContain(secret);
    expect(json<{ data: { items: ApiToken[] } }>(listed).data.items).toEqual([token]);

    const me = await call(t.app, { method: "GET", url: "/api/v1/auth/me", token: secret });
    expect(me.statusCode).toBe(200);
    expect(json<{ data: User }>(me).data.id).toBe(customer.user.id);
    expect(me.headers["cache-control"]).toBe("no-store");
  });

  it("refuses a call outside the token's scopes before the body is read", async () => {
    const customer = await createCustomer(t);
    const { secret } = await createApiTokenFor(t.app, customer.token, ["read"]);
    expect((await call(t.app, { method: "GET", url: "/api/v1/licenses", token: secret })).statusCode).toBe(200);
    // An invalid body would be a 422: the scope is refused first.
    const refused = await call(t.app, { method: "POST", url: "/api/v1/tickets", token: secret, payload: { nonsense: true } });
    expect(refused.statusCode).toBe(403);
    expect(firstError(refused).loc).toEqual(["token/insufficient_scope"]);
  });

  it("can never manage tokens, the password, the e-mail, 2FA, sessions or preferences", async () => {
    const admin = await createAdmin(t);
    const everything = await createApiTokenFor(t.app, admin.token, ["read", "licenses:write", "tickets:write", "users:write", "catalogue:write", "updates:write", "webhooks:write", "audit:read"]);
    const forbidden: [string, string, unknown?][] = [
      ["POST", "/api/v1/api-tokens", { name: "Successor", scopes: ["read"] }],
      ["GET", "/api/v1/api-tokens"],
      ["DELETE", `/api/v1/api-tokens/${everything.token.id}`],
      ["POST", "/api/v1/auth/password", { oldPassword: admin.password, newPassword: "An0ther-pass!" }],
      ["PUT", "/api/v1/auth/me", { userName: "taken-over" }],
      ["POST", "/api/v1/auth/logout"],
      ["POST", "/api/v1/auth/2fa/setup"],
      ["POST", "/api/v1/auth/2fa/disable", { code: "123456" }],
      ["PUT", "/api/v1/notification-settings", { channels: { security_alerts: { email: false, inApp: false } } }],
      ["GET", "/api/v1/admin/outbox"],
    ];
    for (const [method, url, payload] of forbidden) {
      const response = await call(t.app, { method: method as "GET", url, token: everything.secret, ...(payload === undefined ? {} : { payload: payload as object }) });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(firstError(response).loc, `${method} ${url}`).toEqual(["token/insufficient_scope"]);
    }
    // Nothing happened: the token still works, and is still the only one.
    expect((await call(t.app, { method: "GET", url: "/api/v1/auth/me", token: everything.secret })).statusCode).toBe(200);
    expect(await listOf(admin.token)).toHaveLength(1);
  });

  it("refuses unknown scopes, admin-only scopes for a customer and an expiry in the past, storing nothing", async () => {
    const customer = await createCustomer(t);
    for (const scopes of [["read", "everything"], ["audit:read"], ["users:write"]]) {
      const response = await call(t.app, { method: "POST", url: "/api/v1/api-tokens", token: customer.token, payload: { name: "Bad", scopes } });
      expect(response.statusCode, scopes.join()).toBe(422);
      expect(firstError(response).loc).toEqual(["token/invalid_scope", "scopes"]);
    }
    const past = await call(t.app, { method: "POST", url: "/api/v1/api-tokens", token: customer.token, payload: { name: "Old", scopes: ["read"], expiresAt: new Date(Date.now() - 60_000).toISOString() } });
    expect(past.statusCode).toBe(422);
    expect(firstError(past)).toMatchObject({ loc: ["body", "expiresAt"], msg: "Expires at must be in the future" });
    expect(await listOf(customer.token)).toEqual([]);

    const admin = await createAdmin(t);
    const audit = await createApiTokenFor(t.app, admin.token, ["audit:read"], { expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(audit.token.scopes).toEqual(["audit:read"]);
    expect((await call(t.app, { method: "GET", url: "/api/v1/audit-events", token: audit.secret })).statusCode).toBe(200);
  });

  it("revokes at once, idempotently; another customer's token is 404 and an administrator may revoke any", async () => {
    const owner = await createCustomer(t);
    const stranger = await createCustomer(t);
    const first = await createApiTokenFor(t.app, owner.token, ["read"]);
    const second = await createApiTokenFor(t.app, owner.token, ["read"]);

    const foreign = await call(t.app, { method: "DELETE", url: `/api/v1/api-tokens/${first.token.id}`, token: stranger.token });
    expect(foreign.statusCode).toBe(404);
    expect(firstError(foreign).loc).toEqual(["token/not_found"]);

    const revoked = await call(t.app, { method: "DELETE", url: `/api/v1/api-tokens/${first.token.id}`, token: owner.token });
    expect(revoked.statusCode).toBe(200);
    const revokedAt = json<{ data: ApiToken }>(revoked).data.revokedAt;
    expect(revokedAt).not.toBeNull();
    const gone = await call(t.app, { method: "GET", url: "/api/v1/licenses", token: first.secret });
    expect(gone.statusCode).toBe(401);
    expect(firstError(gone).loc).toEqual(["auth/not_authenticated"]);

    const again = await call(t.app, { method: "DELETE", url: `/api/v1/api-tokens/${first.token.id}`, token: owner.token });
    expect(json<{ data: ApiToken }>(again).data.revokedAt).toBe(revokedAt);
    const revocations = await t.app.db.select().from(auditEvents).where(and(eq(auditEvents.action, "api_token.revoked"), eq(auditEvents.targetId, first.token.id)));
    expect(revocations).toHaveLength(1);

    const byAdmin = await call(t.app, { method: "DELETE", url: `/api/v1/api-tokens/${second.token.id}`, token: await adminToken(t.app) });
    expect(byAdmin.statusCode).toBe(200);
    expect((await call(t.app, { method: "GET", url: "/api/v1/licenses", token: second.secret })).statusCode).toBe(401);
  });

  it("lists my tokens newest first; an administrator may name another user, a customer may not", async () => {
    const owner = await createCustomer(t);
    const stranger = await createCustomer(t);
    const older = await createApiTokenFor(t.app, owner.token, ["read"], { name: "Older" });
    const newer = await createApiTokenFor(t.app, owner.token, ["read"], { name: "Newer" });
    expect((await listOf(owner.token)).map((token) => token.id)).toEqual([newer.token.id, older.token.id]);

    expect((await listOf(await adminToken(t.app), `?userId=${owner.user.id}`)).map((token) => token.name)).toEqual(["Newer", "Older"]);
    const peek = await call(t.app, { method: "GET", url: `/api/v1/api-tokens?userId=${owner.user.id}`, token: stranger.token });
    expect(peek.statusCode).toBe(404);
    expect((await call(t.app, { method: "GET", url: `/api/v1/api-tokens?userId=${owner.user.id}`, token: owner.token })).statusCode).toBe(200);
  });

  it("answers an expired token 401 auth/token_expired", async () => {
    const customer = await createCustomer(t);
    const { token, secret } = await createApiTokenFor(t.app, customer.token, ["read"], { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    expect((await call(t.app, { method: "GET", url: "/api/v1/licenses", token: secret })).statusCode).toBe(200);
    await t.app.db.update(apiTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(apiTokens.id, token.id));
    const expired = await call(t.app, { method: "GET", url: "/api/v1/licenses", token: secret });
    expect(expired.statusCode).toBe(401);
    expect(firstError(expired).loc).toEqual(["auth/token_expired"]);
  });

  it("loses what the owner loses at once: a lock, a disabled account, admin rights", async () => {
    const admin = await adminToken(t.app);
    const customer = await createCustomer(t);
    const customerToken = await createApiTokenFor(t.app, customer.token, ["read"]);
    expect((await call(t.app, { method: "POST", url: `/api/v1/users/${customer.user.id}/lock`, token: admin })).statusCode).toBe(200);
    const locked = await call(t.app, { method: "GET", url: "/api/v1/licenses", token: customerToken.secret });
    expect(locked.statusCode).toBe(423);
    expect(firstError(locked).loc).toEqual(["auth/account_locked"]);
    await t.app.db.update(users).set({ status: "disabled" }).where(eq(users.id, customer.user.id));
    expect((await call(t.app, { method: "GET", url: "/api/v1/licenses", token: customerToken.secret })).statusCode).toBe(401);

    const formerAdmin = await createAdmin(t);
    const adminScopes = await createApiTokenFor(t.app, formerAdmin.token, ["read", "audit:read", "users:write"]);
    expect((await call(t.app, { method: "GET", url: "/api/v1/audit-events", token: adminScopes.secret })).statusCode).toBe(200);
    await t.app.db.update(users).set({ isAdmin: false }).where(eq(users.id, formerAdmin.user.id));
    for (const [method, url] of [["GET", "/api/v1/audit-events"], ["GET", "/api/v1/users"], ["POST", `/api/v1/users/${customer.user.id}/unlock`]] as const) {
      const demoted = await call(t.app, { method, url, token: adminScopes.secret });
      expect(demoted.statusCode, `${method} ${url}`).toBe(403);
      expect(firstError(demoted).loc).toEqual(["auth/forbidden"]);
    }
    // What a customer may read, the token still reads.
    expect((await call(t.app, { method: "GET", url: "/api/v1/licenses", token: adminScopes.secret })).statusCode).toBe(200);
  });

  it("records the token on every audit event it causes, also those of nested services", async () => {
    const { plan } = await createPlanWithFeature(t);
    const customer = await createCustomer(t);
    const customerToken = await createApiTokenFor(t.app, customer.token, ["licenses:write", "tickets:write"]);
    const admin = await createAdmin(t);
    const adminTokenOf = await createApiTokenFor(t.app, admin.token, ["licenses:write", "users:write"]);

    const before = new Date(Date.now() - 1000);
    const request = await call(t.app, { method: "POST", url: "/api/v1/license-requests", token: customerToken.secret, payload: { planId: plan.id, quantity: 1 } });
    expect(request.statusCode).toBe(201);
    const requestId = json<{ data: { id: string } }>(request).data.id;
    expect((await call(t.app, { method: "POST", url: "/api/v1/projects", token: customerToken.secret, payload: { name: "Through a token" } })).statusCode).toBe(201);
    expect((await call(t.app, { method: "POST", url: "/api/v1/tickets", token: customerToken.secret, payload: { subject: "Hi", type: "general", priority: "low", message: "From CI" } })).statusCode).toBe(201);
    // Approval issues licences through the licences module, in the same transaction.
    expect((await call(t.app, { method: "POST", url: `/api/v1/license-requests/${requestId}/approve`, token: adminTokenOf.secret })).statusCode).toBe(200);
    expect((await call(t.app, { method: "POST", url: `/api/v1/users/${customer.user.id}/lock`, token: adminTokenOf.secret })).statusCode).toBe(200);

    const events = await t.app.db
      .select({ action: auditEvents.action, actorId: auditEvents.actorId, tokenId: auditEvents.tokenId })
      .from(auditEvents)
      .where(and(sql`${auditEvents.actorId} in (${customer.user.id}, ${admin.user.id})`, gte(auditEvents.at, before)));
    const byActor = (id: string) => events.filter((event) => event.actorId === id && !event.action.startsWith("api_token."));
    expect(byActor(customer.user.id).map((event) => event.action)).toEqual(expect.arrayContaining(["license_request.created", "project.created", "ticket.created"]));
    expect(byActor(admin.user.id).map((event) => event.action)).toEqual(expect.arrayContaining(["license_request.approved", "user.locked"]));
    for (const event of byActor(customer.user.id)) expect(event.tokenId, event.action).toBe(customerToken.token.id);
    for (const event of byActor(admin.user.id)) expect(event.tokenId, event.action).toBe(adminTokenOf.token.id);

    // A session's events carry none.
    await call(t.app, { method: "POST", url: "/api/v1/projects", token: admin.token, payload: { name: "Through a session" } });
    const [sessionEvent] = await t.app.db.select().from(auditEvents).where(and(eq(auditEvents.action, "project.created"), eq(auditEvents.actorId, admin.user.id)));
    expect(sessionEvent!.tokenId).toBeNull();
  });

  it("audits creation and revocation and notifies the owner in the app and by e-mail", async () => {
    const customer = await createCustomer(t);
    const { token } = await createApiTokenFor(t.app, customer.token, ["read"], { name: "Billing bridge" });
    const [created] = await t.app.db.select().from(auditEvents).where(and(eq(auditEvents.action, "api_token.created"), eq(auditEvents.targetId, token.id)));
    expect(created).toMatchObject({ actorId: customer.user.id, targetType: "api_token", outcome: "success" });
    expect(created!.details).toMatchObject({ name: "Billing bridge", scopes: ["read"] });

    await call(t.app, { method: "DELETE", url: `/api/v1/api-tokens/${token.id}`, token: await adminToken(t.app) });
    const notifications = json<{ data: Page<{ type: string; title: string; body: string }> }>(await call(t.app, { method: "GET", url: "/api/v1/notifications", token: customer.token })).data.items;
    expect(notifications.map((item) => [item.type, item.title])).toEqual(
      expect.arrayContaining([
        ["security_alerts", "A new API token was created"],
        ["security_alerts", "An API token was revoked"],
      ]),
    );
    expect(notifications.find((item) => item.title === "An API token was revoked")!.body).toContain("by an administrator");
    await t.app.jobs.wake();
    const mail = await waitForMail(t.dataDir, customer.email, /new API token/i, 10_000);
    expect(mail.body).toContain("Billing bridge");

    // The log monitor names the target by the token's name.
    const log = await call(t.app, { method: "GET", url: `/api/v1/audit-events?action=api_token.created&pageSize=100`, token: await adminToken(t.app) });
    const row = json<{ data: Page<{ targetId: string; targetName: string | null }> }>(log).data.items.find((item) => item.targetId === token.id);
    expect(row?.targetName).toBe("Billing bridge");
  });

  it(`holds at most ${API_TOKEN_LIMIT} live tokens, also when created at once`, async () => {
    const customer = await createCustomer(t);
    const attempts = await Promise.all(
      Array.from({ length: API_TOKEN_LIMIT + 6 }, (_, index) =>
        call(t.app, { method: "POST", url: "/api/v1/api-tokens", token: customer.token, payload: { name: `Bulk ${index}`, scopes: ["read"] } }),
      ),
    );
    // Any other answer is shown whole, so a failure names what it was.
    expect(attempts.filter((response) => response.statusCode !== 201 && response.statusCode !== 409).map((response) => `${response.statusCode} ${response.body.slice(0, 300)}`)).toEqual([]);
    const statuses = attempts.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(API_TOKEN_LIMIT);
    expect(statuses.filter((status) => status === 409)).toHaveLength(6);
    expect(firstError(attempts.find((response) => response.statusCode === 409)!).loc).toEqual(["token/limit_reached"]);
    const [held] = await t.app.db.select({ total: sql<number>`count(*)::int` }).from(apiTokens).where(eq(apiTokens.userId, customer.user.id));
    expect(held!.total).toBe(API_TOKEN_LIMIT);

    // A revoked or expired token frees its place.
    // Which six of the bulk were refused is chance: the tokens to revoke and to expire are taken from what is held.
    const [first, second] = await listOf(customer.token);
    await call(t.app, { method: "DELETE", url: `/api/v1/api-tokens/${first!.id}`, token: customer.token });
    expect((await call(t.app, { method: "POST", url: "/api/v1/api-tokens", token: customer.token, payload: { name: "Replacement", scopes: ["read"] } })).statusCode).toBe(201);
    expect((await call(t.app, { method: "POST", url: "/api/v1/api-tokens", token: customer.token, payload: { name: "One too many", scopes: ["read"] } })).statusCode).toBe(409);
    await t.app.db.update(apiTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(apiTokens.id, second!.id));
    expect((await call(t.app, { method: "POST", url: "/api/v1/api-tokens", token: customer.token, payload: { name: "After expiry", scopes: ["read"] } })).statusCode).toBe(201);
  }, 60_000);

  it("keeps the last use without a write per call: one batch per flush, and the rest on close", async () => {
    const customer = await createCustomer(t);
    const { token, secret } = await createApiTokenFor(t.app, customer.token, ["read"]);
    for (let index = 0; index < 3; index += 1) await call(t.app, { method: "GET", url: "/api/v1/licenses", token: secret });
    const [unwritten] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(unwritten!.lastUsedAt).toBeNull();

    await t.app.apiTokenUsage.flush();
    const [used] = await listOf(customer.token);
    expect(used!.lastUsedIp).toBe("127.0.0.1");
    expect(Date.now() - Date.parse(used!.lastUsedAt!)).toBeLessThan(60_000);

    // A second process's uses are written when it closes.
    const second = await createSecondProcess(t, { runJobs: false });
    const other = await createApiTokenFor(t.app, customer.token, ["read"]);
    await second.app.inject({ method: "GET", url: "/api/v1/licenses", headers: { authorization: `Bearer ${other.secret}`, "x-forwarded-for": "203.0.113.9" } });
    await closeSecondProcess(second);
    const [closed] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, other.token.id));
    expect(closed!.lastUsedAt).not.toBeNull();
    expect(closed!.lastUsedIp).toBe("127.0.0.1");
  });
});
