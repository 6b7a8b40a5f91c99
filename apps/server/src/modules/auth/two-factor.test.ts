import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { totp } from "@portal/test-support";
import { auditEvents, users } from "../../db/schema/index.js";
import { GOOD_PASSWORD, loginRequest } from "../../test/accounts.js";
import { createCustomer } from "../../test/factories.js";
import { call, firstError, json } from "../../test/http.js";
import { closeTestApp, createTestApp, useTestApp, type TestApp } from "../../test/test-app.js";

const t = useTestApp();

interface Setup {
  secret: string;
  otpauthUrl: string;
  qrDataUrl: string;
}

async function enableTwoFactor() {
  const customer = await createCustomer(t);
  const setupResponse = await call(t.app, { method: "POST", url: "/api/v1/auth/2fa/setup", token: customer.token });
  expect(setupResponse.statusCode).toBe(200);
  const setup = json<{ data: Setup }>(setupResponse).data;
  const enableCode = totp(setup.secret);
  const enabled = await call(t.app, {
    method: "POST",
    url: "/api/v1/auth/2fa/enable",
    token: customer.token,
    payload: { code: enableCode },
  });
  expect(enabled.statusCode).toBe(200);
  const recoveryCodes = json<{ data: { recoveryCodes: string[] } }>(enabled).data.recoveryCodes;
  return { ...customer, secret: setup.secret, recoveryCodes, setup, enableCode };
}

describe("two-factor authentication", () => {
  it("sets up with a scannable secret, and enabling needs a right code", async () => {
    const customer = await createCustomer(t);
    const setup = json<{ data: Setup }>(await call(t.app, { method: "POST", url: "/api/v1/auth/2fa/setup", token: customer.token })).data;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Licence%20Portal:.+\?.*secret=/);
    expect(setup.qrDataUrl).toMatch(/^data:image\/png;base64,/);

    const wrong = await call(t.app, { method: "POST", url: "/api/v1/auth/2fa/enable", token: customer.token, payload: { code: "000000" } });
    // Not a 401: a wrong code while logged in must not log the web client out.
    expect(wrong.statusCode).toBe(400);
    expect(firstError(wrong).loc).toEqual(["auth/2fa_invalid"]);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(row?.twoFactorEnabled).toBe(false);

    const missing = await call(t.app, { method: "POST", url: "/api/v1/auth/2fa/enable", token: customer.token, payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(firstError(missing)).toMatchObject({ loc: ["body", "code"], msg: "Code field is required" });
  });

  it("answers ten one-time recovery codes at enable and shows the flag on the user", async () => {
    const customer = await enableTwoFactor();
    expect(customer.recoveryCodes).toHaveLength(10);
    expect(new Set(customer.recoveryCodes).size).toBe(10);
    const me = json<{ data: { twoFactorEnabled: boolean } }>(await call(t.app, { method: "GET", url: "/api/v1/auth/me", token: customer.token }));
    expect(me.data.twoFactorEnabled).toBe(true);
    const again = await call(t.app, { method: "POST", url: "/api/v1/auth/2fa/setup", token: customer.token });
    expect(again.statusCode).toBe(409);
  });

  it("asks for the code at login, refuses a wrong one and accepts each code once", async () => {
    const customer = await enableTwoFactor();
    const required = await loginRequest(t.app, customer.email, customer.password);
    expect(required.statusCode).toBe(401);
    expect(firstError(required)).toEqual({
      loc: ["auth/2fa_required"],
      msg: "Two-factor authentication is required for this account.",
      type: "info",
    });

    const wrong = await loginRequest(t.app, customer.email, customer.password, { otp: "123456" });
    expect(wrong.statusCode).toBe(401);
    expect(firstError(wrong).loc).toEqual(["auth/2fa_invalid"]);

    // The enable call spent the current step; the next step's code (within the ±1 window) is fresh.
    const next = totp(customer.secret, 1);
    expect((await loginRequest(t.app, customer.email, customer.password, { otp: next })).statusCode).toBe(200);
    const replay = await loginRequest(t.app, customer.email, customer.password, { otp: next });
    expect(replay.statusCode).toBe(401);
    // A right code typed a second time is not "invalid": the person should wait for the next one.
    expect(firstError(replay)).toEqual({
      loc: ["auth/2fa_code_reused"],
      msg: "This two-factor code has already been used. Wait for the next code in your authenticator app and enter that one.",
      type: "warning",
    });
    const [failure] = await t.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.targetId, customer.user.id))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(failure?.details).toMatchObject({ reason: "reused_otp" });
    const tooFar = await loginRequest(t.app, customer.email, customer.password, { otp: totp(customer.secret, 3) });
    expect(tooFar.statusCode).toBe(401);
  });

  it("accepts a recovery code in place of the code, once", async () => {
    const customer = await enableTwoFactor();
    const recovery = customer.recoveryCodes[0]!;
    expect((await loginRequest(t.app, customer.email, customer.password, { otp: recovery.toUpperCase() })).statusCode).toBe(200);
    expect((await loginRequest(t.app, customer.email, customer.password, { otp: recovery })).statusCode).toBe(401);
  });

  it("counts wrong codes towards the lockout", async () => {
    const customer = await enableTwoFactor();
    for (let attempt = 0; attempt < 5; attempt++) {
      await loginRequest(t.app, customer.email, customer.password, { otp: "000000" });
    }
    const locked = await loginRequest(t.app, customer.email, customer.password, { otp: totp(customer.secret, 1) });
    expect(locked.statusCode).toBe(423);
  });

  it("disables with a valid code and forgets the secret and recovery codes", async () => {
    const customer = await enableTwoFactor();
    const wrong = await call(t.app, { method: "POST", url: "/api/v1/auth/2fa/disable", token: customer.token, payload: { code: "000000" } });
    expect(wrong.statusCode).toBe(400);
    expect(firstError(wrong).loc).toEqual(["auth/2fa_invalid"]);
    // The code that turned 2FA on was spent then: a 400 (never a 401 that logs out) saying so.
    const reused = await call(t.app, { method: "POST", url: "/api/v1/auth/2fa/disable", token: customer.token, payload: { code: customer.enableCode } });
    expect(reused.statusCode).toBe(400);
    expect(firstError(reused)).toMatchObject({ loc: ["auth/2fa_code_reused"], type: "warning" });
    const disabled = await call(t.app, {
      method: "POST",
      url: "/api/v1/auth/2fa/disable",
      token: customer.token,
      payload: { code: customer.recoveryCodes[1]! },
    });
    expect(disabled.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(row).toMatchObject({ twoFactorEnabled: false, twoFactorSecret: null });
    expect((await loginRequest(t.app, customer.email, customer.password)).statusCode).toBe(200);
    const actions = (await t.database.db.select().from(auditEvents).where(eq(auditEvents.targetId, customer.user.id))).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["auth.2fa_setup_started", "auth.2fa_enabled", "auth.2fa_disabled"]));
    const again = await call(t.app, { method: "POST", url: "/api/v1/auth/2fa/disable", token: customer.token, payload: { code: "123456" } });
    expect(again.statusCode).toBe(409);
  });
});

describe("codes and passwords checked from a signed-in session", () => {
  const LIMIT = 3;

  /** Calls `url` with `payload` LIMIT + 1 times; answers the statuses and the last answer. */
  async function attempts(limited: TestApp, token: string, url: string, payload: Record<string, string>) {
    const statuses: number[] = [];
    let last;
    for (let attempt = 0; attempt <= LIMIT; attempt++) {
      last = await call(limited.app, { method: "POST", url, token, payload });
      statuses.push(last.statusCode);
    }
    return { statuses, last: last! };
  }

  function expectRateLimited(answer: Awaited<ReturnType<typeof call>>) {
    expect(answer.statusCode).toBe(429);
    expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
    expect(firstError(answer)).toMatchObject({ loc: ["common/rate_limited"], type: "warning" });
  }

  it("counts attempts to turn 2FA off per account, like login's (429 with Retry-After), and a right code past the limit changes nothing", async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    try {
      const customer = await createCustomer(limited);
      const setup = json<{ data: Setup }>(await call(limited.app, { method: "POST", url: "/api/v1/auth/2fa/setup", token: customer.token })).data;
      expect((await call(limited.app, { method: "POST", url: "/api/v1/auth/2fa/enable", token: customer.token, payload: { code: totp(setup.secret) } })).statusCode).toBe(200);

      const { statuses, last } = await attempts(limited, customer.token, "/api/v1/auth/2fa/disable", { code: "000000" });
      expect(statuses.slice(0, LIMIT)).toEqual(Array.from({ length: LIMIT }, () => 400));
      expectRateLimited(last);
      expectRateLimited(await call(limited.app, { method: "POST", url: "/api/v1/auth/2fa/disable", token: customer.token, payload: { code: totp(setup.secret, 1) } }));
      // Another address does not help: the count is the account's.
      const elsewhere = await limited.app.inject({
        method: "POST",
        url: "/api/v1/auth/2fa/disable",
        remoteAddress: "10.0.0.9",
        headers: { authorization: `Bearer ${customer.token}` },
        payload: { code: "000000" },
      });
      expect(elsewhere.statusCode).toBe(429);
      const [row] = await limited.database.db.select().from(users).where(eq(users.id, customer.user.id));
      expect(row?.twoFactorEnabled).toBe(true);
    } finally {
      await closeTestApp(limited);
    }
  });

  it("counts attempts to turn 2FA on and to change the password the same way", async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    try {
      const customer = await createCustomer(limited);
      await call(limited.app, { method: "POST", url: "/api/v1/auth/2fa/setup", token: customer.token });
      const enabling = await attempts(limited, customer.token, "/api/v1/auth/2fa/enable", { code: "000000" });
      expect(enabling.statuses.slice(0, LIMIT)).toEqual(Array.from({ length: LIMIT }, () => 400));
      expectRateLimited(enabling.last);

      const changing = await attempts(limited, customer.token, "/api/v1/auth/password", { oldPassword: "Not-the-password-1!", newPassword: `${GOOD_PASSWORD}2` });
      expect(changing.statuses.slice(0, LIMIT)).toEqual(Array.from({ length: LIMIT }, () => 400));
      expectRateLimited(changing.last);
    } finally {
      await closeTestApp(limited);
    }
  });
});
