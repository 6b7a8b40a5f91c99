import { createCipheriv, createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createKeyFile, KeyVariableRequiredError } from "./key-files.js";

export const SIGNING_KEY_FILE = "license-signing-key.pem";
const LICENSE_FILE_ALGORITHM = "base64+ed25519";
export const ENCRYPTED_FILE_ALGORITHM = "aes-256-gcm+ed25519";
const LINE_WIDTH = 60;

export interface Signer {
  /** Base64 Ed25519 signature of the UTF-8 bytes of `text`. */
  sign(text: string): string;
  publicKeyPem: string;
  /** First 16 hex characters of the SHA-256 of the public key (DER), to tell keys apart. */
  keyId: string;
}

export function signerFromPrivateKey(privateKey: KeyObject): Signer {
  if (privateKey.asymmetricKeyType !== "ed25519") throw new Error("the licence signing key must be an Ed25519 private key");
  const publicKey = createPublicKey(privateKey);
  const publicKeyPem = publicKey.export({ type: "spki", format: "pem" }).toString();
  const keyId = createHash("sha256").update(publicKey.export({ type: "spki", format: "der" })).digest("hex").slice(0, 16);
  return {
    sign: (text) => sign(null, Buffer.from(text, "utf8"), privateKey).toString("base64"),
    publicKeyPem,
    keyId,
  };
}

/**
 * LICENSE_SIGNING_KEY when set; otherwise DATA_DIR/license-signing-key.pem, made (0600) on first start
 * unless `noNewKeyFile` says why it must not be (then a missing file stops the start).
 */
export async function loadSigner(options: { pem?: string | undefined; dataDir: string; noNewKeyFile?: string | undefined }): Promise<Signer> {
  if (options.pem) return signerFromPrivateKey(createPrivateKey(options.pem.replace(/\\n/g, "\n")));
  const file = path.join(options.dataDir, SIGNING_KEY_FILE);
  try {
    return signerFromPrivateKey(createPrivateKey(await readFile(file, "utf8")));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (options.noNewKeyFile) throw new KeyVariableRequiredError("LICENSE_SIGNING_KEY", file, options.noNewKeyFile, "an Ed25519 private key (PEM, newlines as \\n)");
  const { privateKey } = generateKeyPairSync("ed25519");
  const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  // When two processes start at once on one DATA_DIR, the second reads the first one's key.
  if (!(await createKeyFile(file, pem))) return signerFromPrivateKey(createPrivateKey(await readFile(file, "utf8")));
  return signerFromPrivateKey(privateKey);
}

/**
 * A licence file as Keygen shapes it: base64 of `{enc, sig, alg}` between header and footer lines,
 * where `enc` is base64 of the payload and `sig` signs `"license/" + enc`.
 */
export function buildLicenseFile(payload: unknown, signer: Signer): string {
  const enc = Buffer.from(JSON.stringify(payload), "utf8").toString("base64");
  return armour("license", enc, LICENSE_FILE_ALGORITHM, signer);
}

export type EncryptedFileKind = "license" | "machine";

/** `{enc, sig, alg}` with sig over `${kind}/${enc}`, base64 in lines of 60 between the kind's header and footer (as Keygen writes them). */
function armour(kind: EncryptedFileKind, enc: string, alg: string, signer: Signer): string {
  const sig = signer.sign(`${kind}/${enc}`);
  const body = Buffer.from(JSON.stringify({ enc, sig, alg }), "utf8").toString("base64");
  const lines = body.match(new RegExp(`.{1,${LINE_WIDTH}}`, "g")) ?? [];
  const label = kind === "machine" ? "MACHINE FILE" : "LICENSE FILE";
  return [`-----BEGIN ${label}-----`, ...lines, `-----END ${label}-----`, ""].join("\n");
}

/**
 * An encrypted licence file or machine file exactly as Keygen makes its cryptographic files
 * (`aes-256-gcm+ed25519`): AES-256-GCM under SHA-256 of `secret` (the licence key; for a machine
 * file the licence key + fingerprint), a random 12-byte IV, empty additional data; `enc` =
 * base64(ciphertext) "." base64(iv) "." base64(16-byte tag); `sig` = Ed25519 over "license/" + enc
 * (or "machine/" + enc). Files are a few kilobytes: this takes well under a millisecond.
 */
export function buildEncryptedFile(kind: EncryptedFileKind, plaintext: unknown, secret: string, signer: Signer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", createHash("sha256").update(secret, "utf8").digest(), iv);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(plaintext), "utf8"), cipher.final()]);
  const enc = `${ciphertext.toString("base64")}.${iv.toString("base64")}.${cipher.getAuthTag().toString("base64")}`;
  return armour(kind, enc, ENCRYPTED_FILE_ALGORITHM, signer);
}

/** The answer body `{status,data,signature}` with the signature over the exact bytes of `data`. */
export function signedEnvelope(data: unknown, signer: Signer): string {
  const json = JSON.stringify(data);
  return `{"status":"success","data":${json},"signature":${JSON.stringify(signer.sign(json))}}`;
}
