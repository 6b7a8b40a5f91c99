import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

/**
 * Time-based one-time codes (RFC 6238: SHA-1, six digits, 30-second steps), the same for the users'
 * two-factor sign-in (modules/auth) and the administrators' system authenticator (modules/mfa).
 */
export const TOTP_ISSUER = "Licence Portal";
export const TOTP_PERIOD_SECONDS = 30;
// Accept the step before and after the current one: clocks drift and people type slowly.
export const TOTP_WINDOW = 1;

export function totpFor(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random secret (160 bits, as RFC 4226 recommends), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth URL as a QR code (PNG data URL) an authenticator app can scan, made on the server. */
export function qrDataUrlFor(otpauthUrl: string): Promise<string> {
  return QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 });
}
