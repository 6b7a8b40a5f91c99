import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { totp } from "@portal/test-support";
import { buildApp } from "../../app.js";
import { ConfigError, loadConfig } from "../../config.js";
import { auditEvents, users } from "../../db/schema/index.js";
import { SecretBoxError, TOTP_KEY_FILE, createSecretBox, loadTotpSecretBox, parseSecretBoxKey } from "../../lib/secret-box.js";
import { loginRequest } from "../../test/accounts.js";
import { createCustomer } from "../../test/factories.js";
import { call, firstError, json } from "../../test/http.js";
import { useTestApp } from "../../test/test-app.js";
import { sealTotpSecrets } from "./two-factor-secrets.js";

const t = useTestApp();

async function rowOf(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function customerWithTwoFactor() {
  const customer = await createCustomer(t);
  const setup = json<{ data: { secret: string } }>(await call(t.app, { method: "POST", url: "/api/v1/auth/2fa/setup", token: customer.token })).data;
  const pendingRow = await rowOf(customer.user.id);
  const enabled = await call(t.app, { method: "POST", url: "/api/v1/auth/2fa/enable", token: customer.token, payload: { code: totp(setup.secret) } });
  expect(enabled.statusCode).toBe(200);
  return { ...customer, secret: setup.secret, pendingRow };
}

const auditCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents))[0]!.n;

describe("TOTP secrets at rest", () => {
  it("never stores the secret in clear, and login with 2FA still works", async () => {
    const customer = await customerWithTwoFactor();
    expect(customer.pendingRow.twoFactorPendingSecret).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(customer.pendingRow.twoFactorPendingSecret).not.toContain(customer.secret);
    const row = await rowOf(customer.user.id);
    expect(row.twoFactorSecret).toMatch(/^v1:/);
    expect(row.twoFactorSecret).not.toContain(customer.secret);
    expect(row.twoFactorPendingSecret).toBeNull();
    expect(t.app.totpSecrets.open(row.twoFactorSecret!)).toBe(customer.secret);

    expect((await loginRequest(t.app, customer.email, customer.password)).statusCode).toBe(401);
    const login = await loginRequest(t.app, customer.email, customer.password, { otp: totp(customer.secret, 1) });
    expect(login.statusCode).toBe(200);
  });

  it("encrypts a secret stored in clear before, once, and it still verifies", async () => {
    const customer = await customerWithTwoFactor();
    // As written before encryption at rest: the base32 secret itself, and a pending one from a setup.
    const pendingInClear = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    await t.database.db.update(users).set({ twoFactorSecret: customer.secret, twoFactorPendingSecret: pendingInClear }).where(eq(users.id, customer.user.id));

    const before = await auditCount();
    expect(await sealTotpSecrets(t.database.db, t.app.totpSecrets)).toEqual({ sealed: 1 });
    expect(await auditCount()).toBe(before);
    const row = await rowOf(customer.user.id);
    expect(row.twoFactorSecret).toMatch(/^v1:/);
    expect(row.twoFactorPendingSecret).toMatch(/^v1:/);
    expect(t.app.totpSecrets.open(row.twoFactorSecret!)).toBe(customer.secret);
    expect(t.app.totpSecrets.open(row.twoFactorPendingSecret!)).toBe(pendingInClear);
    expect(await sealTotpSecrets(t.database.db, t.app.totpSecrets)).toEqual({ sealed: 0 });

    const login = await loginRequest(t.app, customer.email, customer.password, { otp: totp(customer.secret, 1) });
    expect(login.statusCode).toBe(200);
  });

  it("refuses to start with another key, naming the variable, and changes nothing", async () => {
    const customer = await customerWithTwoFactor();
    await t.database.db.update(users).set({ twoFactorPendingSecret: "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU" }).where(eq(users.id, customer.user.id));
    const before = await rowOf(customer.user.id);
    const otherKey = createSecretBox(randomBytes(32));
    const refusal = sealTotpSecrets(t.database.db, otherKey);
    await expect(refusal).rejects.toThrow(SecretBoxError);
    await expect(refusal).rejects.toThrow(/TOTP_ENCRYPTION_KEY .*does not open the two-factor secrets/);
    expect(await rowOf(customer.user.id)).toEqual(before);
    await sealTotpSecrets(t.database.db, t.app.totpSecrets);
  });

  it("answers a 503 without audit or lockout count when the key does not open a secret at login", async () => {
    const customer = await customerWithTwoFactor();
    const wrongKeyApp = await buildApp({ config: t.config, database: t.database, totpSecrets: createSecretBox(randomBytes(32)) });
    try {
      const auditBefore = await auditCount();
      const response = await loginRequest(wrongKeyApp, customer.email, customer.password, { otp: totp(customer.secret, 1) });
      expect(response.statusCode).toBe(503);
      expect(firstError(response).loc).toEqual(["common/unavailable"]);
      expect(response.body).not.toMatch(/key|decrypt|SecretBox/i);
      expect(await auditCount()).toBe(auditBefore);
      expect((await rowOf(customer.user.id)).failedLoginCount).toBe(0);
      // The right key still works afterwards.
      expect((await loginRequest(t.app, customer.email, customer.password, { otp: totp(customer.secret, 1) })).statusCode).toBe(200);
    } finally {
      await wrongKeyApp.close();
    }
  });
});

describe("the TOTP encryption key", () => {
  it("is made once in DATA_DIR (0600) and read back on the next start", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "portal-totp-key-"));
    try {
      const first = await loadTotpSecretBox({ dataDir });
      const file = path.join(dataDir, TOTP_KEY_FILE);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(parseSecretBoxKey(await readFile(file, "utf8"))).toHaveLength(32);
      const second = await loadTotpSecretBox({ dataDir });
      expect(second.open(first.seal("JBSWY3DPEHPK3PXP"))).toBe("JBSWY3DPEHPK3PXP");

      await writeFile(file, "not a key\n");
      await expect(loadTotpSecretBox({ dataDir })).rejects.toThrow(TOTP_KEY_FILE);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("comes from TOTP_ENCRYPTION_KEY as hex or base64, and a bad value stops the start naming it", async () => {
    const key = randomBytes(32);
    const fromHex = await loadTotpSecretBox({ key: key.toString("hex"), dataDir: "/nonexistent" });
    const fromBase64 = await loadTotpSecretBox({ key: key.toString("base64"), dataDir: "/nonexistent" });
    expect(fromBase64.open(fromHex.seal("secret"))).toBe("secret");
    expect(createSecretBox(key).open(fromHex.seal("secret"))).toBe("secret");

    expect(loadConfig({ TOTP_ENCRYPTION_KEY: key.toString("base64url") }).TOTP_ENCRYPTION_KEY).toBe(key.toString("base64url"));
    for (const bad of ["short", randomBytes(16).toString("hex"), "z".repeat(64)]) {
      expect(() => loadConfig({ TOTP_ENCRYPTION_KEY: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ TOTP_ENCRYPTION_KEY: bad })).toThrow("TOTP_ENCRYPTION_KEY");
    }
  });

  it("seals each value differently and refuses an altered one", () => {
    const box = createSecretBox(randomBytes(32));
    const sealed = box.seal("JBSWY3DPEHPK3PXP");
    expect(box.seal("JBSWY3DPEHPK3PXP")).not.toBe(sealed);
    expect(box.isSealed(sealed)).toBe(true);
    expect(box.isSealed("JBSWY3DPEHPK3PXP")).toBe(false);
    const altered = sealed.slice(0, -2) + (sealed.endsWith("A") ? "BB" : "AA");
    expect(() => box.open(altered)).toThrow(SecretBoxError);
  });
});
