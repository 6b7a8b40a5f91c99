import { generateKeyPairSync, sign } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyLicenseFile } from "./index.js";
import { DAY, armor, encodePayload, makeKeys, makeLicenseFile, makePayload, signEnc, unarmor } from "./test/forge.js";

const keys = makeKeys();
const otherKeys = makeKeys();
const ISSUED = new Date("2026-03-01T00:00:00.000Z");
const NOW = new Date("2026-03-02T12:00:00.000Z");
const FINGERPRINT = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

const validPayload = makePayload(ISSUED);
const validFile = makeLicenseFile(validPayload, keys.privateKey);

function reasonOf(result: ReturnType<typeof verifyLicenseFile>) {
  return result.ok ? "OK" : result.reason;
}

describe("verifyLicenseFile: valid files", () => {
  it("accepts a valid file and returns its licence, meta and installation", () => {
    const result = verifyLicenseFile(validFile, keys.publicKeyPem, { now: NOW });
    expect(result).toEqual({ ok: true, license: validPayload.license, meta: validPayload.meta, installation: validPayload.installation, expired: false });
  });

  it("writes the body wrapped at 60 columns with \\n line ends (test helper sanity)", () => {
    const lines = validFile.trimEnd().split("\n");
    expect(lines[0]).toBe("-----BEGIN LICENSE FILE-----");
    expect(lines.at(-1)).toBe("-----END LICENSE FILE-----");
    expect(lines.slice(1, -1).every((line) => line.length <= 60)).toBe(true);
    expect(lines.slice(1, -2).every((line) => line.length === 60)).toBe(true);
  });

  it("accepts the right installation fingerprint", () => {
    const result = verifyLicenseFile(validFile, keys.publicKeyPem, { now: NOW, fingerprint: FINGERPRINT });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.installation).toEqual({ fingerprint: FINGERPRINT, nonce: "n-123" });
  });

  it("accepts CRLF line ends and surrounding whitespace", () => {
    const file = `\r\n  \t${makeLicenseFile(validPayload, keys.privateKey, { crlf: true })}\r\n\r\n  `;
    expect(file).toContain("\r\n");
    expect(reasonOf(verifyLicenseFile(file, keys.publicKeyPem, { now: NOW }))).toBe("OK");
  });

  it("accepts an unwrapped single-line body", () => {
    const { enc, sig, alg } = unarmor(validFile);
    const body = Buffer.from(JSON.stringify({ enc, sig, alg })).toString("base64");
    const file = `-----BEGIN LICENSE FILE-----\n${body}\n-----END LICENSE FILE-----`;
    expect(reasonOf(verifyLicenseFile(file, keys.publicKeyPem, { now: NOW }))).toBe("OK");
  });

  it("accepts a perpetual licence (expiresAt null) and a file bound to no installation", () => {
    const payload = makePayload(ISSUED, { licenseDays: null, installation: null });
    const result = verifyLicenseFile(makeLicenseFile(payload, keys.privateKey), keys.publicKeyPem, { now: NOW });
    expect(result).toEqual({ ok: true, license: payload.license, meta: payload.meta, installation: null, expired: false });
  });

  it("uses the real clock when no `now` is given", () => {
    const fresh = makeLicenseFile(makePayload(new Date(Date.now() - DAY)), keys.privateKey);
    expect(reasonOf(verifyLicenseFile(fresh, keys.publicKeyPem))).toBe("OK");
    const old = makeLicenseFile(makePayload(new Date(Date.now() - 60 * DAY)), keys.privateKey);
    expect(reasonOf(verifyLicenseFile(old, keys.publicKeyPem))).toBe("FILE_EXPIRED");
  });

  it("accepts a not_activated licence", () => {
    const file = makeLicenseFile(makePayload(ISSUED, { status: "not_activated" }), keys.privateKey);
    expect(reasonOf(verifyLicenseFile(file, keys.publicKeyPem, { now: NOW }))).toBe("OK");
  });
});

describe("verifyLicenseFile: installation fingerprint", () => {
  it("rejects a wrong fingerprint, still returning the verified licence", () => {
    const result = verifyLicenseFile(validFile, keys.publicKeyPem, { now: NOW, fingerprint: "0".repeat(64) });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.reason).toBe("FINGERPRINT_MISMATCH");
      expect(result.license).toEqual(validPayload.license);
      expect(result.meta).toEqual(validPayload.meta);
    }
  });

  it("compares fingerprints exactly (no case folding)", () => {
    const result = verifyLicenseFile(validFile, keys.publicKeyPem, { now: NOW, fingerprint: FINGERPRINT.toUpperCase() });
    expect(reasonOf(result)).toBe("FINGERPRINT_MISMATCH");
  });

  it("rejects a file bound to no installation when a fingerprint is requested", () => {
    const file = makeLicenseFile(makePayload(ISSUED, { installation: null }), keys.privateKey);
    const result = verifyLicenseFile(file, keys.publicKeyPem, { now: NOW, fingerprint: FINGERPRINT });
    expect(reasonOf(result)).toBe("FINGERPRINT_MISMATCH");
    if (!result.ok) expect(result.message).toMatch(/not bound to any installation/);
  });
});

describe("verifyLicenseFile: signature", () => {
  it("rejects a tampered enc (plan changed and re-encoded without re-signing)", () => {
    const { sig, alg } = unarmor(validFile);
    const forged = armor({ enc: encodePayload({ ...validPayload, license: { ...validPayload.license, planName: "Enterprise" } }), sig, alg });
    const result = verifyLicenseFile(forged, keys.publicKeyPem, { now: NOW });
    expect(reasonOf(result)).toBe("BAD_SIGNATURE");
    if (!result.ok) {
      expect(result.license).toBeUndefined();
      expect(result.meta).toBeUndefined();
    }
  });

  it("rejects a tampered sig", () => {
    const { enc, sig, alg } = unarmor(validFile);
    const bytes = Buffer.from(sig, "base64");
    bytes[10] = (bytes[10] ?? 0) ^ 0x01;
    const result = verifyLicenseFile(armor({ enc, sig: bytes.toString("base64"), alg }), keys.publicKeyPem, { now: NOW });
    expect(reasonOf(result)).toBe("BAD_SIGNATURE");
  });

  it("rejects a truncated sig", () => {
    const { enc, sig, alg } = unarmor(validFile);
    const short = Buffer.from(sig, "base64").subarray(0, 48).toString("base64");
    expect(reasonOf(verifyLicenseFile(armor({ enc, sig: short, alg }), keys.publicKeyPem, { now: NOW }))).toBe("BAD_SIGNATURE");
  });

  it("rejects a file signed with another key", () => {
    const file = makeLicenseFile(validPayload, otherKeys.privateKey);
    expect(reasonOf(verifyLicenseFile(file, keys.publicKeyPem, { now: NOW }))).toBe("BAD_SIGNATURE");
  });

  it("rejects a signature over enc without the license/ prefix", () => {
    const enc = encodePayload(validPayload);
    const sig = sign(null, Buffer.from(enc, "utf8"), keys.privateKey).toString("base64");
    expect(reasonOf(verifyLicenseFile(armor({ enc, sig, alg: "base64+ed25519" }), keys.publicKeyPem, { now: NOW }))).toBe("BAD_SIGNATURE");
  });

  it("checks the signature before expiry: a tampered, expired file is BAD_SIGNATURE", () => {
    const { sig, alg } = unarmor(validFile);
    const forged = armor({ enc: encodePayload(makePayload(new Date("2020-01-01T00:00:00Z"))), sig, alg });
    expect(reasonOf(verifyLicenseFile(forged, keys.publicKeyPem, { now: NOW }))).toBe("BAD_SIGNATURE");
  });

  it("never throws on an unusable public key", () => {
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 }).publicKey.export({ type: "spki", format: "pem" }).toString();
    const privatePem = keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    // A well-armoured SPKI whose DER is cut short.
    const truncated = keys.publicKeyPem.replace(/\n[A-Za-z0-9+/=]+\n/, "\nMCowBQYDK2VwAyEAAAAA\n");
    expect(truncated).not.toBe(keys.publicKeyPem);
    for (const [pem, message] of [
      ["", /not a PEM SPKI public key/],
      ["not a key", /not a PEM SPKI public key/],
      ["-----BEGIN PUBLIC KEY-----\n!!!!\n-----END PUBLIC KEY-----\n", /could not be parsed/],
      [truncated, /could not be parsed/],
      [rsa, /is rsa, not Ed25519/],
      [privatePem, /private key was given/],
    ] as const) {
      const result = verifyLicenseFile(validFile, pem, { now: NOW });
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.reason).toBe("BAD_SIGNATURE");
        expect(result.message).toMatch(message);
      }
    }
    expect(() => verifyLicenseFile(validFile, undefined as unknown as string)).not.toThrow();
  });
});

describe("verifyLicenseFile: format and algorithm", () => {
  it("rejects an unsupported alg", () => {
    const { enc, sig } = unarmor(validFile);
    const result = verifyLicenseFile(armor({ enc, sig, alg: "aes-256-gcm+ed25519" }), keys.publicKeyPem, { now: NOW });
    expect(reasonOf(result)).toBe("UNSUPPORTED_ALGORITHM");
    if (!result.ok) expect(result.message).toContain("aes-256-gcm+ed25519");
  });

  it("checks the algorithm before the signature", () => {
    const file = makeLicenseFile(validPayload, otherKeys.privateKey, { alg: "base64+rsa-pss-sha256" });
    expect(reasonOf(verifyLicenseFile(file, keys.publicKeyPem, { now: NOW }))).toBe("UNSUPPORTED_ALGORITHM");
  });

  it("rejects a missing alg, enc or sig as MALFORMED", () => {
    const { enc, sig, alg } = unarmor(validFile);
    for (const envelope of [{ enc, sig }, { sig, alg }, { enc, alg }, { enc: 1, sig, alg }]) {
      expect(reasonOf(verifyLicenseFile(armor(envelope), keys.publicKeyPem, { now: NOW }))).toBe("MALFORMED");
    }
  });

  it("rejects a missing header or footer", () => {
    const lines = validFile.trimEnd().split("\n");
    const noHeader = lines.slice(1).join("\n");
    const noFooter = lines.slice(0, -1).join("\n");
    for (const file of [noHeader, noFooter, lines.slice(1, -1).join("\n"), "", "-----BEGIN LICENSE FILE-----"]) {
      expect(reasonOf(verifyLicenseFile(file, keys.publicKeyPem, { now: NOW }))).toBe("MALFORMED");
    }
    const wrongKind = validFile.replace("BEGIN LICENSE FILE", "BEGIN MACHINE FILE");
    expect(reasonOf(verifyLicenseFile(wrongKind, keys.publicKeyPem, { now: NOW }))).toBe("MALFORMED");
  });

  it("rejects garbage base64, non-JSON and non-object bodies", () => {
    const wrap = (body: string) => `-----BEGIN LICENSE FILE-----\n${body}\n-----END LICENSE FILE-----\n`;
    const cases = [
      wrap("this is *not* base64!!"),
      wrap("abc"),
      wrap(""),
      wrap(Buffer.from("not json at all").toString("base64")),
      wrap(Buffer.from("[1,2,3]").toString("base64")),
      wrap(Buffer.from([0xff, 0xfe, 0xfd]).toString("base64")),
    ];
    for (const file of cases) {
      const result = verifyLicenseFile(file, keys.publicKeyPem, { now: NOW });
      expect(reasonOf(result)).toBe("MALFORMED");
      if (!result.ok) expect(result.message.length).toBeGreaterThan(10);
    }
  });

  it("rejects an enc or sig that is not base64", () => {
    const { enc, sig, alg } = unarmor(validFile);
    expect(reasonOf(verifyLicenseFile(armor({ enc: `${enc}%%`, sig, alg }), keys.publicKeyPem, { now: NOW }))).toBe("MALFORMED");
    expect(reasonOf(verifyLicenseFile(armor({ enc, sig: `@${sig}`, alg }), keys.publicKeyPem, { now: NOW }))).toBe("MALFORMED");
  });

  it("rejects two concatenated files", () => {
    expect(reasonOf(verifyLicenseFile(validFile + validFile, keys.publicKeyPem, { now: NOW }))).toBe("MALFORMED");
  });

  it("rejects signed content that is not the documented shape as MALFORMED", () => {
    const signedGarbage = (value: unknown) => {
      const enc = Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64");
      return armor({ enc, sig: signEnc(enc, keys.privateKey), alg: "base64+ed25519" });
    };
    const { key: _key, ...licenseWithoutKey } = validPayload.license;
    const cases: unknown[] = [
      "{not json",
      { meta: validPayload.meta, license: licenseWithoutKey, installation: null },
      { meta: validPayload.meta, license: validPayload.license },
      { meta: { ...validPayload.meta, expiry: "next tuesday" }, license: validPayload.license, installation: null },
      { meta: validPayload.meta, license: { ...validPayload.license, status: "suspended" }, installation: null },
      { meta: validPayload.meta, license: { ...validPayload.license, features: [1] }, installation: null },
      { meta: validPayload.meta, license: validPayload.license, installation: { nonce: "x" } },
    ];
    for (const value of cases) {
      const result = verifyLicenseFile(signedGarbage(value), keys.publicKeyPem, { now: NOW });
      expect(reasonOf(result)).toBe("MALFORMED");
    }
  });

  it("does not accept a non-string file", () => {
    expect(reasonOf(verifyLicenseFile(42 as unknown as string, keys.publicKeyPem, { now: NOW }))).toBe("MALFORMED");
  });
});

describe("verifyLicenseFile: time and status", () => {
  // File valid 30 days (until 2026-03-31), licence valid 365 days (until 2027-03-01).
  it("rejects a file past meta.expiry while the licence itself is still running (FILE_EXPIRED)", () => {
    const result = verifyLicenseFile(validFile, keys.publicKeyPem, { now: new Date("2026-04-01T00:00:00Z") });
    expect(reasonOf(result)).toBe("FILE_EXPIRED");
    if (!result.ok) {
      expect(result.message).toContain(validPayload.meta.expiry);
      expect(result.license).toEqual(validPayload.license);
      expect(result.meta).toEqual(validPayload.meta);
    }
  });

  it("accepts the file at exactly meta.expiry and rejects it one millisecond later", () => {
    const expiry = new Date(validPayload.meta.expiry);
    expect(reasonOf(verifyLicenseFile(validFile, keys.publicKeyPem, { now: expiry }))).toBe("OK");
    expect(reasonOf(verifyLicenseFile(validFile, keys.publicKeyPem, { now: new Date(expiry.getTime() + 1) }))).toBe("FILE_EXPIRED");
  });

  it("rejects a fresh file whose licence has ended (LICENSE_EXPIRED)", () => {
    const file = makeLicenseFile(makePayload(ISSUED, { licenseDays: 1 }), keys.privateKey);
    const result = verifyLicenseFile(file, keys.publicKeyPem, { now: new Date("2026-03-05T00:00:00Z") });
    expect(reasonOf(result)).toBe("LICENSE_EXPIRED");
    if (!result.ok) expect(result.license?.expiresAt).toBe("2026-03-02T00:00:00.000Z");
  });

  it("accepts a fresh file of a perpetual_fallback licence past its end, with expired: true", () => {
    const payload = makePayload(ISSUED, { licenseDays: 1 });
    const fallback = { ...payload, license: { ...payload.license, expirationStrategy: "perpetual_fallback" as const } };
    const file = makeLicenseFile(fallback, keys.privateKey);
    expect(verifyLicenseFile(file, keys.publicKeyPem, { now: new Date("2026-03-05T00:00:00Z") })).toMatchObject({ ok: true, expired: true, license: { expirationStrategy: "perpetual_fallback" } });
    expect(verifyLicenseFile(file, keys.publicKeyPem, { now: new Date("2026-03-01T12:00:00Z") })).toMatchObject({ ok: true, expired: false });
    // The file itself still has to be refreshed, and a revoke licence still ends.
    expect(reasonOf(verifyLicenseFile(file, keys.publicKeyPem, { now: new Date("2026-06-01T00:00:00Z") }))).toBe("FILE_EXPIRED");
    const revoke = makeLicenseFile({ ...payload, license: { ...payload.license, expirationStrategy: "revoke" as const } }, keys.privateKey);
    expect(reasonOf(verifyLicenseFile(revoke, keys.publicKeyPem, { now: new Date("2026-03-05T00:00:00Z") }))).toBe("LICENSE_EXPIRED");
  });

  it("reports FILE_EXPIRED first when both the file and the licence have expired", () => {
    const file = makeLicenseFile(makePayload(ISSUED, { licenseDays: 1 }), keys.privateKey);
    expect(reasonOf(verifyLicenseFile(file, keys.publicKeyPem, { now: new Date("2026-06-01T00:00:00Z") }))).toBe("FILE_EXPIRED");
  });

  it("rejects a deactivated licence (DEACTIVATED), after the expiry checks", () => {
    const deactivated = makeLicenseFile(makePayload(ISSUED, { status: "deactivated" }), keys.privateKey);
    const result = verifyLicenseFile(deactivated, keys.publicKeyPem, { now: NOW });
    expect(reasonOf(result)).toBe("DEACTIVATED");
    if (!result.ok) expect(result.license?.status).toBe("deactivated");
    const deactivatedAndEnded = makeLicenseFile(makePayload(ISSUED, { status: "deactivated", licenseDays: 1 }), keys.privateKey);
    expect(reasonOf(verifyLicenseFile(deactivatedAndEnded, keys.publicKeyPem, { now: new Date("2026-03-05T00:00:00Z") }))).toBe(
      "LICENSE_EXPIRED",
    );
  });

  it("checks deactivation before the fingerprint", () => {
    const deactivated = makeLicenseFile(makePayload(ISSUED, { status: "deactivated" }), keys.privateKey);
    expect(reasonOf(verifyLicenseFile(deactivated, keys.publicKeyPem, { now: NOW, fingerprint: "nope" }))).toBe("DEACTIVATED");
  });

  it("throws a RangeError for an invalid `now` rather than skipping the time checks", () => {
    expect(() => verifyLicenseFile(validFile, keys.publicKeyPem, { now: new Date("garbage") })).toThrow(RangeError);
  });
});
