import { decodeBase64Bytes } from "./encoding.js";

// The forms an Ed25519 public key is handed out in: the portal's PEM (SPKI), Keygen's hex (the raw 32
// bytes, as its dashboard and example-js-cryptographic-license-files show it) and Keygen's base64 DER
// (SPKI, as example-node-cryptographic-license-files reads KEYGEN_PUBLIC_KEY). All become SPKI DER,
// which node:crypto and WebCrypto both import. No Node built-ins here (browsers too).

/** The DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410): SEQUENCE { SEQUENCE { OID 1.3.101.112 }, BIT STRING (32 bytes) }. */
const ED25519_SPKI_PREFIX = [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00];
const PEM_HEADER = "-----BEGIN PUBLIC KEY-----";
const PEM_FOOTER = "-----END PUBLIC KEY-----";

export type SpkiResult = { ok: true; der: Uint8Array } | { ok: false; message: string };

function hasEd25519Prefix(der: Uint8Array): boolean {
  return der.length === ED25519_SPKI_PREFIX.length + 32 && ED25519_SPKI_PREFIX.every((byte, index) => der[index] === byte);
}

/**
 * An Ed25519 public key as PEM (SPKI), 64 hex characters (the raw key) or base64 of the SPKI DER,
 * as SPKI DER bytes. Never throws. A private key is refused: it must never ship inside a product.
 */
export function publicKeySpki(text: unknown): SpkiResult {
  if (typeof text !== "string") return { ok: false, message: "The public key must be given as text (PEM, hex or base64 DER)." };
  if (text.includes("PRIVATE KEY")) {
    return { ok: false, message: "A private key was given: verify with the public key only, and never ship the private key." };
  }
  const trimmed = text.trim();
  if (trimmed.includes(PEM_HEADER)) {
    const start = trimmed.indexOf(PEM_HEADER) + PEM_HEADER.length;
    const end = trimmed.indexOf(PEM_FOOTER, start);
    if (end < 0) return { ok: false, message: `The public key could not be parsed: no "${PEM_FOOTER}" line.` };
    const der = decodeBase64Bytes(trimmed.slice(start, end).replace(/\s+/g, ""));
    if (!der) return { ok: false, message: "The public key could not be parsed: its body is not base64." };
    return { ok: true, der };
  }
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) {
    const der = new Uint8Array(ED25519_SPKI_PREFIX.length + 32);
    der.set(ED25519_SPKI_PREFIX);
    for (let index = 0; index < 32; index++) der[ED25519_SPKI_PREFIX.length + index] = parseInt(trimmed.slice(index * 2, index * 2 + 2), 16);
    return { ok: true, der };
  }
  const der = decodeBase64Bytes(trimmed);
  if (der && hasEd25519Prefix(der)) return { ok: true, der };
  return {
    ok: false,
    message: `The public key is none of the accepted forms: PEM ("${PEM_HEADER}"), 64 hex characters (the raw Ed25519 key) or base64 of its SPKI DER.`,
  };
}
