import { describe, expect, it } from "vitest";
import { LICENSE_KEY_ALPHABET, formatLicenseKey, isWellFormedLicenseKey, normalizeLicenseKey } from "@portal/contract";
import { newLicenseKey } from "./license-keys.js";

describe("licence keys", () => {
  it("are 30 characters of the alphabet, unique, shown in six groups of five", () => {
    const keys = new Set(Array.from({ length: 2000 }, newLicenseKey));
    expect(keys.size).toBe(2000);
    for (const key of [...keys].slice(0, 50)) {
      expect(key).toMatch(/^[0-9A-HJKMNP-TV-Z]{30}$/);
      expect(formatLicenseKey(key)).toMatch(/^([0-9A-Z]{5}-){5}[0-9A-Z]{5}$/);
      expect(isWellFormedLicenseKey(formatLicenseKey(key).toLowerCase())).toBe(true);
    }
  });

  it("catch every single mistyped character and every swap of two different neighbours", () => {
    for (let round = 0; round < 20; round++) {
      const key = newLicenseKey();
      for (let position = 0; position < key.length; position++) {
        for (const replacement of LICENSE_KEY_ALPHABET) {
          if (replacement === key[position]) continue;
          const typo = key.slice(0, position) + replacement + key.slice(position + 1);
          expect(isWellFormedLicenseKey(typo)).toBe(false);
        }
        if (position < key.length - 1 && key[position] !== key[position + 1]) {
          const swapped = key.slice(0, position) + key[position + 1] + key[position] + key.slice(position + 2);
          // Luhn mod N misses only the swap of the two characters whose values sum to N - 1.
          const values = [key[position]!, key[position + 1]!].map((c) => LICENSE_KEY_ALPHABET.indexOf(c));
          if (values[0]! + values[1]! !== LICENSE_KEY_ALPHABET.length - 1) expect(isWellFormedLicenseKey(swapped)).toBe(false);
        }
      }
    }
  });

  it("read the look-alikes I, L and O as 1, 1 and 0, and ignore dashes and spaces", () => {
    expect(normalizeLicenseKey(" ab-cd oil ")).toBe("ABCD011");
    expect(isWellFormedLicenseKey("too-short")).toBe(false);
  });
});
