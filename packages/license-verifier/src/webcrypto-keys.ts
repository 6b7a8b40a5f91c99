import { decodeBase64Bytes } from "./encoding.js";

// Ed25519 on WebCrypto (`globalThis.crypto.subtle`): Node.js 20 and later, and browsers (Chrome 137,
// Firefox 129, Safari 17), where it exists only in secure contexts (https:// or localhost). Typed
// here by what is used, so this compiles without the DOM or Node's type definitions.

/** An imported key, as WebCrypto hands it back (opaque here). */
export type WebCryptoKey = object;

interface Subtle {
  importKey(format: "spki", keyData: Uint8Array, algorithm: { name: "Ed25519" }, extractable: false, usages: ["verify"]): Promise<WebCryptoKey>;
  importKey(format: "raw", keyData: ArrayBuffer, algorithm: { name: "AES-GCM" }, extractable: false, usages: ["decrypt"]): Promise<WebCryptoKey>;
  verify(algorithm: { name: "Ed25519" }, key: WebCryptoKey, signature: Uint8Array, data: Uint8Array): Promise<boolean>;
  digest(algorithm: "SHA-256", data: Uint8Array): Promise<ArrayBuffer>;
  decrypt(algorithm: { name: "AES-GCM"; iv: Uint8Array; additionalData: Uint8Array; tagLength: 128 }, key: WebCryptoKey, data: Uint8Array): Promise<ArrayBuffer>;
}

function subtle(): Subtle | undefined {
  return (globalThis as { crypto?: { subtle?: Subtle } }).crypto?.subtle;
}

export type WebCryptoKeyResult = { ok: true; key: WebCryptoKey } | { ok: false; message: string };

const PEM_HEADER = "-----BEGIN PUBLIC KEY-----";
const PEM_FOOTER = "-----END PUBLIC KEY-----";

/** Imported keys by PEM: a client checking an answer every heartbeat imports its key once. */
const imported = new Map<string, Promise<WebCryptoKeyResult>>();
const MAX_CACHED_KEYS = 16;

async function importKey(pem: string): Promise<WebCryptoKeyResult> {
  const crypto = subtle();
  if (!crypto) {
    return { ok: false, message: "WebCrypto (crypto.subtle) is not available here: browsers offer it only on https:// pages and localhost." };
  }
  const start = pem.indexOf(PEM_HEADER) + PEM_HEADER.length;
  const end = pem.indexOf(PEM_FOOTER, start);
  if (end < 0) return { ok: false, message: `The public key could not be parsed: no "${PEM_FOOTER}" line.` };
  const der = decodeBase64Bytes(pem.slice(start, end).replace(/\s+/g, ""));
  if (!der) return { ok: false, message: "The public key could not be parsed: its body is not base64." };
  return importSpkiWebCrypto(der);
}

/** Imports an Ed25519 public key given as SPKI DER bytes. Never rejects. */
export async function importSpkiWebCrypto(der: Uint8Array): Promise<WebCryptoKeyResult> {
  const crypto = subtle();
  if (!crypto) {
    return { ok: false, message: "WebCrypto (crypto.subtle) is not available here: browsers offer it only on https:// pages and localhost." };
  }
  try {
    return { ok: true, key: await crypto.importKey("spki", der, { name: "Ed25519" }, false, ["verify"]) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `The public key could not be read as an Ed25519 public key: ${detail}` };
  }
}

/**
 * Imports an Ed25519 public key in PEM (SPKI) for WebCrypto. Never rejects. A private key is refused
 * on purpose, as by loadPublicKey: it must never ship inside a product.
 */
export function importPublicKeyWebCrypto(pem: unknown): Promise<WebCryptoKeyResult> {
  if (typeof pem !== "string") return Promise.resolve({ ok: false, message: "The public key must be a PEM string." });
  if (pem.includes("PRIVATE KEY")) {
    return Promise.resolve({ ok: false, message: "A private key was given: verify with the public key only, and never ship the private key." });
  }
  if (!pem.includes(PEM_HEADER)) {
    return Promise.resolve({ ok: false, message: `The public key is not a PEM SPKI public key (no "${PEM_HEADER}" line).` });
  }
  let result = imported.get(pem);
  if (!result) {
    if (imported.size >= MAX_CACHED_KEYS) imported.delete(imported.keys().next().value!);
    result = importKey(pem);
    imported.set(pem, result);
  }
  return result;
}

/** Ed25519 verification on WebCrypto that never rejects (a signature of the wrong length is simply invalid). */
export async function verifyEd25519WebCrypto(message: Uint8Array, signature: Uint8Array, key: WebCryptoKey): Promise<boolean> {
  if (signature.length !== 64) return false;
  try {
    return await subtle()!.verify({ name: "Ed25519" }, key, signature, message);
  } catch {
    return false;
  }
}

/**
 * AES-256-GCM decryption with key SHA-256(`secret`), empty additional data, a 16-byte tag: the
 * plaintext, or undefined when the key is wrong or the data altered (never rejects).
 */
export async function decryptAesGcmWebCrypto(secret: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array, tag: Uint8Array): Promise<Uint8Array | undefined> {
  const crypto = subtle();
  if (!crypto) return undefined;
  try {
    const key = await crypto.importKey("raw", await crypto.digest("SHA-256", secret), { name: "AES-GCM" }, false, ["decrypt"]);
    // WebCrypto takes the tag at the end of the ciphertext.
    const sealed = new Uint8Array(ciphertext.length + tag.length);
    sealed.set(ciphertext);
    sealed.set(tag, ciphertext.length);
    return new Uint8Array(await crypto.decrypt({ name: "AES-GCM", iv, additionalData: new Uint8Array(), tagLength: 128 }, key, sealed));
  } catch {
    return undefined;
  }
}
