import { describe, expect, it } from "vitest";
import { base32Decode, hotp, totp } from "./totp.js";

// RFC 6238 appendix B (SHA-1): the key is the ASCII "12345678901234567890", times in seconds, 8 digits.
const RFC_6238_KEY = Buffer.from("12345678901234567890");
const RFC_6238_SHA1: [seconds: number, code: string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("test TOTP", () => {
  it("gives RFC 6238's SHA-1 test values", () => {
    for (const [seconds, code] of RFC_6238_SHA1) expect(hotp(RFC_6238_KEY, Math.floor(seconds / 30), 8)).toBe(code);
  });

  it("reads a base32 key and counts steps of 30 s from the given moment", () => {
    // "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ" is RFC 6238's key in base32; RFC 4226's table gives its 6-digit codes.
    const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    expect(base32Decode(secret)).toEqual(RFC_6238_KEY);
    expect(base32Decode(secret.toLowerCase() + "====")).toEqual(RFC_6238_KEY);
    expect(totp(secret, 0, 1_000)).toBe("755224");
    expect(totp(secret, 1, 29_999)).toBe("287082");
    expect(totp(secret, -1, 60_000)).toBe("287082");
    expect(() => base32Decode("A1")).toThrow(/base32/);
  });
});
