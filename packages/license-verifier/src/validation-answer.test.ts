import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyValidationAnswer, verifyValidationAnswerWebCrypto } from "./index.js";
import type { ValidationAnswerResult, VerifyValidationAnswerOptions } from "./types.js";
import { makeAnswer, makeKeys, makeValidationData } from "./test/forge.js";

const keys = makeKeys();
const otherKeys = makeKeys();
const ANSWERED = new Date("2026-03-02T12:00:00.000Z");
const NOW = new Date("2026-03-02T12:01:00.000Z");

const data = makeValidationData(ANSWERED);
const answer = makeAnswer(data, keys.privateKey);
/** The exact body the server sends: JSON.stringify of the whole envelope. */
const body = JSON.stringify(answer);

function reasonOf(result: ValidationAnswerResult) {
  return result.ok ? "OK" : result.reason;
}

type Verify = (answer: string | object, publicKeyPem: string, options?: VerifyValidationAnswerOptions) => Promise<ValidationAnswerResult>;

/** Both implementations must accept and refuse exactly the same answers, for the same reasons. */
const implementations: [string, Verify][] = [
  ["verifyValidationAnswer (node:crypto)", async (answer, publicKeyPem, options) => verifyValidationAnswer(answer, publicKeyPem, options)],
  ["verifyValidationAnswerWebCrypto", verifyValidationAnswerWebCrypto],
];

describe.each(implementations)("%s", (_name, verify) => {
  describe("authenticity", () => {
    it("accepts a valid answer given as an object", async () => {
      expect(await verify(answer, keys.publicKeyPem, { now: NOW })).toEqual({ ok: true, data });
    });

    it("accepts a valid answer given as the raw body text", async () => {
      expect(await verify(body, keys.publicKeyPem, { now: NOW })).toEqual({ ok: true, data });
    });

    it("accepts the raw body as bytes", async () => {
      expect(reasonOf(await verify(Buffer.from(body, "utf8"), keys.publicKeyPem))).toBe("OK");
    });

    it("re-serialises data, so a pretty-printed copy of the body still verifies", async () => {
      expect(reasonOf(await verify(JSON.stringify(answer, null, 2), keys.publicKeyPem))).toBe("OK");
    });

    it("reports an authentic negative answer as ok with data.valid false", async () => {
      const negative = makeValidationData(ANSWERED, { valid: false, code: "EXPIRED" });
      const result = await verify(makeAnswer(negative, keys.privateKey), keys.publicKeyPem, { now: NOW });
      expect(result).toEqual({ ok: true, data: negative });
    });

    it("accepts a minimal NOT_FOUND answer without licence, fingerprint or nonce", async () => {
      const minimal = { valid: false, code: "NOT_FOUND", timestamp: ANSWERED.toISOString() };
      const result = await verify(makeAnswer(minimal, keys.privateKey), keys.publicKeyPem, { now: NOW });
      expect(result).toEqual({ ok: true, data: minimal });
    });

    it("rejects tampered data (valid flipped to true)", async () => {
      const negative = makeAnswer(makeValidationData(ANSWERED, { valid: false, code: "EXPIRED" }), keys.privateKey);
      const forged = { ...negative, data: { ...negative.data, valid: true, code: "VALID" } };
      expect(reasonOf(await verify(forged, keys.publicKeyPem, { now: NOW }))).toBe("BAD_SIGNATURE");
      expect(reasonOf(await verify(JSON.stringify(forged), keys.publicKeyPem, { now: NOW }))).toBe("BAD_SIGNATURE");
    });

    it("rejects tampered data (features widened in the raw text)", async () => {
      const forged = body.replace('"features":["reports","sso","api"]', '"features":["reports","sso","api","everything"]');
      expect(forged).not.toBe(body);
      expect(reasonOf(await verify(forged, keys.publicKeyPem, { now: NOW }))).toBe("BAD_SIGNATURE");
    });

    it("rejects an answer signed with another key", async () => {
      const foreign = makeAnswer(data, otherKeys.privateKey);
      expect(reasonOf(await verify(foreign, keys.publicKeyPem, { now: NOW }))).toBe("BAD_SIGNATURE");
    });

    it("rejects a signature of the wrong length", async () => {
      const short = { ...answer, signature: Buffer.from(answer.signature, "base64").subarray(0, 32).toString("base64") };
      expect(reasonOf(await verify(short, keys.publicKeyPem, { now: NOW }))).toBe("BAD_SIGNATURE");
    });

    it("never throws on an unusable public key", async () => {
      for (const pem of ["", "garbage", "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----"]) {
        const result = await verify(answer, pem, { now: NOW });
        expect(reasonOf(result)).toBe("BAD_SIGNATURE");
        if (!result.ok) expect(result.message).toMatch(/public key/i);
      }
    });
  });

  describe("nonce and freshness", () => {
    it("accepts a matching nonce", async () => {
      expect(reasonOf(await verify(answer, keys.publicKeyPem, { now: NOW, nonce: "c0ffee-42" }))).toBe("OK");
    });

    it("rejects a different nonce (replayed answer)", async () => {
      const result = await verify(answer, keys.publicKeyPem, { now: NOW, nonce: "fresh-nonce" });
      expect(reasonOf(result)).toBe("NONCE_MISMATCH");
      if (!result.ok) expect(result.message).toMatch(/replayed/);
    });

    it("rejects an answer without a nonce when one was sent", async () => {
      const { nonce: _nonce, ...withoutNonce } = data;
      const result = await verify(makeAnswer(withoutNonce, keys.privateKey), keys.publicKeyPem, { now: NOW, nonce: "n" });
      expect(reasonOf(result)).toBe("NONCE_MISMATCH");
    });

    it("checks the signature before the nonce", async () => {
      const forged = { ...answer, data: { ...answer.data, nonce: "fresh-nonce" } };
      expect(reasonOf(await verify(forged, keys.publicKeyPem, { now: NOW, nonce: "fresh-nonce" }))).toBe("BAD_SIGNATURE");
    });

    it("accepts an answer within maxAgeSeconds and rejects a stale one", async () => {
      expect(reasonOf(await verify(answer, keys.publicKeyPem, { now: NOW, maxAgeSeconds: 60 }))).toBe("OK");
      const later = new Date(ANSWERED.getTime() + 61_000);
      const result = await verify(answer, keys.publicKeyPem, { now: later, maxAgeSeconds: 60 });
      expect(reasonOf(result)).toBe("STALE");
      if (!result.ok) expect(result.message).toContain(ANSWERED.toISOString());
    });

    it("rejects an answer dated too far in the future as STALE", async () => {
      const earlier = new Date(ANSWERED.getTime() - 10 * 60_000);
      expect(reasonOf(await verify(answer, keys.publicKeyPem, { now: earlier, maxAgeSeconds: 300 }))).toBe("STALE");
    });

    it("ignores the age when maxAgeSeconds is not given", async () => {
      expect(reasonOf(await verify(answer, keys.publicKeyPem, { now: new Date("2030-01-01T00:00:00Z") }))).toBe("OK");
    });

    it("throws a RangeError for an invalid maxAgeSeconds or now", async () => {
      await expect(verify(answer, keys.publicKeyPem, { maxAgeSeconds: Number.NaN })).rejects.toThrow(RangeError);
      await expect(verify(answer, keys.publicKeyPem, { maxAgeSeconds: -1 })).rejects.toThrow(RangeError);
      await expect(verify(answer, keys.publicKeyPem, { now: new Date(Number.NaN) })).rejects.toThrow(RangeError);
    });
  });

  describe("malformed answers", () => {
    it.each([
      ["not JSON", "{oops"],
      ["a JSON array", "[]"],
      ["a JSON string", '"hello"'],
      ["null text", "null"],
      ["the portal's error envelope", JSON.stringify({ detail: [{ loc: ["body", "key"], msg: "Key field is required", type: "error" }] })],
      ["a status other than success", JSON.stringify({ ...answer, status: "error" })],
      ["no data", JSON.stringify({ status: "success", signature: answer.signature })],
      ["no signature", JSON.stringify({ status: "success", data })],
      ["a non-base64 signature", JSON.stringify({ ...answer, signature: "not base64!" })],
    ])("rejects %s", async (_label, text) => {
      const result = await verify(text, keys.publicKeyPem, { now: NOW });
      expect(reasonOf(result)).toBe("MALFORMED");
    });

    it("names the server's error message", async () => {
      const text = JSON.stringify({ detail: [{ loc: ["body", "key"], msg: "Key field is required", type: "error" }] });
      const result = await verify(text, keys.publicKeyPem);
      if (!result.ok) expect(result.message).toContain("Key field is required");
    });

    it("rejects signed data that is not the documented shape", async () => {
      const cases: unknown[] = [
        { ...data, code: "MAYBE" },
        { ...data, valid: "yes" },
        { ...data, timestamp: "yesterday" },
        { ...data, license: { ...data.license, features: "all" } },
      ];
      for (const value of cases) {
        expect(reasonOf(await verify(makeAnswer(value, keys.privateKey), keys.publicKeyPem, { now: NOW }))).toBe("MALFORMED");
      }
    });

    it("does not throw on unserialisable data", async () => {
      const weird = { status: "success", data: { n: 10n }, signature: answer.signature };
      expect(reasonOf(await verify(weird, keys.publicKeyPem))).toBe("MALFORMED");
    });
  });

  describe("licensing models: leases, expiry and the licence's policy", () => {
    const floating = makeValidationData(ANSWERED, {
      leaseExpiresAt: new Date(ANSWERED.getTime() + 600_000).toISOString(),
      expired: false,
      license: { ...data.license!, type: "trial", floating: true, heartbeatSeconds: 600, expirationStrategy: "perpetual_fallback", offlineTtlDays: 30 },
    });

    it("accepts a floating seat's answer with its lease end and the licence's policy", async () => {
      expect(await verify(makeAnswer(floating, keys.privateKey), keys.publicKeyPem, { now: NOW })).toEqual({ ok: true, data: floating });
    });

    it("accepts a node-locked answer (no lease, nulls in the policy) and the new codes", async () => {
      const nodeLocked = makeValidationData(ANSWERED, {
        leaseExpiresAt: null,
        expired: true,
        license: { ...data.license!, type: "standard", floating: false, heartbeatSeconds: null, expirationStrategy: "revoke", offlineTtlDays: null },
      });
      expect(reasonOf(await verify(makeAnswer(nodeLocked, keys.privateKey), keys.publicKeyPem, { now: NOW }))).toBe("OK");
      for (const code of ["LEASE_EXPIRED", "TRIAL_ALREADY_USED"] as const) {
        const refused = makeValidationData(ANSWERED, { valid: false, code, leaseExpiresAt: null, expired: false });
        expect(await verify(makeAnswer(refused, keys.privateKey), keys.publicKeyPem, { now: NOW })).toEqual({ ok: true, data: refused });
      }
    });

    it("accepts an answer from a server older than these fields (all absent)", async () => {
      expect(reasonOf(await verify(answer, keys.publicKeyPem, { now: NOW }))).toBe("OK");
      expect(data).not.toHaveProperty("leaseExpiresAt");
      expect(data).not.toHaveProperty("expired");
    });

    it.each<[string, Record<string, unknown>]>([
      ["leaseExpiresAt not a date", { leaseExpiresAt: "soon" }],
      ["leaseExpiresAt a number", { leaseExpiresAt: 1_700_000_000 }],
      ["leaseExpiresAt without a zone", { leaseExpiresAt: "2026-03-02T12:10:00" }],
      ["expired a string", { expired: "false" }],
      ["expired null", { expired: null }],
    ])("refuses signed data with %s as MALFORMED", async (_label, override) => {
      const result = await verify(makeAnswer({ ...floating, ...override }, keys.privateKey), keys.publicKeyPem, { now: NOW });
      expect(reasonOf(result)).toBe("MALFORMED");
    });

    it.each<[string, Record<string, unknown>]>([
      ["an unknown licence type", { type: "gold" }],
      ["floating not a boolean", { floating: "yes" }],
      ["heartbeatSeconds as text", { heartbeatSeconds: "600" }],
      ["an unknown expiration strategy", { expirationStrategy: "never" }],
      ["offlineTtlDays as text", { offlineTtlDays: "30" }],
    ])("refuses a licence with %s as MALFORMED", async (_label, override) => {
      const result = await verify(makeAnswer({ ...floating, license: { ...floating.license, ...override } }, keys.privateKey), keys.publicKeyPem, { now: NOW });
      expect(reasonOf(result)).toBe("MALFORMED");
      if (!result.ok) expect(result.message).toContain(`data.license.${Object.keys(override)[0]}`);
    });
  });

  describe("public keys", () => {
    it("refuses a private key and a key of another type, naming why", async () => {
      const { privateKey } = generateKeyPairSync("ed25519");
      const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 }).publicKey.export({ type: "spki", format: "pem" }).toString();
      const x25519 = generateKeyPairSync("x25519").publicKey.export({ type: "spki", format: "pem" }).toString();
      const privatePem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
      const refusal = await verify(answer, privatePem, { now: NOW });
      expect(reasonOf(refusal)).toBe("BAD_SIGNATURE");
      if (!refusal.ok) expect(refusal.message).toMatch(/private key/);
      for (const pem of [rsa, x25519]) {
        const result = await verify(answer, pem, { now: NOW });
        expect(reasonOf(result)).toBe("BAD_SIGNATURE");
        if (!result.ok) expect(result.message).toMatch(/public key/i);
      }
    });

    it("accepts the PEM with CRLF line ends", async () => {
      expect(reasonOf(await verify(answer, keys.publicKeyPem.replace(/\n/g, "\r\n"), { now: NOW }))).toBe("OK");
    });
  });
});
