import { createPublicKey } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyEncryptedLicenseFile, verifyMachineFile } from "./index.js";
import { verifyEncryptedLicenseFileWebCrypto, verifyMachineFileWebCrypto } from "./webcrypto.js";
import { makeDataset, makeEncryptedFile, makeKeys, makeLicenseFile, makePayload } from "./test/forge.js";
import {
  KEYGEN_JS_LICENSE_FILE,
  KEYGEN_JS_LICENSE_KEY,
  KEYGEN_NODE_LICENSE_FILE,
  KEYGEN_NODE_LICENSE_KEY,
  KEYGEN_PUBLIC_KEY_DER_BASE64,
  KEYGEN_PUBLIC_KEY_HEX,
} from "./test/keygen-vectors.js";
import type { KeygenFileResult, VerifyKeygenFileOptions } from "./types.js";

type Verify = (text: string, publicKey: string, options: VerifyKeygenFileOptions) => KeygenFileResult | Promise<KeygenFileResult>;

const implementations: [string, Verify, Verify][] = [
  ["node:crypto", verifyEncryptedLicenseFile, verifyMachineFile],
  ["WebCrypto", verifyEncryptedLicenseFileWebCrypto, verifyMachineFileWebCrypto],
];

const KEY = "7K3QX-9MZ4T-1B8RW-P2D6H-VC5NE-FJ0GA";
const FINGERPRINT = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
const HOUR = 3_600_000;

/** Flips one base64 character of `enc` (or `sig`) inside the armoured file, re-armouring it. */
function tamper(file: string, field: "enc" | "sig"): string {
  const lines = file.trim().split("\n");
  const envelope = JSON.parse(Buffer.from(lines.slice(1, -1).join(""), "base64").toString("utf8")) as Record<string, string>;
  const value = envelope[field]!;
  const at = 5;
  envelope[field] = value.slice(0, at) + (value[at] === "A" ? "B" : "A") + value.slice(at + 1);
  const body = Buffer.from(JSON.stringify(envelope)).toString("base64");
  return [lines[0], ...(body.match(/.{1,60}/g) ?? []), lines.at(-1), ""].join("\n");
}

describe.each(implementations)("encrypted licence and machine files (%s)", (_name, verifyLicense, verifyMachine) => {
  describe("Keygen's published test vectors", () => {
    it("verifies and decrypts example-js's licence file with the key given as hex, as base64 DER and as PEM", async () => {
      const pem = createPublicKey({ key: Buffer.from(KEYGEN_PUBLIC_KEY_DER_BASE64, "base64"), format: "der", type: "spki" }).export({ type: "spki", format: "pem" }).toString();
      for (const publicKey of [KEYGEN_PUBLIC_KEY_HEX, KEYGEN_PUBLIC_KEY_HEX.toUpperCase(), KEYGEN_PUBLIC_KEY_DER_BASE64, pem]) {
        const result = await verifyLicense(KEYGEN_JS_LICENSE_FILE, publicKey, { licenseKey: KEYGEN_JS_LICENSE_KEY });
        expect(result).toMatchObject({ ok: true, kind: "license", meta: { issued: "2025-01-08T19:01:52.378Z", expiry: null, ttl: null }, entitlements: ["OFFLINE_SUPPORT"] });
        if (result.ok) expect(result.license).toMatchObject({ key: KEYGEN_JS_LICENSE_KEY, name: "JS Example", status: "ACTIVE" });
      }
    });

    it("verifies example-node's licence file within its lifetime and calls it expired after", async () => {
      const options = { licenseKey: KEYGEN_NODE_LICENSE_KEY };
      expect(await verifyLicense(KEYGEN_NODE_LICENSE_FILE, KEYGEN_PUBLIC_KEY_HEX, { ...options, now: new Date("2024-06-01T00:00:00Z") })).toMatchObject({
        ok: true,
        meta: { ttl: 31_536_000, expiry: "2025-04-09T19:37:39.517Z" },
        license: { key: KEYGEN_NODE_LICENSE_KEY, name: "Node Example", maxMachines: 3 },
        entitlements: ["OFFLINE_SUPPORT"],
      });
      expect(await verifyLicense(KEYGEN_NODE_LICENSE_FILE, KEYGEN_PUBLIC_KEY_HEX, options)).toMatchObject({ ok: false, reason: "FILE_EXPIRED" });
      expect(await verifyLicense(KEYGEN_NODE_LICENSE_FILE, KEYGEN_PUBLIC_KEY_HEX, { ...options, now: new Date("2024-04-10T14:52:00Z") })).toMatchObject({ ok: false, reason: "CLOCK_UNSYNCED" });
      expect(await verifyLicense(KEYGEN_NODE_LICENSE_FILE, KEYGEN_PUBLIC_KEY_HEX, { ...options, now: new Date("2024-04-10T14:55:00Z") })).toMatchObject({ ok: true });
    });

    it("tells a wrong licence key, a tampered file and another public key apart", async () => {
      const now = new Date("2024-06-01T00:00:00Z");
      expect(await verifyLicense(KEYGEN_NODE_LICENSE_FILE, KEYGEN_PUBLIC_KEY_HEX, { licenseKey: KEYGEN_JS_LICENSE_KEY, now })).toMatchObject({ ok: false, reason: "WRONG_KEY" });
      expect(await verifyLicense(tamper(KEYGEN_NODE_LICENSE_FILE, "enc"), KEYGEN_PUBLIC_KEY_HEX, { licenseKey: KEYGEN_NODE_LICENSE_KEY, now })).toMatchObject({ ok: false, reason: "BAD_SIGNATURE" });
      expect(await verifyLicense(tamper(KEYGEN_NODE_LICENSE_FILE, "sig"), KEYGEN_PUBLIC_KEY_HEX, { licenseKey: KEYGEN_NODE_LICENSE_KEY, now })).toMatchObject({ ok: false, reason: "BAD_SIGNATURE" });
      expect(await verifyLicense(KEYGEN_NODE_LICENSE_FILE, makeKeys().publicKeyPem, { licenseKey: KEYGEN_NODE_LICENSE_KEY, now })).toMatchObject({ ok: false, reason: "BAD_SIGNATURE" });
      expect(await verifyMachine(KEYGEN_NODE_LICENSE_FILE, KEYGEN_PUBLIC_KEY_HEX, { licenseKey: KEYGEN_NODE_LICENSE_KEY, fingerprint: "x", now })).toMatchObject({ ok: false, reason: "MALFORMED" });
    });
  });

  describe("the portal's files", () => {
    const keys = makeKeys();

    it("a licence file: good, wrong key, tampered enc and sig, expired, issued in the future", async () => {
      const file = makeEncryptedFile("license", makeDataset("license", new Date(Date.now() - HOUR), 7200, KEY), KEY, keys.privateKey);
      expect(await verifyLicense(file, keys.publicKeyPem, { licenseKey: KEY })).toMatchObject({ ok: true, license: { key: KEY }, machine: null, entitlements: ["REPORTS"] });
      expect(await verifyLicense(file, keys.publicKeyPem, { licenseKey: `${KEY}X` })).toMatchObject({ ok: false, reason: "WRONG_KEY" });
      expect(await verifyLicense(tamper(file, "enc"), keys.publicKeyPem, { licenseKey: KEY })).toMatchObject({ ok: false, reason: "BAD_SIGNATURE" });
      expect(await verifyLicense(tamper(file, "sig"), keys.publicKeyPem, { licenseKey: KEY })).toMatchObject({ ok: false, reason: "BAD_SIGNATURE" });
      expect(await verifyLicense(file, keys.publicKeyPem, { licenseKey: KEY, now: new Date(Date.now() + 2 * HOUR) })).toMatchObject({ ok: false, reason: "FILE_EXPIRED", dataset: { meta: { ttl: 7200 } } });
      const ahead = makeEncryptedFile("license", makeDataset("license", new Date(Date.now() + 10 * 60_000), 7200, KEY), KEY, keys.privateKey);
      expect(await verifyLicense(ahead, keys.publicKeyPem, { licenseKey: KEY })).toMatchObject({ ok: false, reason: "CLOCK_UNSYNCED" });
      expect(await verifyLicense(ahead, keys.publicKeyPem, { licenseKey: KEY, maxClockDriftSeconds: 900 })).toMatchObject({ ok: true });
    });

    it("a machine file: good, wrong fingerprint, wrong key, tampered, expired, and a licence file is not a machine file", async () => {
      const dataset = makeDataset("machine", new Date(Date.now() - HOUR), 7200, KEY, FINGERPRINT);
      const file = makeEncryptedFile("machine", dataset, KEY + FINGERPRINT, keys.privateKey);
      const options = { licenseKey: KEY, fingerprint: FINGERPRINT };
      expect(await verifyMachine(file, keys.publicKeyPem, options)).toMatchObject({
        ok: true,
        kind: "machine",
        machine: { fingerprint: FINGERPRINT, name: "build-01" },
        license: { key: KEY },
        entitlements: ["REPORTS"],
      });
      expect(await verifyMachine(file, keys.publicKeyPem, { ...options, fingerprint: "0".repeat(64) })).toMatchObject({ ok: false, reason: "WRONG_KEY_OR_FINGERPRINT" });
      expect(await verifyMachine(file, keys.publicKeyPem, { ...options, licenseKey: "AAAAA-BBBBB" })).toMatchObject({ ok: false, reason: "WRONG_KEY_OR_FINGERPRINT" });
      // The key and the fingerprint are hashed together: the same bytes split elsewhere decrypt, and are refused by what the file names.
      expect(await verifyMachine(file, keys.publicKeyPem, { licenseKey: KEY + FINGERPRINT.slice(0, 2), fingerprint: FINGERPRINT.slice(2) })).toMatchObject({ ok: false, reason: "WRONG_FINGERPRINT" });
      expect(await verifyMachine(tamper(file, "enc"), keys.publicKeyPem, options)).toMatchObject({ ok: false, reason: "BAD_SIGNATURE" });
      expect(await verifyMachine(tamper(file, "sig"), keys.publicKeyPem, options)).toMatchObject({ ok: false, reason: "BAD_SIGNATURE" });
      expect(await verifyMachine(file, keys.publicKeyPem, { ...options, now: new Date(Date.now() + 2 * HOUR) })).toMatchObject({ ok: false, reason: "FILE_EXPIRED" });
      // Signed with the other prefix: a licence file's signature does not make a machine file.
      const relabelled = makeEncryptedFile("license", dataset, KEY + FINGERPRINT, keys.privateKey).replace(/LICENSE FILE/g, "MACHINE FILE");
      expect(await verifyMachine(relabelled, keys.publicKeyPem, options)).toMatchObject({ ok: false, reason: "BAD_SIGNATURE" });
    });

    it("refuses a plain licence file, garbage and an unusable key with their reasons", async () => {
      const plain = makeLicenseFile(makePayload(new Date()), keys.privateKey);
      expect(await verifyLicense(plain, keys.publicKeyPem, { licenseKey: KEY })).toMatchObject({ ok: false, reason: "UNSUPPORTED_ALGORITHM" });
      expect(await verifyLicense("hello", keys.publicKeyPem, { licenseKey: KEY })).toMatchObject({ ok: false, reason: "MALFORMED" });
      const file = makeEncryptedFile("license", makeDataset("license", new Date(), 7200, KEY), KEY, keys.privateKey);
      expect(await verifyLicense(file, "nope", { licenseKey: KEY })).toMatchObject({ ok: false, reason: "BAD_SIGNATURE" });
      expect(await verifyLicense(file, "-----BEGIN PRIVATE KEY-----", { licenseKey: KEY })).toMatchObject({ ok: false, reason: "BAD_SIGNATURE", message: expect.stringMatching(/private key/) });
      await expect(async () => verifyLicense(file, keys.publicKeyPem, { licenseKey: "" })).rejects.toThrow(TypeError);
      await expect(async () => verifyMachine(file, keys.publicKeyPem, { licenseKey: KEY })).rejects.toThrow(TypeError);
    });
  });
});
