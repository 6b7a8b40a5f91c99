import { describe, expect, it } from "vitest";
import { verifyValidationAnswer } from "./index.js";
import { makeAnswer, makeKeys, makeValidationData } from "./test/forge.js";

const keys = makeKeys();
const otherKeys = makeKeys();
const ANSWERED = new Date("2026-03-02T12:00:00.000Z");
const NOW = new Date("2026-03-02T12:01:00.000Z");

const data = makeValidationData(ANSWERED);
const answer = makeAnswer(data, keys.privateKey);
/** The exact body the server sends: JSON.stringify of the whole envelope. */
const body = JSON.stringify(answer);

function reasonOf(result: ReturnType<typeof verifyValidationAnswer>) {
  return result.ok ? "OK" : result.reason;
}

describe("verifyValidationAnswer: authenticity", () => {
  it("accepts a valid answer given as an object", () => {
    expect(verifyValidationAnswer(answer, keys.publicKeyPem, { now: NOW })).toEqual({ ok: true, data });
  });

  it("accepts a valid answer given as the raw body text", () => {
    expect(verifyValidationAnswer(body, keys.publicKeyPem, { now: NOW })).toEqual({ ok: true, data });
  });

  it("accepts the raw body as bytes", () => {
    expect(reasonOf(verifyValidationAnswer(Buffer.from(body, "utf8"), keys.publicKeyPem))).toBe("OK");
  });

  it("re-serialises data, so a pretty-printed copy of the body still verifies", () => {
    expect(reasonOf(verifyValidationAnswer(JSON.stringify(answer, null, 2), keys.publicKeyPem))).toBe("OK");
  });

  it("reports an authentic negative answer as ok with data.valid false", () => {
    const negative = makeValidationData(ANSWERED, { valid: false, code: "EXPIRED" });
    const result = verifyValidationAnswer(makeAnswer(negative, keys.privateKey), keys.publicKeyPem, { now: NOW });
    expect(result).toEqual({ ok: true, data: negative });
  });

  it("accepts a minimal NOT_FOUND answer without licence, fingerprint or nonce", () => {
    const minimal = { valid: false, code: "NOT_FOUND", timestamp: ANSWERED.toISOString() };
    const result = verifyValidationAnswer(makeAnswer(minimal, keys.privateKey), keys.publicKeyPem, { now: NOW });
    expect(result).toEqual({ ok: true, data: minimal });
  });

  it("rejects tampered data (valid flipped to true)", () => {
    const negative = makeAnswer(makeValidationData(ANSWERED, { valid: false, code: "EXPIRED" }), keys.privateKey);
    const forged = { ...negative, data: { ...negative.data, valid: true, code: "VALID" } };
    expect(reasonOf(verifyValidationAnswer(forged, keys.publicKeyPem, { now: NOW }))).toBe("BAD_SIGNATURE");
    expect(reasonOf(verifyValidationAnswer(JSON.stringify(forged), keys.publicKeyPem, { now: NOW }))).toBe("BAD_SIGNATURE");
  });

  it("rejects tampered data (features widened in the raw text)", () => {
    const forged = body.replace('"features":["reports","sso","api"]', '"features":["reports","sso","api","everything"]');
    expect(forged).not.toBe(body);
    expect(reasonOf(verifyValidationAnswer(forged, keys.publicKeyPem, { now: NOW }))).toBe("BAD_SIGNATURE");
  });

  it("rejects an answer signed with another key", () => {
    const foreign = makeAnswer(data, otherKeys.privateKey);
    expect(reasonOf(verifyValidationAnswer(foreign, keys.publicKeyPem, { now: NOW }))).toBe("BAD_SIGNATURE");
  });

  it("rejects a signature of the wrong length", () => {
    const short = { ...answer, signature: Buffer.from(answer.signature, "base64").subarray(0, 32).toString("base64") };
    expect(reasonOf(verifyValidationAnswer(short, keys.publicKeyPem, { now: NOW }))).toBe("BAD_SIGNATURE");
  });

  it("never throws on an unusable public key", () => {
    for (const pem of ["", "garbage", "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----"]) {
      const result = verifyValidationAnswer(answer, pem, { now: NOW });
      expect(reasonOf(result)).toBe("BAD_SIGNATURE");
      if (!result.ok) expect(result.message).toMatch(/public key/i);
    }
  });
});

describe("verifyValidationAnswer: nonce and freshness", () => {
  it("accepts a matching nonce", () => {
    expect(reasonOf(verifyValidationAnswer(answer, keys.publicKeyPem, { now: NOW, nonce: "c0ffee-42" }))).toBe("OK");
  });

  it("rejects a different nonce (replayed answer)", () => {
    const result = verifyValidationAnswer(answer, keys.publicKeyPem, { now: NOW, nonce: "fresh-nonce" });
    expect(reasonOf(result)).toBe("NONCE_MISMATCH");
    if (!result.ok) expect(result.message).toMatch(/replayed/);
  });

  it("rejects an answer without a nonce when one was sent", () => {
    const { nonce: _nonce, ...withoutNonce } = data;
    const result = verifyValidationAnswer(makeAnswer(withoutNonce, keys.privateKey), keys.publicKeyPem, { now: NOW, nonce: "n" });
    expect(reasonOf(result)).toBe("NONCE_MISMATCH");
  });

  it("checks the signature before the nonce", () => {
    const forged = { ...answer, data: { ...answer.data, nonce: "fresh-nonce" } };
    expect(reasonOf(verifyValidationAnswer(forged, keys.publicKeyPem, { now: NOW, nonce: "fresh-nonce" }))).toBe("BAD_SIGNATURE");
  });

  it("accepts an answer within maxAgeSeconds and rejects a stale one", () => {
    expect(reasonOf(verifyValidationAnswer(answer, keys.publicKeyPem, { now: NOW, maxAgeSeconds: 60 }))).toBe("OK");
    const later = new Date(ANSWERED.getTime() + 61_000);
    const result = verifyValidationAnswer(answer, keys.publicKeyPem, { now: later, maxAgeSeconds: 60 });
    expect(reasonOf(result)).toBe("STALE");
    if (!result.ok) expect(result.message).toContain(ANSWERED.toISOString());
  });

  it("rejects an answer dated too far in the future as STALE", () => {
    const earlier = new Date(ANSWERED.getTime() - 10 * 60_000);
    expect(reasonOf(verifyValidationAnswer(answer, keys.publicKeyPem, { now: earlier, maxAgeSeconds: 300 }))).toBe("STALE");
  });

  it("ignores the age when maxAgeSeconds is not given", () => {
    expect(reasonOf(verifyValidationAnswer(answer, keys.publicKeyPem, { now: new Date("2030-01-01T00:00:00Z") }))).toBe("OK");
  });

  it("throws a RangeError for an invalid maxAgeSeconds or now", () => {
    expect(() => verifyValidationAnswer(answer, keys.publicKeyPem, { maxAgeSeconds: Number.NaN })).toThrow(RangeError);
    expect(() => verifyValidationAnswer(answer, keys.publicKeyPem, { maxAgeSeconds: -1 })).toThrow(RangeError);
    expect(() => verifyValidationAnswer(answer, keys.publicKeyPem, { now: new Date(Number.NaN) })).toThrow(RangeError);
  });
});

describe("verifyValidationAnswer: malformed answers", () => {
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
  ])("rejects %s", (_label, text) => {
    const result = verifyValidationAnswer(text, keys.publicKeyPem, { now: NOW });
    expect(reasonOf(result)).toBe("MALFORMED");
  });

  it("names the server's error message", () => {
    const text = JSON.stringify({ detail: [{ loc: ["body", "key"], msg: "Key field is required", type: "error" }] });
    const result = verifyValidationAnswer(text, keys.publicKeyPem);
    if (!result.ok) expect(result.message).toContain("Key field is required");
  });

  it("rejects signed data that is not the documented shape", () => {
    const cases: unknown[] = [
      { ...data, code: "MAYBE" },
      { ...data, valid: "yes" },
      { ...data, timestamp: "yesterday" },
      { ...data, license: { ...data.license, features: "all" } },
    ];
    for (const value of cases) {
      expect(reasonOf(verifyValidationAnswer(makeAnswer(value, keys.privateKey), keys.publicKeyPem, { now: NOW }))).toBe("MALFORMED");
    }
  });

  it("does not throw on unserialisable data", () => {
    const weird = { status: "success", data: { n: 10n }, signature: answer.signature };
    expect(reasonOf(verifyValidationAnswer(weird, keys.publicKeyPem))).toBe("MALFORMED");
  });
});
