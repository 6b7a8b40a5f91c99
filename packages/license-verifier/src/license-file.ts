import { decodeBase64, decodeUtf8, isRecord, parseJson } from "./encoding.js";
import { loadPublicKey, verifyEd25519 } from "./keys.js";
import { resolveNow } from "./now.js";
import { checkLicenseFilePayload, parseIsoDate, ShapeError } from "./shape.js";
import type {
  LicenseFileEnvelope,
  LicenseFileFailure,
  LicenseFileFailureReason,
  LicenseFilePayload,
  LicenseFileResult,
  VerifyLicenseFileOptions,
} from "./types.js";

export const LICENSE_FILE_HEADER = "-----BEGIN LICENSE FILE-----";
export const LICENSE_FILE_FOOTER = "-----END LICENSE FILE-----";
export const LICENSE_FILE_ALGORITHM = "base64+ed25519";
/** The signed message is this prefix followed by the `enc` string. */
export const LICENSE_FILE_SIGNING_PREFIX = "license/";

function failure(reason: LicenseFileFailureReason, message: string, payload?: LicenseFilePayload): LicenseFileFailure {
  return payload ? { ok: false, reason, message, license: payload.license, meta: payload.meta } : { ok: false, reason, message };
}

type Step<T> = { ok: true; value: T } | { ok: false; failure: LicenseFileFailure };

/** Armour → base64 → JSON → `{enc, sig, alg}`, checking the algorithm before the encoding of enc/sig. */
function readEnvelope(text: unknown): Step<LicenseFileEnvelope> {
  const malformed = (message: string): Step<never> => ({ ok: false, failure: failure("MALFORMED", message) });
  if (typeof text !== "string") return malformed("The licence file must be given as text.");
  const normalized = text.replace(/\r\n?/g, "\n").trim();
  if (!normalized.startsWith(LICENSE_FILE_HEADER)) return malformed(`The licence file does not start with "${LICENSE_FILE_HEADER}".`);
  if (!normalized.endsWith(LICENSE_FILE_FOOTER) || normalized.length < LICENSE_FILE_HEADER.length + LICENSE_FILE_FOOTER.length) {
    return malformed(`The licence file does not end with "${LICENSE_FILE_FOOTER}".`);
  }
  const inner = normalized.slice(LICENSE_FILE_HEADER.length, normalized.length - LICENSE_FILE_FOOTER.length);
  if (inner.includes("-----")) return malformed("The licence file holds more than one armoured block.");
  const base64 = inner.replace(/\s+/g, "");
  if (base64 === "") return malformed("The licence file is empty between its header and footer.");
  const bytes = decodeBase64(base64);
  if (!bytes) return malformed("The licence file body is not valid base64.");
  const json = decodeUtf8(bytes);
  if (json === undefined) return malformed("The licence file body is not UTF-8 text.");
  const parsed = parseJson(json);
  if (!parsed.ok) return malformed(`The licence file body is not JSON: ${parsed.error}`);
  const envelope = parsed.value;
  if (!isRecord(envelope)) return malformed("The licence file body is not a JSON object.");
  const { enc, sig, alg } = envelope;
  if (typeof alg !== "string") return malformed('The licence file has no "alg".');
  if (alg !== LICENSE_FILE_ALGORITHM) {
    return {
      ok: false,
      failure: failure("UNSUPPORTED_ALGORITHM", `Unsupported licence file algorithm "${alg}" (expected "${LICENSE_FILE_ALGORITHM}").`),
    };
  }
  if (typeof enc !== "string" || enc === "") return malformed('The licence file has no "enc".');
  if (typeof sig !== "string" || sig === "") return malformed('The licence file has no "sig".');
  if (!decodeBase64(enc)) return malformed('The licence file "enc" is not valid base64.');
  if (!decodeBase64(sig)) return malformed('The licence file "sig" is not valid base64.');
  return { ok: true, value: { enc, sig, alg } };
}

/** Decodes the (already authenticated) `enc`. */
function readPayload(enc: string): Step<LicenseFilePayload> {
  const malformed = (message: string): Step<never> => ({ ok: false, failure: failure("MALFORMED", message) });
  const json = decodeUtf8(decodeBase64(enc) ?? new Uint8Array());
  if (json === undefined) return malformed('The licence file "enc" is not UTF-8 text.');
  const parsed = parseJson(json);
  if (!parsed.ok) return malformed(`The licence file "enc" is not JSON: ${parsed.error}`);
  try {
    return { ok: true, value: checkLicenseFilePayload(parsed.value) };
  } catch (error) {
    if (error instanceof ShapeError) return malformed(`The licence file content is malformed: ${error.message}.`);
    throw error;
  }
}

/**
 * Verifies a licence file offline. Checks, in order: format, algorithm, signature (before any content
 * is trusted), file expiry (`meta.expiry`), licence expiry (`license.expiresAt`; not for a
 * `perpetual_fallback` licence, which verifies with `expired: true`), deactivation, and
 * — when `options.fingerprint` is given — the installation it is bound to.
 *
 * Never throws on bad input (a bad public key gives BAD_SIGNATURE); throws RangeError only for an
 * invalid `options.now`.
 */
export function verifyLicenseFile(text: string, publicKeyPem: string, options: VerifyLicenseFileOptions = {}): LicenseFileResult {
  const now = resolveNow(options.now);

  const envelope = readEnvelope(text);
  if (!envelope.ok) return envelope.failure;
  const { enc, sig } = envelope.value;

  const key = loadPublicKey(publicKeyPem);
  if (!key.ok) return failure("BAD_SIGNATURE", `The signature cannot be verified. ${key.message}`);
  const message = Buffer.from(LICENSE_FILE_SIGNING_PREFIX + enc, "utf8");
  if (!verifyEd25519(message, decodeBase64(sig) ?? new Uint8Array(), key.key)) {
    return failure("BAD_SIGNATURE", "The licence file signature is not valid for this public key: the file was altered or signed with another key.");
  }

  const payload = readPayload(enc);
  if (!payload.ok) return payload.failure;
  const { meta, license, installation } = payload.value;

  if (now > parseIsoDate(meta.expiry)) {
    return failure("FILE_EXPIRED", `The licence file expired on ${meta.expiry} and must be refreshed.`, payload.value);
  }
  const expired = license.expiresAt !== null && now > parseIsoDate(license.expiresAt);
  // A `perpetual_fallback` licence keeps working past its end (only newer updates are out of reach).
  if (expired && license.expirationStrategy !== "perpetual_fallback") {
    return failure("LICENSE_EXPIRED", `The licence expired on ${license.expiresAt}.`, payload.value);
  }
  if (license.status === "deactivated") {
    return failure("DEACTIVATED", "The licence has been deactivated.", payload.value);
  }
  if (options.fingerprint !== undefined) {
    if (installation === null) {
      return failure("FINGERPRINT_MISMATCH", "The licence file is not bound to any installation, but an installation fingerprint was required.", payload.value);
    }
    if (installation.fingerprint !== options.fingerprint) {
      return failure("FINGERPRINT_MISMATCH", "The licence file is bound to another installation (fingerprint mismatch).", payload.value);
    }
  }
  return { ok: true, license, meta, installation, expired };
}
