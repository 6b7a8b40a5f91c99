import semver from "semver";

/**
 * Versions of updates compared by semver precedence (semver.org §11), in SQL as well as here: each
 * published version keeps a sort key whose byte order (the column's "C" collation) is that precedence.
 *
 * Key: major, minor and patch as 16-digit numbers, then "~" for a release or "-" and the pre-release
 * identifiers for a pre-release ("-" sorts below "~", so 1.0.0-rc.1 < 1.0.0). Each identifier is "0"
 * and a 16-digit number when numeric, "1" and its text when not (numeric ones sort first), joined by
 * ",", which sorts below every character an identifier may hold, so a shorter list that is a prefix of
 * a longer one comes first. Build metadata plays no part (the contract refuses it anyway).
 */
const DIGITS = 16;

const number = (value: number) => String(value).padStart(DIGITS, "0");

/** The parsed version, or undefined for text that is not a semantic version this portal can order exactly. */
export function parseVersion(text: string): semver.SemVer | undefined {
  const parsed = semver.parse(text);
  if (!parsed) return undefined;
  // semver keeps numeric pre-release identifiers past 2^53 as text, which would order them as words.
  if (parsed.prerelease.some((identifier) => typeof identifier === "string" && /^\d+$/.test(identifier))) return undefined;
  return parsed;
}

export function versionSortKey(version: semver.SemVer): string {
  const base = `${number(version.major)}.${number(version.minor)}.${number(version.patch)}`;
  if (version.prerelease.length === 0) return `${base}~`;
  const identifiers = version.prerelease.map((identifier) => (typeof identifier === "number" ? `0${number(identifier)}` : `1${identifier}`));
  return `${base}-${identifiers.join(",")}`;
}

/**
 * The installed version a .req named, as a sort key to compare with, when it reads as a version at all
 * ("v2.4.0" and " 2.4.0 " do; "2.4" or "latest" do not, and then nothing is filtered by it).
 */
export function installedVersionKey(installed: string | null): string | undefined {
  if (!installed) return undefined;
  const cleaned = semver.clean(installed);
  const parsed = cleaned ? parseVersion(cleaned) : undefined;
  return parsed ? versionSortKey(parsed) : undefined;
}
