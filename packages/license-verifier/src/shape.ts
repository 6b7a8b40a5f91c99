import { isRecord } from "./encoding.js";
import type {
  Installation,
  License,
  LicenseFileMeta,
  LicenseFilePayload,
  LicenseStatus,
  UpdateManifest,
  UpdateManifestFile,
  UpdateType,
  ValidationCode,
  ValidationData,
} from "./types.js";

/** Thrown (and caught by the verifiers) when signed content does not have the documented shape. */
export class ShapeError extends Error {}

/** ISO-8601 date-time with an explicit zone, as the server writes them (`Date#toISOString`). */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

const LICENSE_STATUSES: readonly LicenseStatus[] = ["active", "not_activated", "deactivated"];
const VALIDATION_CODES: readonly ValidationCode[] = [
  "VALID",
  "NOT_FOUND",
  "DEACTIVATED",
  "EXPIRED",
  "TOO_MANY_ACTIVATIONS",
  "FINGERPRINT_MISMATCH",
  "TRIAL_ALREADY_USED",
  "LEASE_EXPIRED",
];

const LICENSE_TYPES = ["standard", "trial"] as const;
const EXPIRATION_STRATEGIES = ["revoke", "perpetual_fallback"] as const;

const UPDATE_TYPES: readonly UpdateType[] = ["major", "minor"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Milliseconds since the epoch of an ISO-8601 date-time, or NaN. */
export function parseIsoDate(value: string): number {
  return ISO_DATE_TIME.test(value) ? Date.parse(value) : Number.NaN;
}

function record(value: unknown, path: string): Record<string, unknown> {
  if (!isRecord(value)) throw new ShapeError(`${path} must be an object`);
  return value;
}

function text(object: Record<string, unknown>, key: string, path: string): string {
  const value = object[key];
  if (typeof value !== "string") throw new ShapeError(`${path}.${key} must be a string`);
  return value;
}

function nonEmptyText(object: Record<string, unknown>, key: string, path: string): string {
  const value = text(object, key, path);
  if (value === "") throw new ShapeError(`${path}.${key} must not be empty`);
  return value;
}

function matching(object: Record<string, unknown>, key: string, path: string, pattern: RegExp, what: string): void {
  const value = text(object, key, path);
  if (!pattern.test(value)) throw new ShapeError(`${path}.${key} must be ${what}, got "${value}"`);
}

/** A field no version of the format defines may be a sign of a forged or mangled structure: refused. */
function onlyKeys(object: Record<string, unknown>, allowed: readonly string[], path: string): void {
  const unknown = Object.keys(object).find((key) => !allowed.includes(key));
  if (unknown !== undefined) throw new ShapeError(`${path} has an unknown field "${unknown}"`);
}

function optionalText(object: Record<string, unknown>, key: string, path: string): void {
  if (object[key] !== undefined) text(object, key, path);
}

function date(object: Record<string, unknown>, key: string, path: string): void {
  const value = text(object, key, path);
  if (Number.isNaN(parseIsoDate(value))) throw new ShapeError(`${path}.${key} must be an ISO-8601 date-time, got "${value}"`);
}

function finiteNumber(object: Record<string, unknown>, key: string, path: string): void {
  const value = object[key];
  if (typeof value !== "number" || !Number.isFinite(value)) throw new ShapeError(`${path}.${key} must be a number`);
}

function optionalBoolean(object: Record<string, unknown>, key: string, path: string): void {
  const value = object[key];
  if (value !== undefined && typeof value !== "boolean") throw new ShapeError(`${path}.${key} must be true or false`);
}

/** Absent (a file or answer from before the field existed), null, or a number. */
function optionalNumberOrNull(object: Record<string, unknown>, key: string, path: string): void {
  const value = object[key];
  if (value !== undefined && value !== null) finiteNumber(object, key, path);
}

function oneOf<T extends string>(object: Record<string, unknown>, key: string, path: string, allowed: readonly T[]): void {
  const value = object[key];
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    throw new ShapeError(`${path}.${key} must be one of ${allowed.join(", ")}`);
  }
}

export function checkLicense(value: unknown, path: string): License {
  const license = record(value, path);
  text(license, "id", path);
  text(license, "key", path);
  oneOf(license, "status", path, LICENSE_STATUSES);
  text(license, "planName", path);
  const features = license["features"];
  if (!Array.isArray(features) || !features.every((feature) => typeof feature === "string")) {
    throw new ShapeError(`${path}.features must be an array of strings`);
  }
  date(license, "issuedAt", path);
  if (license["expiresAt"] !== null) date(license, "expiresAt", path);
  finiteNumber(license, "maxActivations", path);
  // The licensing policy (absent from files and answers made before licensing models).
  if (license["type"] !== undefined) oneOf(license, "type", path, LICENSE_TYPES);
  optionalBoolean(license, "floating", path);
  optionalNumberOrNull(license, "heartbeatSeconds", path);
  if (license["expirationStrategy"] !== undefined) oneOf(license, "expirationStrategy", path, EXPIRATION_STRATEGIES);
  optionalNumberOrNull(license, "offlineTtlDays", path);
  return license as unknown as License;
}

function checkMeta(value: unknown, path: string): LicenseFileMeta {
  const meta = record(value, path);
  date(meta, "issued", path);
  date(meta, "expiry", path);
  finiteNumber(meta, "ttl", path);
  return meta as unknown as LicenseFileMeta;
}

function checkInstallation(value: unknown, path: string): Installation | null {
  if (value === null) return null;
  const installation = record(value, path);
  text(installation, "fingerprint", path);
  optionalText(installation, "nonce", path);
  return installation as unknown as Installation;
}

/** Checks the decoded `enc` of a licence file. Throws ShapeError. */
export function checkLicenseFilePayload(value: unknown): LicenseFilePayload {
  const payload = record(value, "payload");
  if (!("installation" in payload)) throw new ShapeError("payload.installation must be an object or null");
  return {
    meta: checkMeta(payload["meta"], "meta"),
    license: checkLicense(payload["license"], "license"),
    installation: checkInstallation(payload["installation"], "installation"),
  };
}

/** Checks the `data` of a validation answer. Throws ShapeError. */
export function checkValidationData(value: unknown): ValidationData {
  const data = record(value, "data");
  if (typeof data["valid"] !== "boolean") throw new ShapeError("data.valid must be a boolean");
  oneOf(data, "code", "data", VALIDATION_CODES);
  if (data["license"] !== undefined) checkLicense(data["license"], "data.license");
  optionalText(data, "fingerprint", "data");
  optionalText(data, "nonce", "data");
  // Both absent from servers older than licensing models.
  if (data["leaseExpiresAt"] !== undefined && data["leaseExpiresAt"] !== null) date(data, "leaseExpiresAt", "data");
  optionalBoolean(data, "expired", "data");
  date(data, "timestamp", "data");
  return data as unknown as ValidationData;
}

const MANIFEST_KEYS = ["updateId", "version", "type", "header", "changeLog", "commands", "files", "publishedAt"] as const;
const MANIFEST_FILE_KEYS = ["name", "path", "size", "sha256"] as const;

function checkManifestFile(value: unknown, path: string): UpdateManifestFile {
  const file = record(value, path);
  onlyKeys(file, MANIFEST_FILE_KEYS, path);
  nonEmptyText(file, "name", path);
  text(file, "path", path);
  const size = file["size"];
  if (typeof size !== "number" || !Number.isSafeInteger(size) || size < 0) {
    throw new ShapeError(`${path}.size must be a whole number of bytes`);
  }
  matching(file, "sha256", path, SHA256_HEX, "a lower-case hex SHA-256");
  return file as unknown as UpdateManifestFile;
}

/**
 * Checks an update manifest, strictly: every field present with its type and no unknown field.
 * Install paths are checked separately (installPathsProblem). Throws ShapeError.
 */
export function checkUpdateManifest(value: unknown): UpdateManifest {
  const manifest = record(value, "manifest");
  onlyKeys(manifest, MANIFEST_KEYS, "manifest");
  matching(manifest, "updateId", "manifest", UUID, "a UUID");
  nonEmptyText(manifest, "version", "manifest");
  oneOf(manifest, "type", "manifest", UPDATE_TYPES);
  text(manifest, "header", "manifest");
  text(manifest, "changeLog", "manifest");
  const commands = manifest["commands"];
  if (!Array.isArray(commands) || !commands.every((command) => typeof command === "string")) {
    throw new ShapeError("manifest.commands must be an array of strings");
  }
  const files = manifest["files"];
  if (!Array.isArray(files)) throw new ShapeError("manifest.files must be an array");
  const names = new Set<string>();
  files.forEach((file, index) => {
    const { name } = checkManifestFile(file, `manifest.files[${index}]`);
    if (names.has(name)) throw new ShapeError(`two files are named "${name}"`);
    names.add(name);
  });
  date(manifest, "publishedAt", "manifest");
  return manifest as unknown as UpdateManifest;
}
