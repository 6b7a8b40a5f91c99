import { decodeBase64Bytes, decodeUtf8, isRecord, parseJson } from "./encoding.js";
import type {
  KeygenDataset,
  KeygenFileFailure,
  KeygenFileFailureReason,
  KeygenFileKind,
  KeygenFileMeta,
  KeygenFileResult,
  KeygenResource,
  VerifyKeygenFileOptions,
} from "./types.js";

// The steps of verifying Keygen's encrypted licence and machine files (`aes-256-gcm+ed25519`) that do
// not depend on the crypto implementation, shared by the node:crypto and the WebCrypto verifiers so
// both accept and refuse exactly the same files. No Node built-ins here (browsers too).
//
// The scheme (Keygen's example-node/js-cryptographic-license-files and keygen-go):
//   armour:  "-----BEGIN LICENSE FILE-----" / "-----BEGIN MACHINE FILE-----", base64 lines, footer;
//   body:    base64 of JSON {enc, sig, alg}, alg "aes-256-gcm+ed25519";
//   enc:     base64(ciphertext) "." base64(iv, 12 bytes) "." base64(tag, 16 bytes);
//   sig:     base64 Ed25519 over the UTF-8 bytes of "license/" + enc (or "machine/" + enc);
//   AES key: SHA-256 of the licence key (licence file) or of licence key + fingerprint (machine file),
//            AES-256-GCM, empty additional data.

export const ENCRYPTED_FILE_ALGORITHM = "aes-256-gcm+ed25519";
export const MACHINE_FILE_HEADER = "-----BEGIN MACHINE FILE-----";
export const MACHINE_FILE_FOOTER = "-----END MACHINE FILE-----";
/** How far a file's `meta.issued` may lie ahead of the verifier's clock (keygen-go's MaxClockDrift: 5 minutes). */
export const MAX_CLOCK_DRIFT_SECONDS = 300;

const ARMOUR: Record<KeygenFileKind, { header: string; footer: string; what: string; resource: string }> = {
  license: { header: "-----BEGIN LICENSE FILE-----", footer: "-----END LICENSE FILE-----", what: "licence file", resource: "licenses" },
  machine: { header: MACHINE_FILE_HEADER, footer: MACHINE_FILE_FOOTER, what: "machine file", resource: "machines" },
};

export function keygenFailure(reason: KeygenFileFailureReason, message: string, dataset?: KeygenDataset): KeygenFileFailure {
  return dataset ? { ok: false, reason, message, dataset } : { ok: false, reason, message };
}

/** An encrypted file read far enough to check its signature and decrypt it, nothing trusted yet. */
export interface ReadKeygenFile {
  ok: true;
  /** The UTF-8 bytes of the signing prefix + enc: what the server signed. */
  signed: Uint8Array;
  signature: Uint8Array;
  ciphertext: Uint8Array;
  iv: Uint8Array;
  tag: Uint8Array;
}

/** Checks the options (throws RangeError/TypeError for a caller's mistake, as the other verifiers do). */
export function checkOptions(kind: KeygenFileKind, options: VerifyKeygenFileOptions): void {
  if (typeof options?.licenseKey !== "string" || options.licenseKey === "") throw new TypeError("options.licenseKey must be the licence key");
  if (kind === "machine" && (typeof options.fingerprint !== "string" || options.fingerprint === "")) {
    throw new TypeError("options.fingerprint must be the machine's fingerprint for a machine file");
  }
  const drift = options.maxClockDriftSeconds;
  if (drift !== undefined && (typeof drift !== "number" || Number.isNaN(drift) || drift < 0)) {
    throw new RangeError("options.maxClockDriftSeconds must be a non-negative number");
  }
}

/** Armour → base64 → JSON `{enc, sig, alg}` → the signed bytes and the parts of enc. */
export function readKeygenFile(text: unknown, kind: KeygenFileKind): ReadKeygenFile | KeygenFileFailure {
  const { header, footer, what } = ARMOUR[kind];
  const malformed = (message: string) => keygenFailure("MALFORMED", message);
  if (typeof text !== "string") return malformed(`The ${what} must be given as text.`);
  const normalized = text.replace(/\r\n?/g, "\n").trim();
  if (!normalized.startsWith(header)) return malformed(`The ${what} does not start with "${header}".`);
  if (!normalized.endsWith(footer) || normalized.length < header.length + footer.length) return malformed(`The ${what} does not end with "${footer}".`);
  const inner = normalized.slice(header.length, normalized.length - footer.length);
  if (inner.includes("-----")) return malformed(`The ${what} holds more than one armoured block.`);
  const body = decodeBase64Bytes(inner.replace(/\s+/g, ""));
  if (!body || body.length === 0) return malformed(`The ${what} body is not valid base64.`);
  const json = decodeUtf8(body);
  if (json === undefined) return malformed(`The ${what} body is not UTF-8 text.`);
  const parsed = parseJson(json);
  if (!parsed.ok) return malformed(`The ${what} body is not JSON: ${parsed.error}`);
  if (!isRecord(parsed.value)) return malformed(`The ${what} body is not a JSON object.`);
  const { enc, sig, alg } = parsed.value;
  if (typeof alg !== "string") return malformed(`The ${what} has no "alg".`);
  if (alg !== ENCRYPTED_FILE_ALGORITHM) {
    return keygenFailure(
      "UNSUPPORTED_ALGORITHM",
      `Unsupported ${what} algorithm "${alg}" (expected "${ENCRYPTED_FILE_ALGORITHM}"${alg === "base64+ed25519" ? "; a plain licence file is checked by verifyLicenseFile" : ""}).`,
    );
  }
  if (typeof enc !== "string" || enc === "") return malformed(`The ${what} has no "enc".`);
  if (typeof sig !== "string" || sig === "") return malformed(`The ${what} has no "sig".`);
  const signature = decodeBase64Bytes(sig);
  if (!signature) return malformed(`The ${what} "sig" is not valid base64.`);
  const parts = enc.split(".");
  // The parts' encoding is checked after the signature: an altered enc is BAD_SIGNATURE, as it is for any other byte.
  const [ciphertext, iv, tag] = parts.length === 3 ? parts.map((part) => decodeBase64Bytes(part) ?? new Uint8Array()) : [];
  return {
    ok: true,
    signed: new TextEncoder().encode(`${kind}/${enc}`),
    signature,
    ciphertext: ciphertext ?? new Uint8Array(),
    iv: iv ?? new Uint8Array(),
    tag: tag ?? new Uint8Array(),
  };
}

/** After an authentic signature: the parts of enc must be well formed (they are, unless the server erred). */
export function checkParts(file: ReadKeygenFile, kind: KeygenFileKind): KeygenFileFailure | undefined {
  if (file.iv.length !== 12 || file.tag.length !== 16 || file.ciphertext.length === 0) {
    return keygenFailure("MALFORMED", `The ${ARMOUR[kind].what} "enc" is not base64(ciphertext).base64(12-byte iv).base64(16-byte tag).`);
  }
  return undefined;
}

/** The secret whose SHA-256 is the AES key: the licence key, or licence key + fingerprint. */
export function secretOf(kind: KeygenFileKind, options: VerifyKeygenFileOptions): Uint8Array {
  return new TextEncoder().encode(kind === "machine" ? `${options.licenseKey}${options.fingerprint ?? ""}` : options.licenseKey);
}

export function decryptionFailure(kind: KeygenFileKind): KeygenFileFailure {
  return kind === "machine"
    ? keygenFailure(
        "WRONG_KEY_OR_FINGERPRINT",
        "The machine file is authentic but cannot be decrypted with this licence key and fingerprint: it was made for another machine, or another licence key was given.",
      )
    : keygenFailure("WRONG_KEY", "The licence file is authentic but cannot be decrypted with this licence key: it belongs to another licence.");
}

function isResource(value: unknown): value is KeygenResource {
  return isRecord(value) && typeof value["type"] === "string" && typeof value["id"] === "string" && isRecord(value["attributes"]);
}

function isDate(value: unknown): value is string {
  return typeof value === "string" && !Number.isNaN(Date.parse(value));
}

const MAX_INCLUDED = 10_000;

/** The decrypted plaintext: its shape, the fingerprint and key it names, then `meta.issued` and `meta.expiry`. */
export function checkDataset(plaintext: Uint8Array, kind: KeygenFileKind, options: VerifyKeygenFileOptions, now: number): KeygenFileResult {
  const { what, resource } = ARMOUR[kind];
  const malformed = (message: string) => keygenFailure("MALFORMED", `The ${what} content is malformed: ${message}.`);
  const json = decodeUtf8(plaintext);
  if (json === undefined) return malformed("not UTF-8 text");
  const parsed = parseJson(json);
  if (!parsed.ok) return malformed(`not JSON (${parsed.error})`);
  const value = parsed.value;
  if (!isRecord(value)) return malformed("not a JSON object");
  const { data, included = [], meta } = value;
  if (!isResource(data) || data.type !== resource) return malformed(`"data" is not a "${resource}" resource`);
  if (!Array.isArray(included) || included.length > MAX_INCLUDED || !included.every(isResource)) return malformed('"included" is not a list of resources');
  if (!isRecord(meta) || !isDate(meta["issued"])) return malformed('"meta.issued" is not a date');
  const expiry = meta["expiry"] ?? null;
  const ttl = meta["ttl"] ?? null;
  if (expiry !== null && !isDate(expiry)) return malformed('"meta.expiry" is neither a date nor null');
  if (ttl !== null && typeof ttl !== "number") return malformed('"meta.ttl" is neither a number nor null');
  const checkedMeta: KeygenFileMeta = { issued: meta["issued"], expiry, ttl };
  const dataset: KeygenDataset = { data, included, meta: checkedMeta };

  const licenseResource = kind === "license" ? data : included.find((item) => item.type === "licenses");
  const license = licenseResource?.attributes ?? null;
  const machine = kind === "machine" ? data.attributes : null;
  // Licence key and fingerprint are hashed together: "AB"+"C" and "A"+"BC" give the same AES key, so what the file names is compared too.
  if (machine && machine["fingerprint"] !== options.fingerprint) {
    return keygenFailure("WRONG_FINGERPRINT", "The machine file was made for another machine (its fingerprint differs from the one given).", dataset);
  }
  if (license && typeof license["key"] === "string" && license["key"] !== options.licenseKey) {
    return keygenFailure("WRONG_KEY", `The ${what} names another licence key than the one given.`, dataset);
  }
  const driftMs = (options.maxClockDriftSeconds ?? MAX_CLOCK_DRIFT_SECONDS) * 1000;
  if (Date.parse(checkedMeta.issued) - now > driftMs) {
    return keygenFailure(
      "CLOCK_UNSYNCED",
      `The ${what} is issued ${checkedMeta.issued}, in the future by more than ${driftMs / 1000}s: this machine's clock is behind (or was set back).`,
      dataset,
    );
  }
  if (checkedMeta.expiry !== null && now > Date.parse(checkedMeta.expiry)) {
    return keygenFailure("FILE_EXPIRED", `The ${what} expired on ${checkedMeta.expiry} and must be refreshed.`, dataset);
  }
  const entitlements = included.filter((item) => item.type === "entitlements").flatMap((item) => (typeof item.attributes["code"] === "string" ? [item.attributes["code"]] : []));
  return { ok: true, kind, dataset, meta: checkedMeta, license, machine, entitlements };
}
