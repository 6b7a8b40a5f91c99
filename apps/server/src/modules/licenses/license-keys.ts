import { randomInt } from "node:crypto";
import { LICENSE_KEY_ALPHABET, LICENSE_KEY_LENGTH, licenseKeyCheckCharacter } from "@portal/contract";

/** A new key in compact form: 29 uniformly random characters (145 bits) and the check character. */
export function newLicenseKey(): string {
  const body = Array.from({ length: LICENSE_KEY_LENGTH - 1 }, () => LICENSE_KEY_ALPHABET[randomInt(LICENSE_KEY_ALPHABET.length)]).join("");
  return body + licenseKeyCheckCharacter(body);
}
