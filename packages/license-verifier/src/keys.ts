import { createPublicKey, verify, type KeyObject } from "node:crypto";

export type PublicKeyResult = { ok: true; key: KeyObject } | { ok: false; message: string };

const PEM_HEADER = "-----BEGIN PUBLIC KEY-----";

/**
 * Parses an Ed25519 public key in PEM (SPKI). Never throws. A private key is refused on purpose:
 * it must never ship inside a product.
 */
export function loadPublicKey(pem: unknown): PublicKeyResult {
  if (typeof pem !== "string") return { ok: false, message: "The public key must be a PEM string." };
  if (pem.includes("PRIVATE KEY")) {
    return { ok: false, message: "A private key was given: verify with the public key only, and never ship the private key." };
  }
  if (!pem.includes(PEM_HEADER)) {
    return { ok: false, message: `The public key is not a PEM SPKI public key (no "${PEM_HEADER}" line).` };
  }
  let key: KeyObject;
  try {
    key = createPublicKey({ key: pem, format: "pem" });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `The public key could not be parsed: ${detail}` };
  }
  if (key.asymmetricKeyType !== "ed25519") {
    return { ok: false, message: `The public key is ${key.asymmetricKeyType ?? "of an unknown type"}, not Ed25519.` };
  }
  return { ok: true, key };
}

/** Ed25519 verification that never throws (a signature of the wrong length is simply invalid). */
export function verifyEd25519(message: Uint8Array, signature: Uint8Array, key: KeyObject): boolean {
  if (signature.length !== 64) return false;
  try {
    return verify(null, message, key, signature);
  } catch {
    return false;
  }
}
