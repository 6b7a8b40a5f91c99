import { isRecord } from "./encoding.js";
import type {
  Installation,
  License,
  LicenseFileMeta,
  LicenseFilePayload,
  LicenseStatus,
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
];

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
  date(data, "timestamp", "data");
  return data as unknown as ValidationData;
}
