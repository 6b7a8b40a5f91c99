import { generateKeyPairSync, randomBytes } from "node:crypto";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { License, LicenseRequest, Ticket, User } from "@portal/contract";
import { totp } from "@portal/test-support";
import { apiTokens, licenseTokens, mfaAuthenticator, recoveryCodes, sessions, userTokens, users } from "../../db/schema/index.js";
import { loggerOptions } from "../../lib/logging.js";
import { uniqueEmail } from "../accounts.js";
import { bearer } from "../http.js";
import { multipartForm } from "../multipart.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, closeTestApp, createTestApp, type TestApp } from "../test-app.js";
import { freePort, startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../smtp.js";
import { unique } from "./authorisation-world.js";

/**
 * A whole customer journey through the app with the server's own logger writing at debug level:
 * no secret used or made on the way may reach a log line, and nothing that must stay on the server
 * may reach an answer.
 */
const signingKey = generateKeyPairSync("ed25519").privateKey;
const signingKeyPem = signingKey.export({ type: "pkcs8", format: "pem" }).toString();
const encryptionKey = randomBytes(32).toString("hex");
const smtpPassword = `smtp-${randomBytes(12).toString("hex")}`;

const logLines: string[] = [];
const answers: { label: string; text: string; afterEnrolment: boolean }[] = [];
let testApp: TestApp;
let smtp: TestSmtpServer;
const received: ReceivedMail[] = [];
let enrolled = false;

beforeAll(async () => {
  smtp = await startSmtpServer(await freePort(), received, { user: "mailer", pass: smtpPassword });
  testApp = await createTestApp(
    {
      LOG_LEVEL: "debug",
      SMTP_URL: `smtp://mailer:${smtpPassword}@127.0.0.1:${smtp.port}`,
      LICENSE_SIGNING_KEY: signingKeyPem,
      TOTP_ENCRYPTION_KEY: encryptionKey,
      MAIL_RETRY_MIN_SECONDS: "0.05",
      JOB_POLL_INTERVAL_MS: "50",
    },
    { logger: loggerOptions({ LOG_LEVEL: "debug" }, { write: (line) => void logLines.push(line) }) },
  );
});

afterAll(async () => {
  if (testApp) await closeTestApp(testApp);
  await smtp?.close();
});

/** One call of the journey; its answer (headers and body) is kept for the checks. */
async function send(label: string, options: InjectOptions & { token?: string }, expected: number): Promise<LightMyRequestResponse> {
  const { token, headers, ...rest } = options;
  const response = await testApp.app.inject({ ...rest, headers: { ...headers, ...(token ? bearer(token) : {}) } });
  answers.push({ label, text: `${JSON.stringify(response.headers)}\n${response.body}`, afterEnrolment: enrolled });
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBe(expected);
  return response;
}

const dataOf = <T>(response: LightMyRequestResponse) => response.json<{ data: T }>().data;

async function login(label: string, username: string, password: string, otp?: string, expected = 200) {
  const response = await send(
    label,
    {
      method: "POST",
      url: "/api/v1/auth/token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ username, password, ...(otp ? { otp } : {}) }).toString(),
    },
    expected,
  );
  return expected === 200 ? dataOf<{ access_token: string }>(response).access_token : "";
}

/** The token of the newest link mailed to `to` whose subject matches, as delivered over SMTP. */
async function mailedToken(to: string, subject: RegExp): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = received.filter((message) => message.to.includes(to) && subject.test(message.subject)).at(-1);
    const body = mail?.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const token = body && /[?&]token=([A-Za-z0-9_%-]+)/.exec(body)?.[1];
    if (token) return decodeURIComponent(token);
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("secrets", () => {
  it("reach no log line, and nothing that must stay on the server reaches an answer, over a whole journey", async () => {
    const { app } = testApp;
    const email = uniqueEmail("journey");
    const passwords = { first: `Journey-1-${unique()}!`, changed: `Journey-2-${unique()}!`, reset: `Journey-3-${unique()}!`, mistyped: `Mistyped-9-${unique()}!` };
    const weakPassword = `weakpassword${unique()}`;
    const tokens: Record<string, string> = {};

    // Sign-up (one refused for a weak password first), e-mail verification, approval.
    await send("weak sign-up", { method: "POST", url: "/api/v1/auth/register", payload: { firstname: "Jo", lastname: "Urney", email, password: weakPassword } }, 422);
    const registered = await send("sign-up", { method: "POST", url: "/api/v1/auth/register", payload: { firstname: "Jo", lastname: "Urney", email, password: passwords.first } }, 201);
    const customerId = dataOf<{ user: User }>(registered).user.id;
    tokens.verification = await mailedToken(email, /verify/i);
    await send("verify e-mail", { method: "POST", url: "/api/v1/auth/verify-email", payload: { token: tokens.verification } }, 200);
    tokens.admin = await login("admin login", ADMIN_EMAIL, ADMIN_PASSWORD);
    await send("approve", { method: "POST", url: `/api/v1/users/${customerId}/approve`, token: tokens.admin }, 200);

    // A mistyped password, then a session and two-factor enrolment.
    await login("mistyped login", email, passwords.mistyped, undefined, 401);
    tokens.first = await login("login", email, passwords.first);
    const setup = dataOf<{ secret: string }>(await send("2fa setup", { method: "POST", url: "/api/v1/auth/2fa/setup", token: tokens.first }, 200));
    const enrolmentCode = totp(setup.secret);
    const enabled = await send("2fa enable", { method: "POST", url: "/api/v1/auth/2fa/enable", token: tokens.first, payload: { code: enrolmentCode } }, 200);
    enrolled = true;
    const recovery = dataOf<{ recoveryCodes: string[] }>(enabled).recoveryCodes;
    await send("logout", { method: "POST", url: "/api/v1/auth/logout", token: tokens.first }, 200);
    // The next time step's code: the enrolment spent this one.
    const loginCode = totp(setup.secret, 1);
    tokens.second = await login("login with a code", email, passwords.first, loginCode);
    await send("me", { method: "GET", url: "/api/v1/auth/me", token: tokens.second }, 200);

    // A licence: requested, issued, its file downloaded and signed, an installation authenticated.
    const feature = dataOf<{ id: string }>(await send("feature", { method: "POST", url: "/api/v1/features", token: tokens.admin, payload: { name: `Journey ${unique()}`, price: 5 } }, 201));
    const plan = dataOf<{ id: string }>(
      await send(
        "plan",
        {
          method: "POST",
          url: "/api/v1/plans",
          token: tokens.admin,
          payload: { name: `Journey ${unique()}`, price: 10, currency: "USD", billingPeriod: "yearly", durationDays: 365, maxActivations: 5, featureIds: [feature.id] },
        },
        201,
      ),
    );
    const request = dataOf<LicenseRequest>(await send("licence request", { method: "POST", url: "/api/v1/license-requests", token: tokens.second, payload: { planId: plan.id, quantity: 1 } }, 201));
    const approved = dataOf<LicenseRequest>(await send("approve request", { method: "POST", url: `/api/v1/license-requests/${request.id}/approve`, token: tokens.admin }, 200));
    const license = dataOf<License>(await send("licence", { method: "GET", url: `/api/v1/licenses/${approved.licenseIds[0]}`, token: tokens.second }, 200));
    await send("licence file", { method: "GET", url: `/api/v1/licenses/${license.id}/file`, token: tokens.second }, 200);
    const req = `${license.key}\n${JSON.stringify({ hostname: "journey-host", version: "1.0.0" })}\n`;
    const reqAnswer = await send("req auth", { method: "POST", url: "/api/v1/req/auth", token: tokens.second, ...multipartForm({}, [{ field: "file", name: "install.req", content: Buffer.from(req) }]) }, 200);
    tokens.license = dataOf<{ licenseToken: string }>(reqAnswer).licenseToken;
    await send("available updates", { method: "GET", url: "/api/v1/req/updates", headers: { "x-license-token": tokens.license } }, 200);
    await send("validate", { method: "POST", url: "/api/v1/licenses/validate", payload: { key: license.key, fingerprint: "journey" } }, 200);

    // An API token: made (its secret answered once), used, listed, revoked.
    const created = dataOf<{ token: { id: string }; secret: string }>(
      await send("api token", { method: "POST", url: "/api/v1/api-tokens", token: tokens.second, payload: { name: "Journey CI", scopes: ["read", "tickets:write"] } }, 201),
    );
    tokens.api = created.secret;
    await send("licences through the api token", { method: "GET", url: "/api/v1/licenses", token: tokens.api }, 200);
    await send("api tokens", { method: "GET", url: "/api/v1/api-tokens", token: tokens.second }, 200);
    await testApp.app.apiTokenUsage.flush();

    // A ticket and support's answer.
    const ticket = dataOf<Ticket>(await send("ticket", { method: "POST", url: "/api/v1/tickets", token: tokens.second, payload: { subject: "Journey", type: "technical", priority: "low", message: "Help" } }, 201));
    await send("support reply", { method: "POST", url: `/api/v1/tickets/${ticket.id}/messages`, token: tokens.admin, payload: { body: "On it." } }, 201);
    await send("thread", { method: "GET", url: `/api/v1/tickets/${ticket.id}`, token: tokens.second }, 200);

    // Password change, then a reset link; each new sign-in spends a recovery code.
    await send("password change", { method: "POST", url: "/api/v1/auth/password", token: tokens.second, payload: { oldPassword: passwords.first, newPassword: passwords.changed } }, 200);
    tokens.third = await login("login after change", email, passwords.changed, recovery[0]);
    await send("recover", { method: "POST", url: "/api/v1/auth/recover-password", payload: { email } }, 200);
    tokens.reset = await mailedToken(email, /reset/i);
    await send("reset", { method: "POST", url: "/api/v1/auth/reset-password", payload: { token: tokens.reset, password: passwords.reset } }, 200);
    tokens.fourth = await login("login after reset", email, passwords.reset, recovery[1]);

    // What an administrator reads about the customer, the log monitor and the system authenticator.
    await send("user", { method: "GET", url: `/api/v1/users/${customerId}`, token: tokens.admin }, 200);
    await send("users", { method: "GET", url: `/api/v1/users?q=${encodeURIComponent(email)}`, token: tokens.admin }, 200);
    await send("audit", { method: "GET", url: "/api/v1/audit-events?pageSize=100", token: tokens.admin }, 200);
    await send("audit export", { method: "GET", url: "/api/v1/audit-events", headers: { accept: "text/csv" }, token: tokens.admin }, 200);
    await send("mfa provisioning", { method: "POST", url: "/api/v1/mfa/provisioning", token: tokens.admin }, 200);
    await send("mfa code", { method: "GET", url: "/api/v1/mfa/current-code", token: tokens.admin }, 200);
    await send("revoke api token", { method: "DELETE", url: `/api/v1/api-tokens/${created.token.id}`, token: tokens.admin }, 200);
    await send("2fa disable", { method: "POST", url: "/api/v1/auth/2fa/disable", token: tokens.fourth, payload: { code: recovery[2] } }, 200);
    await send("me at the end", { method: "GET", url: "/api/v1/auth/me", token: tokens.fourth }, 200);

    // Everything the database keeps instead of a secret, read before the app closes.
    const { db } = testApp.database;
    const stored = [
      ...(await db.select({ value: users.passwordHash }).from(users)),
      ...(await db.select({ value: users.twoFactorSecret }).from(users)),
      ...(await db.select({ value: users.twoFactorPendingSecret }).from(users)),
      ...(await db.select({ value: sessions.tokenHash }).from(sessions)),
      ...(await db.select({ value: userTokens.tokenHash }).from(userTokens)),
      ...(await db.select({ value: recoveryCodes.codeHash }).from(recoveryCodes)),
      ...(await db.select({ value: licenseTokens.tokenHash }).from(licenseTokens)),
      ...(await db.select({ value: apiTokens.tokenHash }).from(apiTokens)),
      ...(await db.select({ value: mfaAuthenticator.secret }).from(mfaAuthenticator)),
    ]
      .map((row) => row.value)
      .filter((value): value is string => Boolean(value));
    // Mail goes out after the answers; its log lines belong to the journey too.
    await app.jobs.stop();
    expect(received.length).toBeGreaterThanOrEqual(2);

    const jwk = signingKey.export({ format: "jwk" });
    const pemBody = signingKeyPem.replace(/-----[^-]+-----/g, "").replace(/\s+/g, "");
    const serverSide: Record<string, string> = {
      "signing key (PEM)": pemBody,
      "signing key (raw)": jwk.d!,
      "signing key (hex)": Buffer.from(jwk.d!, "base64url").toString("hex"),
      "TOTP encryption key": encryptionKey,
      "SMTP password": smtpPassword,
      "admin password": ADMIN_PASSWORD,
      ...Object.fromEntries(Object.entries(passwords).map(([name, value]) => [`password (${name})`, value])),
      "weak password": weakPassword,
      ...Object.fromEntries(stored.map((value, index) => [`stored secret or hash #${index}`, value])),
    };
    const secrets: Record<string, string> = {
      ...serverSide,
      ...Object.fromEntries(Object.entries(tokens).map(([name, value]) => [`token (${name})`, value])),
      "TOTP secret": setup.secret,
      // Codes are six digits: only a code as a JSON string value is looked for, never digits inside a number.
      "TOTP enrolment code": `"${enrolmentCode}"`,
      "TOTP login code": `"${loginCode}"`,
      ...Object.fromEntries(recovery.map((code, index) => [`recovery code #${index}`, code])),
    };

    // The logger really wrote the journey, at debug level and above.
    expect(logLines.length).toBeGreaterThan(50);
    expect(logLines.some((line) => line.includes('"msg":"incoming request"'))).toBe(true);
    expect(logLines.some((line) => line.includes('"msg":"mail sent"'))).toBe(true);

    const leaks: string[] = [];
    for (const [name, secret] of Object.entries(secrets)) {
      const line = logLines.find((candidate) => candidate.includes(secret));
      if (line) leaks.push(`log: ${name} in ${line.slice(0, 300)}`);
    }
    for (const answer of answers) {
      for (const [name, secret] of Object.entries(serverSide)) {
        if (answer.text.includes(secret)) leaks.push(`answer "${answer.label}": ${name}`);
      }
      if (answer.text.includes("$argon2")) leaks.push(`answer "${answer.label}": a password hash`);
      if (answer.afterEnrolment && answer.text.includes(setup.secret)) leaks.push(`answer "${answer.label}": the TOTP secret after enrolment`);
    }
    expect(leaks).toEqual([]);
  }, 60_000);
});

describe("Strict-Transport-Security", () => {
  it("is sent when PUBLIC_URL is https, for a year with subdomains", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/v1/health" });
    expect(response.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("is not sent when PUBLIC_URL is http", async () => {
    const plain = await createTestApp({ PUBLIC_URL: "http://portal.example.com" });
    try {
      const response = await plain.app.inject({ method: "GET", url: "/api/v1/health" });
      expect(response.statusCode).toBe(200);
      expect(response.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await closeTestApp(plain);
    }
  });
});
