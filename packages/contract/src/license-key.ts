/**
 * Licence keys: 29 random Crockford base-32 characters (145 bits) and a Luhn mod 32 check character,
 * shown in six groups of five: `K7Q2M-…`. The check catches any single mistyped character and most
 * swaps of neighbours before a key ever reaches the database.
 */
export const LICENSE_KEY_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const LICENSE_KEY_LENGTH = 30;
const GROUP = 5;
// Built once: the licence check calls both on every validation.
const GROUPS = new RegExp(`.{1,${GROUP}}`, "g");
const ONLY_ALPHABET = new RegExp(`^[${LICENSE_KEY_ALPHABET}]*$`);

function codePoint(character: string): number {
  return LICENSE_KEY_ALPHABET.indexOf(character);
}

/** Luhn mod N over the alphabet: the character that makes the whole key check out. */
export function licenseKeyCheckCharacter(body: string): string {
  const base = LICENSE_KEY_ALPHABET.length;
  let factor = 2;
  let sum = 0;
  for (let index = body.length - 1; index >= 0; index--) {
    let addend = factor * codePoint(body[index]!);
    factor = factor === 2 ? 1 : 2;
    addend = Math.floor(addend / base) + (addend % base);
    sum += addend;
  }
  return LICENSE_KEY_ALPHABET[(base - (sum % base)) % base]!;
}

/** Upper case, without dashes or spaces; the look-alikes I, L and O read as 1, 1 and 0. */
export function normalizeLicenseKey(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s-]/g, "")
    .replace(/[IL]/g, "1")
    .replace(/O/g, "0");
}

export function isWellFormedLicenseKey(input: string): boolean {
  const compact = normalizeLicenseKey(input);
  if (compact.length !== LICENSE_KEY_LENGTH) return false;
  if (!ONLY_ALPHABET.test(compact)) return false;
  return licenseKeyCheckCharacter(compact.slice(0, -1)) === compact.at(-1);
}

export function formatLicenseKey(compact: string): string {
  return compact.match(GROUPS)?.join("-") ?? compact;
}
