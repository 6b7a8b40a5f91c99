/**
 * RFC 6238 TOTP as an authenticator app computes it (HMAC-SHA-1, 6 digits, 30 s steps), written here
 * on node:crypto alone. The suites enrol and sign in with it instead of the product's own TOTP code,
 * so a bug there shows up as a refused code rather than being repeated on both sides.
 */
import { createHmac } from "node:crypto";

export const TOTP_PERIOD_SECONDS = 30;
const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32, as authenticator keys are written; padding and case do not matter. */
export function base32Decode(input: string): Buffer {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of input.replace(/=+$/, "").toUpperCase()) {
    const value = BASE32_ALPHABET.indexOf(char);
    if (value < 0) throw new Error(`not a base32 character: ${JSON.stringify(char)}`);
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** The RFC 4226 HOTP value of a key at a counter, `digits` long. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac("sha1", key).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return value.toString().padStart(digits, "0");
}

/** The code of a base32 secret at `now` (milliseconds), `stepsAhead` periods later (or earlier, when negative). */
export function totp(secretBase32: string, stepsAhead = 0, now = Date.now()): string {
  return hotp(base32Decode(secretBase32), Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + stepsAhead);
}
