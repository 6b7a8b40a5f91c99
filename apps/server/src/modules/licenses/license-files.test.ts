import { createDecipheriv, createHash, createPublicKey, verify } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { License } from "@portal/contract";
import { auditEvents } from "../../db/schema/index.js";
import { createCustomer, issueLicenses } from "../../test/factories.js";
import { call, firstError, json } from "../../test/http.js";
import { multipartFile } from "../../test/multipart.js";
import { useTestApp } from "../../test/test-app.js";
import { fingerprintOf } from "./validation.service.js";

const t = useTestApp();

// ---------------------------------------------------------------------------------------------------
// An independent verifier of Keygen's cryptographic licence and machine files, written here from
// Keygen's own example verifiers (keygen-sh/example-node-cryptographic-license-files index.js,
// example-js-cryptographic-license-files keygen.js, keygen-go license_file.go / machine_file.go /
// verifier.go / decryptor.go), with node:crypto only — not the portal's @portal/license-verifier:
//   1. strip "-----(BEGIN|END) LICENSE FILE-----" (or MACHINE FILE), base64-decode, JSON {enc, sig, alg};
//   2. alg must be "aes-256-gcm+ed25519";
//   3. Ed25519-verify sig over the bytes of "license/" + enc (or "machine/" + enc) with the public key;
//   4. split enc on "." into base64 ciphertext, iv, tag; key = SHA-256(licence key) (machine:
//      SHA-256(licence key + fingerprint)); AES-256-GCM decrypt with the tag and empty AAD;
//   5. the plaintext is JSON {data, included, meta}: meta.issued not in the future, meta.expiry not past.
// ---------------------------------------------------------------------------------------------------

class KeygenError extends Error {}

function keygenVerify(kind: "license" | "machine", file: string, publicKeyPem: string, secret: string, now = Date.now()) {
  const label = kind === "license" ? "LICENSE FILE" : "MACHINE FILE";
  const encoded = file.replace(new RegExp(`-----(?:BEGIN|END) ${label}-----\\n?`, "g"), "");
  const { enc, sig, alg } = JSON.parse(Buffer.from(encoded, "base64").toString()) as { enc: string; sig: string; alg: string };
  if (alg !== "aes-256-gcm+ed25519") throw new KeygenError(`algorithm is not supported: ${alg}`);
  const publicKey = createPublicKey({ key: publicKeyPem, format: "pem" });
  if (!verify(null, Buffer.from(`${kind}/${enc}`), publicKey, Buffer.from(sig, "base64"))) throw new KeygenError("signature verification failed");
  const [ciphertext, iv, tag] = enc.split(".");
  const aes = createDecipheriv("aes-256-gcm", createHash("sha256").update(secret).digest(), Buffer.from(iv!, "base64"));
  aes.setAuthTag(Buffer.from(tag!, "base64"));
  aes.setAAD(Buffer.from(""));
  let plaintext: string;
  try {
    plaintext = aes.update(Buffer.from(ciphertext!, "base64"), undefined, "utf8") + aes.final("utf8");
  } catch {
    throw new KeygenError("decryption failed");
  }
  const dataset = JSON.parse(plaintext) as {
    data: { type: string; id: string; attributes: Record<string, unknown> };
    included: { type: string; id: string; attributes: Record<string, unknown> }[];
    meta: { issued: string; expiry: string; ttl: number };
  };
  if (new Date(dataset.meta.issued).getTime() > now) throw new KeygenError("system clock is desynced");
  if (new Date(dataset.meta.expiry).getTime() < now) throw new KeygenError("file is expired");
  return dataset;
}

/** Flips one character of `enc` or `sig` inside the armoured file (keeping it valid base64 and JSON). */
function flip(file: string, field: "enc" | "sig", at = 7): string {
  const lines = file.trim().split("\n");
  const envelope = JSON.parse(Buffer.from(lines.slice(1, -1).join(""), "base64").toString()) as Record<string, string>;
  const value = envelope[field]!;
  envelope[field] = value.slice(0, at) + (value[at] === "A" ? "B" : "A") + value.slice(at + 1);
  const body = Buffer.from(JSON.stringify(envelope)).toString("base64");
  return [lines[0], ...body.match(/.{1,60}/g)!, lines.at(-1), ""].join("\n");
}

async function publicKeyPem(): Promise<string> {
  return json<{ data: { publicKey: string } }>(await t.app.inject({ method: "GET", url: "/api/v1/licenses/public-key" })).data.publicKey;
}

async function activate(token: string, license: License, hostname: string) {
  const installationData = JSON.stringify({ hostname, os: "linux" });
  const response = await call(t.app, { method: "POST", url: "/api/v1/req/auth", token, ...multipartFile("file", "install.req", `${license.key}\n${installationData}\n`) });
  expect(response.statusCode).toBe(200);
  const data = json<{ data: { licenseToken: string; installation: { id: string; fingerprint: string } } }>(response).data;
  expect(data.installation.fingerprint).toBe(fingerprintOf(installationData));
  return data;
}

const HOUR = 3_600_000;

describe("encrypted licence files (aes-256-gcm+ed25519)", () => {
  it("verify and decrypt as Keygen's verifiers do them, with the licence's entitlements, and refuse a wrong key, flipped bytes and an expired ttl", async () => {
    const { customer, feature, licenses: [license] } = await issueLicenses(t);
    const pem = await publicKeyPem();
    const url = `/api/v1/licenses/${license!.id}/file?encrypt=true&ttl=3600`;
    const response = await call(t.app, { method: "GET", url, token: customer.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename=".+\.lic"/);
    const file = response.body;
    const lines = file.split("\n");
    expect(lines[0]).toBe("-----BEGIN LICENSE FILE-----");
    expect(lines.at(-2)).toBe("-----END LICENSE FILE-----");
    for (const line of lines.slice(1, -2)) expect(line.length).toBeLessThanOrEqual(60);

    const dataset = keygenVerify("license", file, pem, license!.key);
    expect(dataset.data).toMatchObject({
      type: "licenses",
      id: license!.id,
      attributes: { key: license!.key, name: license!.planName, status: "INACTIVE", expiry: license!.expiresAt, created: license!.issuedAt, floating: false, maxMachines: license!.maxActivations },
    });
    const entitlements = dataset.included.filter((item) => item.type === "entitlements");
    const { code } = feature as typeof feature & { code: string };
    expect(code).toMatch(/^[A-Z0-9][A-Z0-9_.-]{1,63}$/);
    expect(entitlements).toEqual([{ type: "entitlements", id: feature.id, attributes: { code, name: feature.name } }]);
    expect(dataset.data.attributes["metadata"]).toMatchObject({ channels: ["stable"], type: "standard", status: "not_activated" });
    expect(dataset.meta.ttl).toBe(3600);
    expect(Date.parse(dataset.meta.expiry) - Date.parse(dataset.meta.issued)).toBe(3600 * 1000);
    expect(Math.abs(Date.parse(dataset.meta.issued) - Date.now())).toBeLessThan(60_000);

    expect(() => keygenVerify("license", file, pem, `${license!.key.slice(0, -1)}${license!.key.endsWith("A") ? "B" : "A"}`)).toThrow("decryption failed");
    expect(() => keygenVerify("license", file, pem, license!.key.replace(/-/g, ""))).toThrow("decryption failed");
    expect(() => keygenVerify("license", flip(file, "enc"), pem, license!.key)).toThrow("signature verification failed");
    expect(() => keygenVerify("license", flip(file, "enc", file.length), pem, license!.key)).toThrow("signature verification failed");
    expect(() => keygenVerify("license", flip(file, "sig"), pem, license!.key)).toThrow("signature verification failed");
    expect(() => keygenVerify("machine", file.replace(/LICENSE FILE/g, "MACHINE FILE"), pem, license!.key)).toThrow("signature verification failed");
    expect(() => keygenVerify("license", file, pem, license!.key, Date.now() + 2 * HOUR)).toThrow("file is expired");
    // Each download is freshly encrypted (random IV).
    const again = await call(t.app, { method: "GET", url, token: customer.token });
    expect(again.body).not.toBe(file);

    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "license.file_downloaded"), eq(auditEvents.targetId, license!.id)))
      .orderBy(desc(auditEvents.at))
      .limit(1);
    expect(audit).toMatchObject({ actorId: customer.user.id, details: { encrypted: true, ttl: 3600 } });
  });

  it("takes the licence's lifetime by default, keeps the plain file as it was, and refuses a bad ttl or encrypt (422 naming it)", async () => {
    const { admin, customer, licenses: [license] } = await issueLicenses(t);
    const pem = await publicKeyPem();
    const base = `/api/v1/licenses/${license!.id}/file`;
    const byDefault = await call(t.app, { method: "GET", url: `${base}?encrypt=true`, token: admin });
    expect(byDefault.statusCode).toBe(200);
    const { meta } = keygenVerify("license", byDefault.body, pem, license!.key);
    // The plan lasts 30 days and has no offlineTtlDays: the file lasts until the licence ends.
    expect(Math.abs(Date.parse(meta.expiry) - Date.parse(license!.expiresAt))).toBeLessThan(5_000);

    for (const plainUrl of [base, `${base}?encrypt=false`, `${base}?encrypt=false&ttl=7200`]) {
      const plain = await call(t.app, { method: "GET", url: plainUrl, token: customer.token });
      expect(plain.statusCode).toBe(200);
      const outer = JSON.parse(Buffer.from(plain.body.split("\n").slice(1, -2).join(""), "base64").toString()) as { alg: string; enc: string };
      expect(outer.alg).toBe("base64+ed25519");
      const payload = JSON.parse(Buffer.from(outer.enc, "base64").toString()) as { meta: { ttl: number }; license: { key: string } };
      expect(payload.license.key).toBe(license!.key);
      expect(payload.meta.ttl).toBe(plainUrl.includes("ttl") ? 7200 : 30 * 86_400);
    }

    for (const [query, field] of [
      ["encrypt=true&ttl=3599", "ttl"],
      ["encrypt=true&ttl=31536001", "ttl"],
      ["encrypt=true&ttl=3600.5", "ttl"],
      ["encrypt=true&ttl=abc", "ttl"],
      ["encrypt=yes", "encrypt"],
      ["encrypt=true&format=pem", "format"],
    ] as const) {
      const refused = await call(t.app, { method: "GET", url: `${base}?${query}`, token: customer.token });
      expect(refused.statusCode, query).toBe(422);
      expect(firstError(refused).loc.at(-1), query).toBe(field);
    }
    expect((await call(t.app, { method: "GET", url: `${base}?encrypt=true&ttl=31536000`, token: customer.token })).statusCode).toBe(200);

    const stranger = await createCustomer(t);
    expect((await call(t.app, { method: "GET", url: `${base}?encrypt=true`, token: stranger.token })).statusCode).toBe(404);
    await call(t.app, { method: "POST", url: `/api/v1/licenses/${license!.id}/deactivate`, token: admin });
    const deactivated = await call(t.app, { method: "GET", url: `${base}?encrypt=true`, token: customer.token });
    expect(deactivated.statusCode).toBe(409);
    expect(firstError(deactivated).loc).toEqual(["license/deactivated"]);
  });
});

describe("machine files", () => {
  it("per installation: verify with \"machine/\" and decrypt with SHA-256(key + fingerprint); a wrong fingerprint or key, flipped bytes and an expired ttl are refused", async () => {
    const { admin, customer, feature, licenses: [license] } = await issueLicenses(t);
    const pem = await publicKeyPem();
    const { installation } = await activate(customer.token, license!, "plant-9");
    const url = `/api/v1/licenses/${license!.id}/installations/${installation.id}/file?ttl=7200`;
    for (const token of [customer.token, admin]) {
      const response = await call(t.app, { method: "GET", url, token });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-disposition"]).toBe(`attachment; filename="machine-${installation.fingerprint.slice(0, 16)}.lic"`);
      const file = response.body;
      expect(file.startsWith("-----BEGIN MACHINE FILE-----\n")).toBe(true);
      expect(file.endsWith("-----END MACHINE FILE-----\n")).toBe(true);

      const dataset = keygenVerify("machine", file, pem, license!.key + installation.fingerprint);
      expect(dataset.data).toMatchObject({ type: "machines", id: installation.id, attributes: { fingerprint: installation.fingerprint, name: "hostname: plant-9, os: linux" } });
      expect(dataset.included[0]).toMatchObject({ type: "licenses", id: license!.id, attributes: { key: license!.key, status: "ACTIVE", maxMachines: license!.maxActivations } });
      expect(dataset.included.slice(1)).toEqual([{ type: "entitlements", id: feature.id, attributes: { code: (feature as typeof feature & { code: string }).code, name: feature.name } }]);
      expect(dataset.meta.ttl).toBe(7200);

      expect(() => keygenVerify("machine", file, pem, `${license!.key}${"0".repeat(64)}`)).toThrow("decryption failed");
      expect(() => keygenVerify("machine", file, pem, license!.key)).toThrow("decryption failed");
      expect(() => keygenVerify("machine", file, pem, `${installation.fingerprint}${license!.key}`)).toThrow("decryption failed");
      expect(() => keygenVerify("machine", flip(file, "enc"), pem, license!.key + installation.fingerprint)).toThrow("signature verification failed");
      expect(() => keygenVerify("machine", flip(file, "sig"), pem, license!.key + installation.fingerprint)).toThrow("signature verification failed");
      expect(() => keygenVerify("license", file.replace(/MACHINE FILE/g, "LICENSE FILE"), pem, license!.key + installation.fingerprint)).toThrow("signature verification failed");
      expect(() => keygenVerify("machine", file, pem, license!.key + installation.fingerprint, Date.now() + 3 * HOUR)).toThrow("file is expired");
    }

    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "license.file_downloaded"), eq(auditEvents.targetId, license!.id)))
      .orderBy(desc(auditEvents.at))
      .limit(1);
    expect(audit).toMatchObject({ details: { kind: "machine", installationId: installation.id, fingerprint: installation.fingerprint, ttl: 7200 } });
  });

  it("is the owner's or an admin's: another customer, an unknown or released installation get 404; a bad ttl 422", async () => {
    const { customer, licenses: [license, other] } = await issueLicenses(t, { quantity: 2 });
    const { installation } = await activate(customer.token, license!, "plant-10");
    const base = `/api/v1/licenses/${license!.id}/installations/${installation.id}/file`;
    const stranger = await createCustomer(t);
    expect((await call(t.app, { method: "GET", url: base, token: stranger.token })).statusCode).toBe(404);
    expect((await call(t.app, { method: "GET", url: `/api/v1/licenses/${other!.id}/installations/${installation.id}/file`, token: customer.token })).statusCode).toBe(404);
    expect((await call(t.app, { method: "GET", url: `/api/v1/licenses/${license!.id}/installations/00000000-0000-4000-8000-000000000000/file`, token: customer.token })).statusCode).toBe(404);
    const badTtl = await call(t.app, { method: "GET", url: `${base}?ttl=60`, token: customer.token });
    expect(badTtl.statusCode).toBe(422);
    expect(firstError(badTtl).loc.at(-1)).toBe("ttl");
    expect((await call(t.app, { method: "GET", url: `${base}?encrypt=true`, token: customer.token })).statusCode).toBe(422);

    const byDefault = await call(t.app, { method: "GET", url: base, token: customer.token });
    const { meta } = keygenVerify("machine", byDefault.body, await publicKeyPem(), license!.key + installation.fingerprint);
    expect(Math.abs(Date.parse(meta.expiry) - Date.parse(license!.expiresAt))).toBeLessThan(5_000);

    const released = await call(t.app, { method: "POST", url: `/api/v1/licenses/${license!.id}/installations/${installation.id}/release`, token: customer.token });
    expect(released.statusCode).toBe(200);
    expect((await call(t.app, { method: "GET", url: base, token: customer.token })).statusCode).toBe(404);
  });

  it("after a .req upload: GET /req/machine-file with X-License-Token gives the machine file of that installation", async () => {
    const { customer, licenses: [license] } = await issueLicenses(t);
    const { licenseToken, installation } = await activate(customer.token, license!, "plant-11");
    const response = await t.app.inject({ method: "GET", url: "/api/v1/req/machine-file?ttl=3600", headers: { "x-license-token": licenseToken } });
    expect(response.statusCode).toBe(200);
    const dataset = keygenVerify("machine", response.body, await publicKeyPem(), license!.key + installation.fingerprint);
    expect(dataset.data).toMatchObject({ type: "machines", id: installation.id, attributes: { fingerprint: installation.fingerprint } });
    expect(dataset.meta.ttl).toBe(3600);

    expect((await t.app.inject({ method: "GET", url: "/api/v1/req/machine-file" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/req/machine-file", headers: { "x-license-token": "nope" } })).statusCode).toBe(401);
    expect((await call(t.app, { method: "GET", url: "/api/v1/req/machine-file", token: customer.token })).statusCode).toBe(401);
    const badTtl = await t.app.inject({ method: "GET", url: "/api/v1/req/machine-file?ttl=99999999999", headers: { "x-license-token": licenseToken } });
    expect(badTtl.statusCode).toBe(422);
    expect(firstError(badTtl).loc.at(-1)).toBe("ttl");
  });
});

describe("the shipped verifier on the server's encrypted files", () => {
  it("accepts them and tells a wrong key, a wrong machine, tampering and expiry apart", async () => {
    const { verifyEncryptedLicenseFile, verifyMachineFile } = await import("@portal/license-verifier");
    const { customer, licenses: [license] } = await issueLicenses(t);
    const pem = await publicKeyPem();
    const { installation } = await activate(customer.token, license!, "plant-12");
    const licenseFile = (await call(t.app, { method: "GET", url: `/api/v1/licenses/${license!.id}/file?encrypt=true&ttl=3600`, token: customer.token })).body;
    const machine = (await call(t.app, { method: "GET", url: `/api/v1/licenses/${license!.id}/installations/${installation.id}/file?ttl=3600`, token: customer.token })).body;
    const options = { licenseKey: license!.key, fingerprint: installation.fingerprint };
    expect(verifyEncryptedLicenseFile(licenseFile, pem, options)).toMatchObject({ ok: true, license: { key: license!.key, status: "ACTIVE" } });
    expect(verifyMachineFile(machine, pem, options)).toMatchObject({ ok: true, machine: { fingerprint: installation.fingerprint }, license: { key: license!.key } });
    expect(verifyEncryptedLicenseFile(licenseFile, pem, { licenseKey: "AAAAA-AAAAA" })).toMatchObject({ ok: false, reason: "WRONG_KEY" });
    expect(verifyMachineFile(machine, pem, { ...options, fingerprint: "f".repeat(64) })).toMatchObject({ ok: false, reason: "WRONG_KEY_OR_FINGERPRINT" });
    expect(verifyEncryptedLicenseFile(flip(licenseFile, "enc"), pem, options)).toMatchObject({ ok: false, reason: "BAD_SIGNATURE" });
    expect(verifyMachineFile(flip(machine, "sig"), pem, options)).toMatchObject({ ok: false, reason: "BAD_SIGNATURE" });
    expect(verifyMachineFile(machine, pem, { ...options, now: new Date(Date.now() + 2 * HOUR) })).toMatchObject({ ok: false, reason: "FILE_EXPIRED" });
  });
});
