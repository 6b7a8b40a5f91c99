import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { errorCatalogue, type User } from "@portal/contract";
import { sessions, userTokens, users } from "../../db/schema/index.js";
import { GOOD_PASSWORD, loginAs, loginRequest, registerUser, uniqueEmail } from "../../test/accounts.js";
import { adminToken, createCustomer } from "../../test/factories.js";
import { call, firstError, json } from "../../test/http.js";
import { linkToken, outbox, waitForMail } from "../../test/mail.js";
import { createTestApp, closeTestApp, useTestApp } from "../../test/test-app.js";

const t = useTestApp();

async function approve(userId: string) {
  const response = await call(t.app, { method: "POST", url: `/api/v1/users/${userId}/approve`, token: await adminToken(t.app) });
  expect(response.statusCode).toBe(200);
}

describe("e-mail verification", () => {
  it("mails a link at sign-up that verifies once, and only once", async () => {
    const { response, body } = await registerUser(t.app);
    const user = json<{ data: { user: User } }>(response).data.user;
    const mail = await waitForMail(t.dataDir, body.email, /verify your e-mail/i);
    expect(mail.body).toContain("https://portal.example.com/auth/verify-email?token=");
    const token = linkToken(mail);

    const [stored] = await t.database.db.select().from(userTokens).where(eq(userTokens.userId, user.id));
    expect(stored?.tokenHash).not.toBe(token);

    const verified = await t.app.inject({ method: "POST", url: "/api/v1/auth/verify-email", payload: { token } });
    expect(verified.statusCode).toBe(200);
    expect(json(verified)).toEqual({ status: "success", data: { emailVerified: true } });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);

    const again = await t.app.inject({ method: "POST", url: "/api/v1/auth/verify-email", payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(firstError(again)).toEqual({
      loc: ["auth/token_invalid"],
      msg: errorCatalogue["auth/token_invalid"].message,
      type: "error",
    });
  });

  it("refuses an expired or unknown token", async () => {
    const { response, body } = await registerUser(t.app);
    const user = json<{ data: { user: User } }>(response).data.user;
    const token = linkToken(await waitForMail(t.dataDir, body.email, /verify/i));
    await t.database.db.update(userTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userTokens.userId, user.id));
    for (const candidate of [token, "made-up-token"]) {
      const refused = await t.app.inject({ method: "POST", url: "/api/v1/auth/verify-email", payload: { token: candidate } });
      expect(refused.statusCode).toBe(400);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.emailVerifiedAt).toBeNull();
  });

  it("resends a fresh link that replaces the old one, and says the same for unknown addresses", async () => {
    const { body } = await registerUser(t.app);
    const first = linkToken(await waitForMail(t.dataDir, body.email, /verify/i));
    const before = (await outbox(t.dataDir)).length;
    const resent = await t.app.inject({ method: "POST", url: "/api/v1/auth/verify-email/resend", payload: { email: body.email } });
    expect(resent.statusCode).toBe(200);
    const unknown = await t.app.inject({ method: "POST", url: "/api/v1/auth/verify-email/resend", payload: { email: "nobody@example.com" } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(resent.body);

    const deadline = Date.now() + 3000;
    while ((await outbox(t.dataDir)).length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const second = linkToken(await waitForMail(t.dataDir, body.email, /verify/i));
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: "POST", url: "/api/v1/auth/verify-email", payload: { token: first } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "POST", url: "/api/v1/auth/verify-email", payload: { token: second } })).statusCode).toBe(200);
  });

  it("gates login: an approved but unverified account gets auth/email_verification as a warning", async () => {
    const { response, body } = await registerUser(t.app);
    await approve(json<{ data: { user: User } }>(response).data.user.id);
    const refused = await loginRequest(t.app, body.email, body.password);
    expect(refused.statusCode).toBe(403);
    expect(firstError(refused)).toEqual({
      loc: ["auth/email_verification"],
      msg: "Please verify your email address before logging in.",
      type: "warning",
    });
  });
});

describe("password recovery", () => {
  it("answers the same for known and unknown addresses and mails a single-use link only to the known one", async () => {
    const customer = await createCustomer(t);
    const known = await t.app.inject({ method: "POST", url: "/api/v1/auth/recover-password", payload: { email: customer.email } });
    const unknown = await t.app.inject({ method: "POST", url: "/api/v1/auth/recover-password", payload: { email: uniqueEmail("ghost") } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);

    const mail = await waitForMail(t.dataDir, customer.email, /reset your password/i);
    expect(mail.body).toContain("https://portal.example.com/auth/recover-password-email?token=");
    const token = linkToken(mail);

    const weak = await t.app.inject({ method: "POST", url: "/api/v1/auth/reset-password", payload: { token, password: "weakweak" } });
    expect(weak.statusCode).toBe(422);
    expect(firstError(weak).loc).toEqual(["auth/password_requirements"]);

    const reset = await t.app.inject({ method: "POST", url: "/api/v1/auth/reset-password", payload: { token, password: "N3w-password!" } });
    expect(reset.statusCode).toBe(200);
    // Every session is gone, the old password is refused and the new one works.
    expect((await call(t.app, { method: "GET", url: "/api/v1/auth/me", token: customer.token })).statusCode).toBe(401);
    expect((await loginRequest(t.app, customer.email, customer.password)).statusCode).toBe(401);
    expect((await loginRequest(t.app, customer.email, "N3w-password!")).statusCode).toBe(200);

    const reused = await t.app.inject({ method: "POST", url: "/api/v1/auth/reset-password", payload: { token, password: "An0ther-pass!" } });
    expect(reused.statusCode).toBe(400);
    expect(firstError(reused).loc).toEqual(["auth/token_invalid"]);
  });

  it("lets only one of two simultaneous uses of a link through", async () => {
    const customer = await createCustomer(t);
    await t.app.inject({ method: "POST", url: "/api/v1/auth/recover-password", payload: { email: customer.email } });
    const token = linkToken(await waitForMail(t.dataDir, customer.email, /reset/i));
    const answers = await Promise.all(
      ["First-pass-1!", "Second-pass-2!"].map((password) =>
        t.app.inject({ method: "POST", url: "/api/v1/auth/reset-password", payload: { token, password } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });
});

describe("POST /api/v1/auth/password", () => {
  it("checks the old password, every rule, then changes it and revokes every session", async () => {
    const customer = await createCustomer(t);
    const other = await loginAs(t.app, customer.email, customer.password);
    const change = (payload: Record<string, string>) =>
      call(t.app, { method: "POST", url: "/api/v1/auth/password", token: customer.token, payload });

    const wrongOld = await change({ oldPassword: "Not-mine-1!", newPassword: "Brand-new-1!" });
    expect(wrongOld.statusCode).toBe(400);
    expect(firstError(wrongOld)).toEqual({ loc: ["auth/old_password_incorrect"], msg: "Old password is incorrect", type: "error" });

    const missingOld = await change({ newPassword: "Brand-new-1!" });
    expect(missingOld.statusCode).toBe(422);
    expect(firstError(missingOld)).toMatchObject({ loc: ["body", "oldPassword"], msg: "Old password field is required" });

    const same = await change({ oldPassword: customer.password, newPassword: customer.password });
    expect(firstError(same)).toMatchObject({ loc: ["body", "newPassword"], msg: "New password must be different from the old password" });

    const mismatch = await change({ oldPassword: customer.password, newPassword: "Brand-new-1!", confirmPassword: "Brand-new-2!" });
    expect(firstError(mismatch)).toMatchObject({ loc: ["body", "confirmPassword"], msg: "Confirm password does not match new password" });

    const fewUnique = await change({ oldPassword: customer.password, newPassword: "aaaa1111!!!!" });
    expect(firstError(fewUnique)).toMatchObject({ loc: ["body", "newPassword"], msg: "Password must contain at least 6 unique characters" });

    const weak = await change({ oldPassword: customer.password, newPassword: "abcdefgh" });
    expect(firstError(weak).loc).toEqual(["auth/password_requirements"]);

    const [unchanged] = await t.database.db.select().from(sessions).where(eq(sessions.userId, customer.user.id));
    expect(unchanged?.revokedAt).toBeNull();

    const changed = await change({ oldPassword: customer.password, newPassword: "Brand-new-1!", confirmPassword: "Brand-new-1!" });
    expect(changed.statusCode).toBe(200);
    for (const token of [customer.token, other]) {
      expect((await call(t.app, { method: "GET", url: "/api/v1/auth/me", token })).statusCode).toBe(401);
    }
    expect((await loginRequest(t.app, customer.email, "Brand-new-1!")).statusCode).toBe(200);
    await waitForMail(t.dataDir, customer.email, /password was changed/i);
  });
});

describe("rate limits", () => {
  it("answers 429 with Retry-After once an IP exceeds the per-minute limit on login", async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const statuses: number[] = [];
      let last;
      for (let attempt = 0; attempt < 4; attempt++) {
        last = await loginRequest(limited.app, "someone@example.com", GOOD_PASSWORD);
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
      expect(firstError(last!)).toMatchObject({ loc: ["common/rate_limited"], type: "warning" });
      // Other addresses are counted on their own.
      const elsewhere = await limited.app.inject({
        method: "POST",
        url: "/api/v1/auth/token",
        remoteAddress: "10.0.0.9",
        payload: { username: "someone@example.com", password: GOOD_PASSWORD },
      });
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      await closeTestApp(limited);
    }
  });

  // inject() connects from 127.0.0.1: the proxy, named by its number of hops or by its address.
  it.each(["1", "127.0.0.1"])("behind a proxy (TRUST_PROXY=%s) counts the address the proxy appended, not one the client wrote", async (trustProxy) => {
    const proxied = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "2", TRUST_PROXY: trustProxy });
    try {
      const statuses: number[] = [];
      for (const spoofed of ["203.0.113.1", "203.0.113.2", "203.0.113.3"]) {
        const response = await proxied.app.inject({
          method: "POST",
          url: "/api/v1/auth/recover-password",
          // What nginx sends with $proxy_add_x_forwarded_for: the client's header, then the address it saw.
          headers: { "x-forwarded-for": `${spoofed}, 198.51.100.7` },
          payload: { email: "x@example.com" },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
      const otherClient = await proxied.app.inject({
        method: "POST",
        url: "/api/v1/auth/recover-password",
        headers: { "x-forwarded-for": "198.51.100.8" },
        payload: { email: "x@example.com" },
      });
      expect(otherClient.statusCode).toBe(200);
    } finally {
      await closeTestApp(proxied);
    }
  });

  it.runIf(process.env.TEST_REDIS_URL)("shares the counters between two servers through Redis", async () => {
    const namespaceEnv = { AUTH_RATE_LIMIT_PER_MINUTE: "4", REDIS_URL: process.env.TEST_REDIS_URL! };
    const first = await createTestApp(namespaceEnv);
    const second = await createTestApp(namespaceEnv);
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
    try {
      const attempt = (app: typeof first.app) =>
        app.inject({ method: "POST", url: "/api/v1/auth/recover-password", remoteAddress: address, payload: { email: "x@example.com" } });
      const statuses = [];
      for (const app of [first.app, second.app, first.app, second.app, first.app]) statuses.push((await attempt(app)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
    } finally {
      await closeTestApp(first);
      await closeTestApp(second);
    }
  });
});
