/**
 * Test-only issuer: builds licence files, validation answers and update manifests exactly as the portal's server does,
 * with real Ed25519 keys. Not part of the library (excluded from the build, never exported).
 */
import { createCipheriv, createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { writeZipFile, type ZipEntry, type ZipFileOptions } from "@portal/test-support";
import type { LicenseFileEnvelope, LicenseFilePayload, UpdateManifest, UpdateManifestFile, ValidationAnswer, ValidationData } from "../types.js";

export interface TestKeys {
  publicKeyPem: string;
  privateKey: KeyObject;
}

export function makeKeys(): TestKeys {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  return { publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString(), privateKey };
}

export const DAY = 86_400_000;

/** A licence file payload issued at `issued`, its file valid for `ttlDays`, the licence for `licenseDays`. */
export function makePayload(
  issued: Date,
  overrides: { ttlDays?: number; licenseDays?: number | null; status?: LicenseFilePayload["license"]["status"]; planName?: string } & {
    installation?: LicenseFilePayload["installation"];
  } = {},
): LicenseFilePayload {
  const ttlDays = overrides.ttlDays ?? 30;
  const licenseDays = overrides.licenseDays === undefined ? 365 : overrides.licenseDays;
  return {
    meta: {
      issued: issued.toISOString(),
      expiry: new Date(issued.getTime() + ttlDays * DAY).toISOString(),
      ttl: ttlDays * 86_400,
    },
    license: {
      id: "4b0c6f0e-5d43-4a8e-9d1c-2f7f0b7c9a11",
      key: "7K3QX-9MZ4T-1B8RW-P2D6H-VC5NE-FJ0GA",
      status: overrides.status ?? "active",
      planName: overrides.planName ?? "Professional",
      features: ["reports", "sso", "api"],
      issuedAt: new Date(issued.getTime() - 10 * DAY).toISOString(),
      expiresAt: licenseDays === null ? null : new Date(issued.getTime() + licenseDays * DAY).toISOString(),
      maxActivations: 3,
    },
    installation:
      overrides.installation === undefined
        ? { fingerprint: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", nonce: "n-123" }
        : overrides.installation,
  };
}

export function encodePayload(payload: unknown): string {
  return Buffer.from(JSON.stringify(payload), "utf8").toString("base64");
}

export function signEnc(enc: string, privateKey: KeyObject): string {
  return sign(null, Buffer.from(`license/${enc}`, "utf8"), privateKey).toString("base64");
}

/** Armours an envelope: base64 of its JSON, wrapped at 60 columns, between the header and footer. */
export function armor(envelope: unknown, options: { crlf?: boolean } = {}): string {
  const base64 = Buffer.from(JSON.stringify(envelope), "utf8").toString("base64");
  const lines = base64.match(/.{1,60}/g) ?? [];
  const eol = options.crlf ? "\r\n" : "\n";
  return ["-----BEGIN LICENSE FILE-----", ...lines, "-----END LICENSE FILE-----", ""].join(eol);
}

export function makeLicenseFile(payload: unknown, privateKey: KeyObject, options: { alg?: string; crlf?: boolean } = {}): string {
  const enc = encodePayload(payload);
  return armor({ enc, sig: signEnc(enc, privateKey), alg: options.alg ?? "base64+ed25519" }, options);
}

/** Reads the envelope back out of an armoured file (for tampering in tests). */
export function unarmor(file: string): LicenseFileEnvelope {
  const body = file.replace(/-----[A-Z ]+-----/g, "").replace(/\s+/g, "");
  return JSON.parse(Buffer.from(body, "base64").toString("utf8")) as LicenseFileEnvelope;
}

export function makeValidationData(timestamp: Date, overrides: Partial<ValidationData> = {}): ValidationData {
  const license = makePayload(timestamp).license;
  return {
    valid: true,
    code: "VALID",
    license,
    fingerprint: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    nonce: "c0ffee-42",
    timestamp: timestamp.toISOString(),
    ...overrides,
  };
}

/** The answer object as the server builds it: the signature covers JSON.stringify(data). */
export function makeAnswer(data: unknown, privateKey: KeyObject): ValidationAnswer {
  const signature = sign(null, Buffer.from(JSON.stringify(data), "utf8"), privateKey).toString("base64");
  return { status: "success", data: data as ValidationData, signature };
}

/** A manifest entry for `content` installed at `path` (named after its last segment unless `name` is given). */
export function manifestFile(path: string, content: Uint8Array | string, name?: string): UpdateManifestFile {
  const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  return { name: name ?? path.split("/").at(-1) ?? path, path, size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
}

export function makeManifest(files: UpdateManifestFile[], overrides: Partial<UpdateManifest> = {}): UpdateManifest {
  return {
    updateId: "0d3c5e8a-1f2b-4c6d-9e7f-8a9b0c1d2e3f",
    version: "2.4.0",
    type: "minor",
    header: "Faster reports",
    changeLog: "- Reports render twice as fast\n- Fixed the export of empty tables",
    commands: ["systemctl stop portal-app", "unzip -o backend.zip -d /opt/app", "systemctl start portal-app"],
    files,
    publishedAt: "2026-03-02T12:00:00.000Z",
    ...overrides,
  };
}

/** The base64 Ed25519 signature over the manifest text's exact UTF-8 bytes. */
export function signManifest(manifestText: string | Uint8Array, privateKey: KeyObject): string {
  const bytes = typeof manifestText === "string" ? Buffer.from(manifestText, "utf8") : manifestText;
  return sign(null, bytes, privateKey).toString("base64");
}

/** The body of `GET /api/v1/updates/{id}/manifest` for a manifest text. */
export function makeManifestAnswer(manifestText: string, privateKey: KeyObject, alg = "ed25519") {
  return { status: "success", data: { manifest: manifestText, signature: signManifest(manifestText, privateKey), alg } };
}

/** A package as the portal writes it: manifest.json, manifest.sig, then every file at its install path. */
export function writeTestPackage(file: string, manifestText: string, signature: string, entries: ZipEntry[], options: ZipFileOptions = {}): void {
  writeZipFile(file, [{ name: "manifest.json", data: manifestText }, { name: "manifest.sig", data: `${signature}\n` }, ...entries], options);
}

/** An encrypted file as the portal (and Keygen) makes it: AES-256-GCM under SHA-256(secret), Ed25519 over `${kind}/${enc}`. */
export function makeEncryptedFile(kind: "license" | "machine", plaintext: unknown, secret: string, privateKey: KeyObject, options: { alg?: string } = {}): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", createHash("sha256").update(secret, "utf8").digest(), iv);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(plaintext), "utf8"), cipher.final()]);
  const enc = `${ciphertext.toString("base64")}.${iv.toString("base64")}.${cipher.getAuthTag().toString("base64")}`;
  const sig = sign(null, Buffer.from(`${kind}/${enc}`, "utf8"), privateKey).toString("base64");
  const body = Buffer.from(JSON.stringify({ enc, sig, alg: options.alg ?? "aes-256-gcm+ed25519" })).toString("base64");
  const label = kind === "machine" ? "MACHINE FILE" : "LICENSE FILE";
  return [`-----BEGIN ${label}-----`, ...(body.match(/.{1,60}/g) ?? []), `-----END ${label}-----`, ""].join("\n");
}

/** The plaintext of an encrypted licence (or machine) file as the portal writes it. */
export function makeDataset(kind: "license" | "machine", issued: Date, ttlSeconds: number | null, licenseKey: string, fingerprint = "") {
  const license = {
    type: "licenses",
    id: "4b0c6f0e-5d43-4a8e-9d1c-2f7f0b7c9a11",
    attributes: { key: licenseKey, name: "Professional", status: "ACTIVE", expiry: null, created: "2026-01-01T00:00:00.000Z", floating: false, maxMachines: 3 },
  };
  const entitlements = [{ type: "entitlements", id: "0d7f7c5e-2a9b-4a43-8d3c-1b0e9b8f6a21", attributes: { code: "REPORTS", name: "Reports" } }];
  const meta = {
    issued: issued.toISOString(),
    expiry: ttlSeconds === null ? null : new Date(issued.getTime() + ttlSeconds * 1000).toISOString(),
    ttl: ttlSeconds,
  };
  return kind === "license"
    ? { data: license, included: entitlements, meta }
    : { data: { type: "machines", id: "7f6e5d4c-3b2a-4190-8877-665544332211", attributes: { fingerprint, name: "build-01" } }, included: [license, ...entitlements], meta };
}
