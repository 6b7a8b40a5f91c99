import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SsoIdentity, TokenAnswer } from "@portal/contract";
import { auditEvents, oidcFlows, userIdentities, users } from "../../db/schema/index.js";
import { GOOD_PASSWORD, loginRequest, uniqueEmail } from "../../test/accounts.js";
import { createCustomer } from "../../test/factories.js";
import { firstError, json } from "../../test/http.js";
import { linkToken, waitForMail } from "../../test/mail.js";
import { loginAtProvider, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, startOidcProvider, type ProviderAccount, type TestOidcProvider } from "@portal/test-support/oidc-provider";
import { closeTestApp, createTestApp, type TestApp } from "../../test/test-app.js";

// The portal's address in tests (PUBLIC_URL): the provider sends the browser back there, and the test
// hands that address's query to the app with inject(); nothing is sent to it.
const CALLBACK = "https://portal.example.com/api/v1/auth/oidc/callback";

let provider: TestOidcProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startOidcProvider([CALLBACK]);
  t = await createTestApp({
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET,
    OIDC_DISPLAY_NAME: "Example Corp",
    OIDC_ADMIN_GROUPS: "portal-admins, ops",
    OIDC_AUTO_APPROVE_DOMAINS: "staff.example.com",
  });
});

afterAll(async () => {
  if (t) await closeTestApp(t);
  if (provider) await provider.close();
});

function cookieFrom(setCookie: string | string[] | undefined): string {
  const line = [setCookie ?? []].flat()[0] ?? "";
  return line.split(";")[0] ?? "";
}

/** The portal's start, the provider's login form as `login`, then the callback: where the callback sends the browser. */
async function ssoCallback(login: string, options: { redirect?: string; tamperState?: boolean } = {}) {
  const started = await t.app.inject({ method: "GET", url: `/api/v1/auth/oidc/start${options.redirect ? `?redirect=${encodeURIComponent(options.redirect)}` : ""}` });
  expect(started.statusCode, started.body).toBe(302);
  const authorizationUrl = String(started.headers.location);
  expect(authorizationUrl.startsWith(`${provider.issuer}/`)).toBe(true);
  const cookie = cookieFrom(started.headers["set-cookie"]);
  expect(started.headers["set-cookie"]).toMatch(/HttpOnly/);
  const back = await loginAtProvider(authorizationUrl, login, CALLBACK);
  if (options.tamperState) back.searchParams.set("state", "tampered-state-value");
  const callback = await t.app.inject({ method: "GET", url: `/api/v1/auth/oidc/callback${back.search}`, headers: { cookie } });
  expect(callback.statusCode, callback.body).toBe(302);
  return { location: new URL(String(callback.headers.location), "https://portal.example.com"), callback, back, cookie };
}

const codeOf = (response: Parameters<typeof firstError>[0]) => firstError(response).loc[0];

function exchange(code: string, otp?: string) {
  return t.app.inject({ method: "POST", url: "/api/v1/auth/oidc/exchange", payload: { code, ...(otp ? { otp } : {}) } });
}

/** A provider account (login = subject) with a fresh e-mail of `domain`. */
function account(claims: ProviderAccount = {}, domain = "example.com"): { login: string; email: string } {
  const login = `sub-${Math.random().toString(36).slice(2)}`;
  const email = uniqueEmail(login).replace("@example.com", `@${domain}`);
  provider.accounts.set(login, { email, email_verified: true, given_name: "Sam", family_name: "Single", ...claims });
  return { login, email };
}

async function ssoLogin(login: string) {
  const { location } = await ssoCallback(login);
  const code = location.searchParams.get("sso");
  expect(code, location.href).toBeTruthy();
  const answer = await exchange(code!);
  expect(answer.statusCode, answer.body).toBe(200);
  return json<{ data: TokenAnswer }>(answer).data;
}

async function userByEmail(email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  return row!;
}

async function actionsOn(userId: string): Promise<string[]> {
  const rows = await t.database.db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.targetId, userId)).orderBy(auditEvents.id);
  return rows.map((row) => row.action);
}

describe("single sign-on with OpenID Connect", () => {
  it("says it is enabled, with the button's text, and the health answer says the provider answers", async () => {
    const status = await t.app.inject({ method: "GET", url: "/api/v1/auth/oidc" });
    expect(json(status)).toEqual({ status: "success", data: { enabled: true, displayName: "Example Corp" } });
    const health = await t.app.inject({ method: "GET", url: "/api/v1/health" });
    expect(json<{ sso: string }>(health).sso).toBe("ok");
  });

  it("sends the browser to the provider with PKCE, state and nonce", async () => {
    const started = await t.app.inject({ method: "GET", url: "/api/v1/auth/oidc/start?redirect=/licenses" });
    const target = new URL(String(started.headers.location));
    expect(target.searchParams.get("client_id")).toBe(OIDC_CLIENT_ID);
    expect(target.searchParams.get("redirect_uri")).toBe(CALLBACK);
    expect(target.searchParams.get("response_type")).toBe("code");
    expect(target.searchParams.get("code_challenge_method")).toBe("S256");
    expect(target.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(target.searchParams.get("state")).toBeTruthy();
    expect(target.searchParams.get("nonce")).toBeTruthy();
    expect(target.searchParams.get("scope")).toBe("openid email profile");
    // The verifier never leaves the server.
    expect(started.headers.location).not.toContain("code_verifier");
  });

  it("makes a pending account for a new person outside the auto-approved domains, refused like a sign-up", async () => {
    const { login, email } = account();
    const { location } = await ssoCallback(login);
    expect(location.pathname).toBe("/auth/login");
    expect(location.searchParams.get("sso_error")).toBe("auth/registration_status");
    const user = await userByEmail(email);
    expect(user).toMatchObject({ status: "pending", passwordHash: null, firstname: "Sam", lastname: "Single", isAdmin: false });
    expect(user.emailVerifiedAt).not.toBeNull();
    const [identity] = await t.database.db.select().from(userIdentities).where(eq(userIdentities.userId, user.id));
    expect(identity).toMatchObject({ issuer: provider.issuer, subject: login, email });
    expect(await actionsOn(user.id)).toEqual(["auth.register", "auth.login_failed"]);
  });

  it("makes an active account at once for an auto-approved domain, and signs it in at the redirect asked for", async () => {
    const { login, email } = account({}, "staff.example.com");
    const { location } = await ssoCallback(login, { redirect: "/licenses?tab=mine" });
    expect(location.searchParams.get("redirect")).toBe("/licenses?tab=mine");
    const answer = await exchange(location.searchParams.get("sso")!);
    expect(answer.statusCode, answer.body).toBe(200);
    const session = json<{ data: TokenAnswer }>(answer).data;
    expect(session).toMatchObject({ token_type: "bearer", user: { email, status: "active", emailVerified: true, isAdmin: false } });
    const me = await t.app.inject({ method: "GET", url: "/api/v1/auth/me", headers: { authorization: `Bearer ${session.access_token}` } });
    expect(me.statusCode).toBe(200);
    const user = await userByEmail(email);
    expect(await actionsOn(user.id)).toEqual(["auth.register", "user.approved", "auth.sso_login"]);
    const [audit] = await t.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, user.id), eq(auditEvents.action, "auth.sso_login")));
    expect(audit?.details).toMatchObject({ issuer: provider.issuer, subject: login, email });

    // The preferences list the identity.
    const identities = await t.app.inject({ method: "GET", url: "/api/v1/auth/oidc/identities", headers: { authorization: `Bearer ${session.access_token}` } });
    expect(json<{ data: SsoIdentity[] }>(identities).data).toEqual([expect.objectContaining({ issuer: provider.issuer, subject: login, email })]);

    // No password: the ordinary refusal, not counted towards a lock.
    const password = await loginRequest(t.app, email, GOOD_PASSWORD);
    expect(password.statusCode).toBe(401);
    expect(codeOf(password)).toBe("auth/invalid_credentials");
    expect((await userByEmail(email)).failedLoginCount).toBe(0);
    const change = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/password",
      headers: { authorization: `Bearer ${session.access_token}` },
      payload: { oldPassword: "anything-1!", newPassword: "N3w-password!" },
    });
    expect(change.statusCode).toBe(400);
  });

  it("lets an account made by single sign-on set a password through recovery", async () => {
    const { login, email } = account({}, "staff.example.com");
    await ssoLogin(login);
    await t.app.inject({ method: "POST", url: "/api/v1/auth/recover-password", payload: { email } });
    const token = linkToken(await waitForMail(t.dataDir, email, /reset your password/i));
    const reset = await t.app.inject({ method: "POST", url: "/api/v1/auth/reset-password", payload: { token, password: "N3w-password!" } });
    expect(reset.statusCode).toBe(200);
    expect((await loginRequest(t.app, email, "N3w-password!")).statusCode).toBe(200);
    // Single sign-on still works beside it.
    expect((await ssoLogin(login)).user.email).toBe(email);
  });

  it("ignores a redirect that is not a path on this site", async () => {
    const { login } = account({}, "staff.example.com");
    for (const redirect of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
      const { location } = await ssoCallback(login, { redirect });
      expect(location.searchParams.get("redirect"), redirect).toBeNull();
      expect(location.searchParams.get("sso")).toBeTruthy();
    }
  });

  it("links a new subject to an existing account by a verified e-mail, and signs it in the next time by the subject", async () => {
    const customer = await createCustomer(t);
    const login = `sub-link-${Math.random().toString(36).slice(2)}`;
    provider.accounts.set(login, { email: customer.email.toUpperCase(), email_verified: true });
    const session = await ssoLogin(login);
    expect(session.user.id).toBe(customer.user.id);
    expect(await actionsOn(customer.user.id)).toEqual(expect.arrayContaining(["auth.sso_linked", "auth.sso_login"]));

    // The provider changes the address: the subject still names the account.
    provider.accounts.set(login, { email: uniqueEmail("changed"), email_verified: false });
    const again = await ssoLogin(login);
    expect(again.user.id).toBe(customer.user.id);
    // The password still works.
    expect((await loginRequest(t.app, customer.email, customer.password)).statusCode).toBe(200);
  });

  it("refuses an e-mail the provider has not verified: no link, no account", async () => {
    const customer = await createCustomer(t);
    const login = `sub-unverified-${Math.random().toString(36).slice(2)}`;
    provider.accounts.set(login, { email: customer.email, email_verified: false });
    const { location } = await ssoCallback(login);
    expect(location.searchParams.get("sso_error")).toBe("auth/sso_email_unverified");
    expect(await t.database.db.select().from(userIdentities).where(eq(userIdentities.userId, customer.user.id))).toEqual([]);

    const stranger = account({ email_verified: false });
    const refused = await ssoCallback(stranger.login);
    expect(refused.location.searchParams.get("sso_error")).toBe("auth/sso_email_unverified");
    expect(await t.database.db.select().from(users).where(eq(users.email, stranger.email))).toEqual([]);
  });

  it("makes an administrator by the groups claim at each login, and takes it back when the group goes", async () => {
    const { login, email } = account({ groups: ["staff", "portal-admins"] }, "staff.example.com");
    const first = await ssoLogin(login);
    expect(first.user.isAdmin).toBe(true);
    const users_ = await t.app.inject({ method: "GET", url: "/api/v1/users", headers: { authorization: `Bearer ${first.access_token}` } });
    expect(users_.statusCode).toBe(200);

    provider.accounts.set(login, { ...provider.accounts.get(login), groups: ["staff"] });
    const second = await ssoLogin(login);
    expect(second.user.isAdmin).toBe(false);
    const user = await userByEmail(email);
    expect(await actionsOn(user.id)).toEqual(expect.arrayContaining(["user.admin_granted", "user.admin_revoked"]));
    const denied = await t.app.inject({ method: "GET", url: "/api/v1/users", headers: { authorization: `Bearer ${second.access_token}` } });
    expect(denied.statusCode).toBe(403);
  });

  it("leaves the last active administrator an administrator when the group goes", async () => {
    const { login, email } = account({ groups: ["ops"] }, "staff.example.com");
    expect((await ssoLogin(login)).user.isAdmin).toBe(true);
    const others = await t.database.db
      .update(users)
      .set({ isAdmin: false })
      .where(and(eq(users.isAdmin, true), sql`${users.email} <> ${email}`))
      .returning({ id: users.id });
    try {
      provider.accounts.set(login, { ...provider.accounts.get(login), groups: [] });
      expect((await ssoLogin(login)).user.isAdmin).toBe(true);
    } finally {
      for (const other of others) await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, other.id));
    }
    expect((await ssoLogin(login)).user.isAdmin).toBe(false);
  });

  it("refuses a tampered state, and a callback without the browser's cookie", async () => {
    const { login } = account({}, "staff.example.com");
    const tampered = await ssoCallback(login, { tamperState: true });
    expect(tampered.location.searchParams.get("sso_error")).toBe("auth/sso_failed");

    // The same provider answer again (its cookie's flow is spent): refused.
    const ok = await ssoCallback(login);
    expect(ok.location.searchParams.get("sso")).toBeTruthy();
    const replayed = await t.app.inject({ method: "GET", url: `/api/v1/auth/oidc/callback${ok.back.search}`, headers: { cookie: ok.cookie } });
    expect(new URL(String(replayed.headers.location), "https://x").searchParams.get("sso_error")).toBe("auth/sso_failed");
    const cookieless = await t.app.inject({ method: "GET", url: `/api/v1/auth/oidc/callback${ok.back.search}` });
    expect(new URL(String(cookieless.headers.location), "https://x").searchParams.get("sso_error")).toBe("auth/sso_failed");
    // A cookie no browser of ours was given (not even valid percent-encoding): the same refusal, no 500.
    const forged = await t.app.inject({ method: "GET", url: `/api/v1/auth/oidc/callback${ok.back.search}`, headers: { cookie: "portal_oidc=%E0%A4%A" } });
    expect(forged.statusCode).toBe(302);
    expect(new URL(String(forged.headers.location), "https://x").searchParams.get("sso_error")).toBe("auth/sso_failed");
  });

  it("takes a one-time code once, and not after its 60 seconds", async () => {
    const { login } = account({}, "staff.example.com");
    const { location } = await ssoCallback(login);
    const code = location.searchParams.get("sso")!;
    expect((await exchange(code)).statusCode).toBe(200);
    const replay = await exchange(code);
    expect(replay.statusCode).toBe(401);
    expect(codeOf(replay)).toBe("auth/sso_failed");

    const late = (await ssoCallback(login)).location.searchParams.get("sso")!;
    const [flow] = await t.database.db.select().from(oidcFlows).where(eq(oidcFlows.kind, "handoff")).orderBy(sql`${oidcFlows.createdAt} desc`).limit(1);
    expect(flow!.expiresAt.getTime() - flow!.createdAt.getTime()).toBe(60_000);
    await t.database.db.update(oidcFlows).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(oidcFlows.id, flow!.id));
    const expired = await exchange(late);
    expect(expired.statusCode).toBe(401);
    expect(codeOf(expired)).toBe("auth/sso_failed");
    expect((await exchange("made-up-code")).statusCode).toBe(401);
  });

  it("refuses a locked or disabled account with the login codes", async () => {
    const { login, email } = account({}, "staff.example.com");
    await ssoLogin(login);
    await t.database.db.update(users).set({ status: "locked" }).where(eq(users.email, email));
    expect((await ssoCallback(login)).location.searchParams.get("sso_error")).toBe("auth/account_locked");
    await t.database.db.update(users).set({ status: "disabled" }).where(eq(users.email, email));
    expect((await ssoCallback(login)).location.searchParams.get("sso_error")).toBe("auth/account_disabled");

    // Locked between the callback and the exchange: the exchange refuses too.
    await t.database.db.update(users).set({ status: "active" }).where(eq(users.email, email));
    const code = (await ssoCallback(login)).location.searchParams.get("sso")!;
    await t.database.db.update(users).set({ status: "locked" }).where(eq(users.email, email));
    const refused = await exchange(code);
    expect(refused.statusCode).toBe(423);
    expect(codeOf(refused)).toBe("auth/account_locked");
  });

  it("answers auth/2fa_required for an account with two-factor authentication, keeping the code for the retry", async () => {
    const customer = await createCustomer(t);
    const login = `sub-2fa-${Math.random().toString(36).slice(2)}`;
    provider.accounts.set(login, { email: customer.email, email_verified: true });
    await t.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, customer.user.id));
    const code = (await ssoCallback(login)).location.searchParams.get("sso")!;
    const asked = await exchange(code);
    expect(asked.statusCode).toBe(401);
    expect(codeOf(asked)).toBe("auth/2fa_required");
    const wrong = await exchange(code, "000000");
    expect(codeOf(wrong)).toBe("auth/2fa_invalid");
  });

  it("refuses when the user cancels at the provider", async () => {
    const started = await t.app.inject({ method: "GET", url: "/api/v1/auth/oidc/start" });
    const cookie = cookieFrom(started.headers["set-cookie"]);
    const state = new URL(String(started.headers.location)).searchParams.get("state")!;
    const callback = await t.app.inject({
      method: "GET",
      url: `/api/v1/auth/oidc/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(provider.issuer)}`,
      headers: { cookie },
    });
    expect(new URL(String(callback.headers.location), "https://x").searchParams.get("sso_error")).toBe("auth/sso_failed");
  });
});

describe("single sign-on misconfigured", () => {
  it("keeps the server up with an issuer out of reach: no button, health says unavailable", async () => {
    // A port of 127.0.0.1 nothing listens on (the provider's own, once closed).
    const gone = await startOidcProvider([CALLBACK]);
    await gone.close();
    const broken = await createTestApp({ OIDC_ISSUER: gone.issuer, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET });
    try {
      const status = await broken.app.inject({ method: "GET", url: "/api/v1/auth/oidc" });
      expect(json<{ data: { enabled: boolean } }>(status).data.enabled).toBe(false);
      const health = await broken.app.inject({ method: "GET", url: "/api/v1/health" });
      expect(health.statusCode).toBe(200);
      expect(json(health)).toMatchObject({ status: "ok", sso: "unavailable" });
      const start = await broken.app.inject({ method: "GET", url: "/api/v1/auth/oidc/start" });
      expect(start.statusCode).toBe(404);
      expect(codeOf(start)).toBe("auth/sso_not_configured");
      expect((await loginRequest(broken.app, "admin@example.com", "Admin-pass-1!")).statusCode).toBe(200);
    } finally {
      await closeTestApp(broken);
    }
  });

  it("hides the button once the provider refuses the client secret", async () => {
    const wrong = await createTestApp({ OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: "not-the-secret" });
    try {
      const started = await wrong.app.inject({ method: "GET", url: "/api/v1/auth/oidc/start" });
      const login = account({}, "staff.example.com").login;
      const back = await loginAtProvider(String(started.headers.location), login, CALLBACK);
      const callback = await wrong.app.inject({ method: "GET", url: `/api/v1/auth/oidc/callback${back.search}`, headers: { cookie: cookieFrom(started.headers["set-cookie"]) } });
      expect(new URL(String(callback.headers.location), "https://x").searchParams.get("sso_error")).toBe("auth/sso_failed");
      const status = await wrong.app.inject({ method: "GET", url: "/api/v1/auth/oidc" });
      expect(json<{ data: { enabled: boolean } }>(status).data.enabled).toBe(false);
      expect(json(await wrong.app.inject({ method: "GET", url: "/api/v1/health" }))).toMatchObject({ sso: "unavailable" });
    } finally {
      await closeTestApp(wrong);
    }
  });

  it("is off without OIDC_ISSUER: no sso in the health answer, exchange refused", async () => {
    const plain = await createTestApp();
    try {
      expect(json(await plain.app.inject({ method: "GET", url: "/api/v1/auth/oidc" }))).toEqual({ status: "success", data: { enabled: false, displayName: "" } });
      expect(json(await plain.app.inject({ method: "GET", url: "/api/v1/health" }))).not.toHaveProperty("sso");
      const callback = await plain.app.inject({ method: "GET", url: "/api/v1/auth/oidc/callback?code=x&state=y" });
      expect(callback.statusCode).toBe(302);
      expect(String(callback.headers.location)).toBe("/auth/login?sso_error=auth%2Fsso_not_configured");
      const exchanged = await plain.app.inject({ method: "POST", url: "/api/v1/auth/oidc/exchange", payload: { code: "x" } });
      expect(exchanged.statusCode).toBe(404);
    } finally {
      await closeTestApp(plain);
    }
  });
});
