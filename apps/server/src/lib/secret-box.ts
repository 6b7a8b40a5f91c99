import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createKeyFile, KeyVariableRequiredError } from "./key-files.js";

export const TOTP_KEY_FILE = "totp-encryption.key";
export const TOTP_KEY_VARIABLE = "TOTP_ENCRYPTION_KEY";

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = "v1:";
// Binds every sealed value to its purpose: a value sealed for something else does not open here.
const ASSOCIATED_DATA = Buffer.from("licence-portal/totp-secret/v1");

/**
 * AES-256-GCM for short secrets kept in the database. A sealed value is
 * `v1:` + base64url(iv ‖ tag ‖ ciphertext), so a value without the prefix is recognisably plaintext.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  /** The plaintext of a sealed value; throws SecretBoxError when this key did not seal it. */
  open(sealed: string): string;
  isSealed(value: string): boolean;
}

/** A key that does not fit. Escaping a request it is logged and answered 503, never a 500 or a wrong-code 401. */
export class SecretBoxError extends Error {
  override name = "SecretBoxError";
  readonly statusCode = 503;
}

/** 32 bytes written as 64 hex characters, or as base64 / base64url (43 or 44 characters). */
export function parseSecretBoxKey(text: string): Buffer | undefined {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const key = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    if (key.length === KEY_BYTES) return key;
  }
  return undefined;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new SecretBoxError(`the key must be ${KEY_BYTES} bytes, not ${key.length}`);
  const isSealed = (value: string) => value.startsWith(VERSION);
  return {
    isSealed,
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv).setAAD(ASSOCIATED_DATA);
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url");
    },
    open(sealed) {
      if (!isSealed(sealed)) throw new SecretBoxError("the value is not sealed");
      const bytes = Buffer.from(sealed.slice(VERSION.length), "base64url");
      if (bytes.length <= IV_BYTES + TAG_BYTES) throw new SecretBoxError("the sealed value is truncated");
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES))
          .setAAD(ASSOCIATED_DATA)
          .setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
      } catch {
        throw new SecretBoxError("the value was sealed with another key, or altered");
      }
    },
  };
}

/**
 * The box for TOTP secrets: TOTP_ENCRYPTION_KEY when set, otherwise DATA_DIR/totp-encryption.key,
 * made (0600) on first start, like the licence signing key.
 */
export async function loadTotpSecretBox(options: { key?: string | undefined; dataDir: string; noNewKeyFile?: string | undefined }): Promise<SecretBox> {
  if (options.key) {
    const key = parseSecretBoxKey(options.key);
    if (!key) throw new SecretBoxError(`${TOTP_KEY_VARIABLE} must be 32 bytes as 64 hex characters or base64`);
    return createSecretBox(key);
  }
  const file = path.join(options.dataDir, TOTP_KEY_FILE);
  const fromFile = async () => {
    const key = parseSecretBoxKey(await readFile(file, "utf8"));
    if (!key) throw new SecretBoxError(`${file} does not hold a 32-byte key (64 hex characters or base64)`);
    return createSecretBox(key);
  };
  try {
    return await fromFile();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (options.noNewKeyFile) throw new KeyVariableRequiredError(TOTP_KEY_VARIABLE, file, options.noNewKeyFile, "32 random bytes as 64 hex characters or base64 (openssl rand -hex 32)");
  const key = randomBytes(KEY_BYTES);
  // When two processes start at once on one DATA_DIR, the second reads the first one's key.
  if (!(await createKeyFile(file, `${key.toString("base64")}\n`))) return fromFile();
  return createSecretBox(key);
}
