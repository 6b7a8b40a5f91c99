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
import { decryptAesGcmWebCrypto, importSpkiWebCrypto, verifyEd25519WebCrypto } from "./webcrypto-keys.js";

async function verifyKeygenFileWebCrypto(kind: KeygenFileKind, text: string, publicKey: string, options: VerifyKeygenFileOptions): Promise<KeygenFileResult> {
  checkOptions(kind, options);
  const now = resolveNow(options.now);
  const file = readKeygenFile(text, kind);
  if (!file.ok) return file;
  const spki = publicKeySpki(publicKey);
  const key = spki.ok ? await importSpkiWebCrypto(spki.der) : spki;
  if (!key.ok) return keygenFailure("BAD_SIGNATURE", `The signature cannot be verified. ${key.message}`);
  if (!(await verifyEd25519WebCrypto(file.signed, file.signature, key.key))) {
    const what = kind === "machine" ? "machine file" : "licence file";
    return keygenFailure("BAD_SIGNATURE", `The ${what} signature is not valid for this public key: the file was altered or signed with another key.`);
  }
  const badParts = checkParts(file, kind);
  if (badParts) return badParts;
  const plaintext = await decryptAesGcmWebCrypto(secretOf(kind, options), file.iv, file.ciphertext, file.tag);
  if (!plaintext) return decryptionFailure(kind);
  return checkDataset(plaintext, kind, options, now);
}

/** verifyEncryptedLicenseFile on WebCrypto (browsers, Electron renderers, Node.js 20+): the same checks and results, asynchronous. */
export function verifyEncryptedLicenseFileWebCrypto(text: string, publicKey: string, options: VerifyKeygenFileOptions): Promise<KeygenFileResult> {
  return verifyKeygenFileWebCrypto("license", text, publicKey, options);
}

/** verifyMachineFile on WebCrypto (browsers, Electron renderers, Node.js 20+): the same checks and results, asynchronous. */
export function verifyMachineFileWebCrypto(text: string, publicKey: string, options: VerifyKeygenFileOptions): Promise<KeygenFileResult> {
  return verifyKeygenFileWebCrypto("machine", text, publicKey, options);
}
