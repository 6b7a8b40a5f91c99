import { randomBytes } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { Secret, type TOTP, URI } from "otpauth";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { auditEvents, mfaAuthenticator } from "../../db/schema/index.js";
import { SecretBoxError, createSecretBox } from "../../lib/secret-box.js";
import { adminToken, createCustomer } from "../../test/factories.js";
import { call, firstError, json } from "../../test/http.js";
import { closeTestApp, createTestApp, useTestApp } from "../../test/test-app.js";
import { sealTotpSecrets } from "../auth/index.js";
import { TOTP_PERIOD_SECONDS } from "../../lib/totp.js";
import { secondsRemaining } from "./mfa.service.js";

const t = useTestApp();
let admin: string;
let customer: string;
beforeAll(async () => {
  admin = await adminToken(t.app);
  customer = (await createCustomer(t)).token;
});

afterEach(() => {
  vi.useRealTimers();
});

interface Provisioning {
  otpauthUrl: string;
  qrDataUrl: string;
}

const provision = async (token = admin) => {
  const response = await call(t.app, { method: "POST", url: "/api/v1/mfa/provisioning", token });
  expect(response.statusCode).toBe(200);
  return { response, data: json<{ data: Provisioning }>(response).data };
};
const currentCode = (token = admin) => call(t.app, { method: "GET", url: "/api/v1/mfa/current-code", token });
const status = async () => {
  const response = await call(t.app, { method: "GET", url: "/api/v1/mfa/status", token: admin });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: { configured: boolean; provisionedAt: string | null } }>(response).data;
};
const verify = (code: unknown, token = admin) => call(t.app, { method: "POST", url: "/api/v1/mfa/verify", token, payload: { code } });

/** The TOTP an authenticator app makes from the scanned otpauth URL. */
const appFor = (otpauthUrl: string) => URI.parse(otpauthUrl) as TOTP;
const secretOf = (otpauthUrl: string) => appFor(otpauthUrl).secret.base32;

/** A moment `secondsIntoStep` into the TOTP step `step` (driven with a fake Date: the code's window must not move under the test). */
const inStep = (step: number, secondsIntoStep = 15) => (step * TOTP_PERIOD_SECONDS + secondsIntoStep) * 1000;
const currentStep = () => Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS);
function freezeTime(at: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at);
}

const mfaAudit = async () =>
  (await t.database.db.select().from(auditEvents).where(like(auditEvents.action, "mfa.%")).orderBy(auditEvents.id)).map((row) => ({
    action: row.action,
    details: row.details,
  }));

describe("MFA authenticator", () => {
  it("refuses anonymous callers (401) and customers (403) on every call", async () => {
    const calls = [
      { method: "GET" as const, url: "/api/v1/mfa/status" },
      { method: "GET" as const, url: "/api/v1/mfa/current-code" },
      { method: "POST" as const, url: "/api/v1/mfa/verify", payload: { code: "123456" } },
      { method: "POST" as const, url: "/api/v1/mfa/provisioning" },
    ];
    for (const request of calls) {
      const anonymous = await call(t.app, request);
      expect(anonymous.statusCode, request.url).toBe(401);
      const refused = await call(t.app, { ...request, token: customer });
      expect(refused.statusCode, request.url).toBe(403);
      expect(firstError(refused).loc).toEqual(["auth/forbidden"]);
    }
    expect(await t.database.db.select().from(mfaAuthenticator)).toEqual([]);
  });

  it("answers mfa/not_configured before the first provisioning, and audits the failed verification", async () => {
    // The page asks this first, and offers the setup instead of a code that cannot exist; reading it is not audited.
    expect(await status()).toEqual({ configured: false, provisionedAt: null });
    expect(await mfaAudit()).toEqual([]);
    const code = await currentCode();
    expect(code.statusCode).toBe(404);
    expect(firstError(code)).toMatchObject({ loc: ["mfa/not_configured"], type: "warning" });
    const verified = await verify("123456");
    expect(verified.statusCode).toBe(404);
    expect(firstError(verified).loc).toEqual(["mfa/not_configured"]);
    expect(await mfaAudit()).toEqual([{ action: "mfa.code_rejected", details: { outcome: "failure", reason: "not_configured" } }]);
  });

  it("provisions a secret stored sealed, shown only in the otpauth URL and the server-made QR code", async () => {
    const { response, data } = await provision();
    const provisioned = await status();
    expect(provisioned).toEqual({ configured: true, provisionedAt: expect.any(String) as string });
    expect(Date.now() - Date.parse(provisioned.provisionedAt!)).toBeLessThan(60_000);
    expect(JSON.stringify(provisioned)).not.toContain(secretOf(data.otpauthUrl));
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(Object.keys(data).sort()).toEqual(["otpauthUrl", "qrDataUrl"]);
    expect(data.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Licence%20Portal:System%20authenticator\?/);
    expect(data.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const app = appFor(data.otpauthUrl);
    expect({ algorithm: app.algorithm, digits: app.digits, period: app.period }).toEqual({ algorithm: "SHA1", digits: 6, period: 30 });
    const secret = secretOf(data.otpauthUrl);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const [row] = await t.database.db.select().from(mfaAuthenticator);
    expect(row!.secret).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(row!.secret).not.toContain(secret);
    expect(t.app.totpSecrets.open(row!.secret)).toBe(secret);
    expect(row!.provisionedBy).not.toBeNull();

    // The code and the verification answers never carry it.
    const code = await currentCode();
    expect(code.body).not.toContain(secret);
    const verified = await verify(json<{ data: { code: string } }>(code).data.code);
    expect(verified.body).not.toContain(secret);
    expect((await mfaAudit()).map((event) => event.action).slice(-3)).toEqual(["mfa.provisioned", "mfa.code_viewed", "mfa.code_verified"]);
  });

  it("shows the current code with the seconds it has left, and audits every view", async () => {
    const { data } = await provision();
    const authenticator = appFor(data.otpauthUrl);
    const step = currentStep();
    for (const [secondsIntoStep, remaining] of [
      [0, 30],
      [20, 10],
      [29.5, 1],
    ] as const) {
      freezeTime(inStep(step, secondsIntoStep));
      const before = (await mfaAudit()).length;
      const response = await currentCode();
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(json(response)).toEqual({
        status: "success",
        data: { code: authenticator.generate({ timestamp: Date.now() }), remainingSeconds: remaining, period: 30 },
      });
      expect(await mfaAudit()).toHaveLength(before + 1);
      expect((await mfaAudit()).at(-1)).toEqual({ action: "mfa.code_viewed", details: null });
    }
  });

  it("verifies a code only within its window: the step before, its own and the one after", async () => {
    const { data } = await provision();
    const step = currentStep();
    const code = appFor(data.otpauthUrl).generate({ timestamp: inStep(step) });
    const outcomes: [number, number][] = [];
    for (const offset of [-3, -2, -1, 0, 1, 2, 3]) {
      freezeTime(inStep(step + offset, offset < 0 ? 29 : 1));
      outcomes.push([offset, (await verify(code)).statusCode]);
    }
    expect(outcomes).toEqual([
      [-3, 400],
      [-2, 400],
      [-1, 200],
      [0, 200],
      [1, 200],
      [2, 400],
      [3, 400],
    ]);
    freezeTime(inStep(step + 2));
    const late = await verify(code);
    expect(firstError(late)).toEqual({ loc: ["mfa/invalid_code"], msg: "Invalid MFA code. Please try again.", type: "error" });
    const outcomesAudited = (await mfaAudit()).slice(-8).map((event) => (event.details as { outcome: string }).outcome);
    expect(outcomesAudited).toEqual(["failure", "failure", "success", "success", "success", "failure", "failure", "failure"]);
  });

  it("accepts the digits grouped with a space, refuses other text as a wrong code, and needs a code", async () => {
    const { data } = await provision();
    freezeTime(inStep(currentStep()));
    const code = appFor(data.otpauthUrl).generate();
    expect(json(await verify(`${code.slice(0, 3)} ${code.slice(3)}`))).toEqual({ status: "success", data: { valid: true } });
    for (const wrong of ["12345", "abcdef", "1234567"]) expect((await verify(wrong)).statusCode, wrong).toBe(400);

    const missing = await call(t.app, { method: "POST", url: "/api/v1/mfa/verify", token: admin, payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(firstError(missing)).toMatchObject({ loc: ["body", "code"], msg: "Code field is required" });
    const blank = await verify("   ");
    expect(firstError(blank)).toMatchObject({ loc: ["body", "code"], msg: "Code field is required" });
    const extra = await call(t.app, { method: "POST", url: "/api/v1/mfa/verify", token: admin, payload: { code, secret: "x" } });
    expect(extra.statusCode).toBe(422);
  });

  it("rotates the secret: the old codes stop working at once", async () => {
    const first = (await provision()).data;
    freezeTime(inStep(currentStep()));
    const oldCode = appFor(first.otpauthUrl).generate();
    expect((await verify(oldCode)).statusCode).toBe(200);

    const second = (await provision()).data;
    expect(secretOf(second.otpauthUrl)).not.toBe(secretOf(first.otpauthUrl));
    // (One chance in a few hundred thousand that two secrets share a code in the window: say so rather than flake.)
    expect(appFor(second.otpauthUrl).validate({ token: oldCode, window: 1 }), "the new secret happens to make the old code").toBeNull();
    expect((await verify(oldCode)).statusCode).toBe(400);
    const shown = json<{ data: { code: string } }>(await currentCode()).data.code;
    expect(shown).toBe(appFor(second.otpauthUrl).generate());
    expect((await verify(shown)).statusCode).toBe(200);
    expect(await t.database.db.select().from(mfaAuthenticator)).toHaveLength(1);
    const rotated = (await mfaAudit()).filter((event) => event.action === "mfa.secret_rotated");
    expect(rotated.length).toBeGreaterThanOrEqual(1);
    expect(rotated.at(-1)!.details).toMatchObject({ previousProvisionedAt: expect.any(String) });
  });

  it("answers 503 (no 500) when the key does not open the stored secret, and refuses to start with it", async () => {
    const { data } = await provision();
    const [before] = await t.database.db.select().from(mfaAuthenticator);
    const otherKey = createSecretBox(randomBytes(32));
    try {
      await t.database.db.update(mfaAuthenticator).set({ secret: otherKey.seal(new Secret({ size: 20 }).base32) });
      const refused = await currentCode();
      expect(refused.statusCode).toBe(503);
      expect(firstError(refused).loc).toEqual(["common/unavailable"]);
      expect((await verify("123456")).statusCode).toBe(503);
      await expect(sealTotpSecrets(t.database.db, t.app.totpSecrets)).rejects.toThrow(SecretBoxError);
      await expect(sealTotpSecrets(t.database.db, t.app.totpSecrets)).rejects.toThrow(/TOTP_ENCRYPTION_KEY .*does not open the MFA authenticator's secret/);
      expect(await sealTotpSecrets(t.database.db, otherKey)).toEqual({ sealed: 0 });
    } finally {
      await t.database.db.update(mfaAuthenticator).set({ secret: before!.secret }).where(eq(mfaAuthenticator.id, 1));
    }
    freezeTime(inStep(currentStep()));
    expect((await verify(appFor(data.otpauthUrl).generate())).statusCode).toBe(200);
  });

  it("counts verification attempts per administrator (429 with Retry-After)", async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const token = await adminToken(limited.app);
      await call(limited.app, { method: "POST", url: "/api/v1/mfa/provisioning", token });
      const statuses: number[] = [];
      let last;
      for (let attempt = 0; attempt < 4; attempt++) {
        last = await call(limited.app, { method: "POST", url: "/api/v1/mfa/verify", token, payload: { code: "000000" } });
        statuses.push(last.statusCode);
      }
      expect(statuses.slice(0, 3).every((status) => status === 400 || status === 200)).toBe(true);
      expect(statuses[3]).toBe(429);
      expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
      // Another address does not help: the count is the administrator's.
      const elsewhere = await limited.app.inject({
        method: "POST",
        url: "/api/v1/mfa/verify",
        remoteAddress: "10.0.0.9",
        headers: { authorization: `Bearer ${token}` },
        payload: { code: "000000" },
      });
      expect(elsewhere.statusCode).toBe(429);
    } finally {
      await closeTestApp(limited);
    }
  });
});

describe("secondsRemaining", () => {
  it("counts down from the period to 1 within each step", () => {
    expect(secondsRemaining(0)).toBe(30);
    expect(secondsRemaining(999)).toBe(30);
    expect(secondsRemaining(1_000)).toBe(29);
    expect(secondsRemaining(29_999)).toBe(1);
    expect(secondsRemaining(30_000)).toBe(30);
  });
});
