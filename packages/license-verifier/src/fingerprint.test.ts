import { describe, expect, it } from "vitest";
import { fingerprintOf } from "./index.js";

describe("fingerprintOf", () => {
  it("is the lower-case hex SHA-256 of the UTF-8 string (FIPS 180-2 / well-known vectors)", () => {
    expect(fingerprintOf("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(fingerprintOf("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(fingerprintOf("The quick brown fox jumps over the lazy dog")).toBe(
      "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592",
    );
  });

  it("hashes UTF-8 bytes, not Latin-1 or UTF-16 code units", () => {
    // "é" is C3 A9 in UTF-8 (Latin-1 E9 would hash to de2e331d…).
    expect(fingerprintOf("\u00e9")).toBe("4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c");
  });
});
