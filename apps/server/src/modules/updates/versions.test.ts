import semver from "semver";
import { describe, expect, it } from "vitest";
import { installedVersionKey, parseVersion, versionSortKey } from "./versions.js";

// semver.org §11's own example, and the corners of the key: numeric against alphanumeric identifiers,
// prefixes, hyphens inside identifiers, numbers of different lengths, large numbers.
const VERSIONS = [
  "1.0.0-alpha",
  "1.0.0-alpha.1",
  "1.0.0-alpha.beta",
  "1.0.0-beta",
  "1.0.0-beta.2",
  "1.0.0-beta.11",
  "1.0.0-rc.1",
  "1.0.0",
  "1.0.0-a-b",
  "1.0.0-a.b",
  "1.0.0-a",
  "1.0.0-ab",
  "1.0.0-0",
  "1.0.0-00a",
  "1.0.0-9",
  "1.0.0-10",
  "1.0.0-x.9",
  "1.0.0-x.10.1",
  "1.0.0-x-",
  "0.9.99",
  "1.2.3",
  "1.10.0",
  "2.0.0",
  "10.0.0",
  "9007199254740991.0.0",
];

describe("version sort keys", () => {
  it("order versions exactly as semver precedence does, byte by byte", () => {
    const byKey = [...VERSIONS].sort((a, b) => {
      const left = versionSortKey(parseVersion(a)!);
      const right = versionSortKey(parseVersion(b)!);
      return left < right ? -1 : left > right ? 1 : 0;
    });
    expect(byKey).toEqual([...VERSIONS].sort(semver.compare));
    // Keys are ASCII, so byte order is code-unit order.
    for (const version of VERSIONS) expect(versionSortKey(parseVersion(version)!)).toMatch(/^[\x20-\x7e]+$/);
  });

  it("refuse what cannot be ordered exactly and read installed versions leniently", () => {
    expect(parseVersion("9007199254740992.0.0")).toBeUndefined();
    expect(parseVersion("1.0.0-99999999999999999999")).toBeUndefined();
    expect(parseVersion("2.4")).toBeUndefined();
    expect(installedVersionKey(" v2.4.0 ")).toBe(versionSortKey(parseVersion("2.4.0")!));
    expect(installedVersionKey("=2.4.0-rc.1")).toBe(versionSortKey(parseVersion("2.4.0-rc.1")!));
    expect(installedVersionKey("latest")).toBeUndefined();
    expect(installedVersionKey(null)).toBeUndefined();
  });
});
