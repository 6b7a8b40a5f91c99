import { createDecipheriv, createHash, createPublicKey, type KeyObject } from "node:crypto";
import { verifyEd25519 } from "./keys.js";
import {
  checkDataset,
  checkOptions,
  checkParts,
  decryptionFailure,
  keygenFailure,
  readKeygenFile,
  secretOf,
} from "./keygen-file-checks.js";
import { resolveNow } from "./now.js";
import { publicKeySpki } from "./public-key-forms.js";
import type { KeygenFileKind, KeygenFileResult, VerifyKeygenFileOptions } from "./types.js";

/** An Ed25519 public key as PEM, hex (Keygen's form) or base64 DER, for node:crypto. Never throws. */
export function loadAnyPublicKey(text: unknown): { ok: true; key: KeyObject } | { ok: false; message: string } {
  const spki = publicKeySpki(text);
  if (!spki.ok) return spki;
  let key: KeyObject;
  try {
    key = createPublicKey({ key: Buffer.from(spki.der), format: "der", type: "spki" });
  } catch (error) {
    return { ok: false, message: `The public key could not be parsed: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (key.asymmetricKeyType !== "ed25519") return { ok: false, message: `The public key is ${key.asymmetricKeyType ?? "of an unknown type"}, not Ed25519.` };
  return { ok: true, key };
}

function verifyKeygenFile(kind: KeygenFileKind, text: string, publicKey: string, options: VerifyKeygenFileOptions): KeygenFileResult {
  checkOptions(kind, options);
  const now = resolveNow(options.now);
  const file = readKeygenFile(text, kind);
  if (!file.ok) return file;
  const key = loadAnyPublicKey(publicKey);
  if (!key.ok) return keygenFailure("BAD_SIGNATURE", `The signature cannot be verified. ${key.message}`);
  if (!verifyEd25519(file.signed, file.signature, key.key)) {
    const what = kind === "machine" ? "machine file" : "licence file";
    return keygenFailure("BAD_SIGNATURE", `The ${what} signature is not valid for this public key: the file was altered or signed with another key.`);
  }
  const badParts = checkParts(file, kind);
  if (badParts) return badParts;
  let plaintext: Buffer;
  try {
    const decipher = createDecipheriv("aes-256-gcm", createHash("sha256").update(secretOf(kind, options)).digest(), file.iv);
    decipher.setAuthTag(file.tag);
    decipher.setAAD(new Uint8Array());
    plaintext = Buffer.concat([decipher.update(file.ciphertext), decipher.final()]);
  } catch {
    return decryptionFailure(kind);
  }
  return checkDataset(plaintext, kind, options, now);
}

/**
 * Verifies and decrypts an encrypted licence file (`aes-256-gcm+ed25519`, Keygen's format: the
 * portal's `GET /api/v1/licenses/{id}/file?encrypt=true`, or Keygen's own). Checks, in order: format,
 * algorithm, the Ed25519 signature over "license/" + enc (before anything is decrypted), decryption
 * with SHA-256 of `options.licenseKey`, the key the file names, `meta.issued` (not ahead of the clock
 * by more than the drift) and `meta.expiry`.
 *
 * `publicKey`: PEM (SPKI), 64 hex characters or base64 DER. Never throws on a bad file or key (a bad
 * public key gives BAD_SIGNATURE); throws for invalid options.
 */
export function verifyEncryptedLicenseFile(text: string, publicKey: string, options: VerifyKeygenFileOptions): KeygenFileResult {
  return verifyKeygenFile("license", text, publicKey, options);
}

/**
 * Verifies and decrypts a machine file (Keygen's format: `-----BEGIN MACHINE FILE-----`, signing
 * prefix "machine/", AES key SHA-256 of licence key + fingerprint); the same checks as
 * verifyEncryptedLicenseFile, and that the file names `options.fingerprint`.
 */
export function verifyMachineFile(text: string, publicKey: string, options: VerifyKeygenFileOptions): KeygenFileResult {
  return verifyKeygenFile("machine", text, publicKey, options);
}
