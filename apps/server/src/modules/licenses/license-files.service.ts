import { and, eq, isNull } from "drizzle-orm";
import { formatLicenseKey, LICENSE_FILE_TTL_RANGE } from "@portal/contract";
import type { Database } from "../../db/client.js";
import { installations, type InstallationRow, type UserRow } from "../../db/schema/index.js";
import { recordAudit } from "../../db/audit.js";
import { AppError } from "../../lib/app-error.js";
import type { RequestContext } from "../../lib/request-context.js";
import { buildEncryptedFile, buildLicenseFile, type Signer } from "../../lib/signing.js";
import { isExpired } from "./license-policy.js";
import type { LicenseRecord } from "./licenses.presenters.js";
import { findVisibleLicense, licenseFilePayload } from "./licenses.service.js";
import { licenseForToken } from "./req-file.service.js";

// Encrypted licence files and machine files in Keygen's format (`aes-256-gcm+ed25519`): the plaintext
// is a JSON:API document as Keygen's verifiers read it, `{data, included, meta}`. The crypto is
// lib/signing.ts's buildEncryptedFile; the key is SHA-256 of the licence key exactly as the API shows
// it (a machine file: of licence key + fingerprint).

/**
 * The file's lifetime when the caller names none: the licence's `offlineTtlDays`; else until the
 * licence ends (at least an hour); never more than a year (the `ttl` parameter's range).
 */
export function defaultFileTtl(record: LicenseRecord, now: Date): number {
  const { license } = record;
  const seconds = license.offlineTtlDays !== null ? license.offlineTtlDays * 86_400 : Math.floor((license.expiresAt.getTime() - now.getTime()) / 1000);
  return Math.min(LICENSE_FILE_TTL_RANGE.max, Math.max(LICENSE_FILE_TTL_RANGE.min, seconds));
}

function fileMeta(now: Date, ttl: number) {
  return { issued: now.toISOString(), expiry: new Date(now.getTime() + ttl * 1000).toISOString(), ttl };
}

/** Keygen's vocabulary for a licence's status (its verifiers' code may switch on it). */
function keygenStatus(record: LicenseRecord, now: Date): "ACTIVE" | "INACTIVE" | "EXPIRED" {
  if (isExpired(record.license, now)) return "EXPIRED";
  return record.license.status === "active" ? "ACTIVE" : "INACTIVE";
}

/** The licence as a Keygen `licenses` resource; the portal's own policy fields under `metadata`. */
export function licenseResource(record: LicenseRecord, now: Date) {
  const { license } = record;
  return {
    type: "licenses" as const,
    id: license.id,
    attributes: {
      key: formatLicenseKey(license.keyCompact),
      name: record.planName,
      status: keygenStatus(record, now),
      expiry: license.expiresAt.toISOString(),
      created: license.issuedAt.toISOString(),
      floating: license.floating,
      maxMachines: license.maxActivations,
      requireHeartbeat: license.floating,
      metadata: {
        planName: record.planName,
        projectName: record.projectName,
        type: license.type,
        status: license.status,
        expired: isExpired(license, now),
        expirationStrategy: license.expirationStrategy,
        heartbeatSeconds: license.heartbeatSeconds,
        offlineTtlDays: license.offlineTtlDays,
        channels: license.channels,
      },
    },
  };
}

/** The licence's features by entitlement code, as Keygen `entitlements` resources (ordered by code, as in validation answers). */
export function entitlementResources(record: LicenseRecord) {
  return [...record.features]
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
    .map((feature) => ({ type: "entitlements" as const, id: feature.id, attributes: { code: feature.code, name: feature.name } }));
}

export function encryptedLicenseFile(record: LicenseRecord, ttl: number, signer: Signer, now = new Date()): string {
  const license = licenseResource(record, now);
  const plaintext = { data: license, included: entitlementResources(record), meta: fileMeta(now, ttl) };
  return buildEncryptedFile("license", plaintext, license.attributes.key, signer);
}

export function machineFile(record: LicenseRecord, installation: InstallationRow, ttl: number, signer: Signer, now = new Date()): string {
  const license = licenseResource(record, now);
  const machine = {
    type: "machines" as const,
    id: installation.id,
    attributes: {
      fingerprint: installation.fingerprint,
      name: installation.dataSummary || null,
      created: installation.firstSeenAt.toISOString(),
      lastSeen: installation.lastSeenAt.toISOString(),
      leaseExpiry: installation.leaseExpiresAt?.toISOString() ?? null,
      requireHeartbeat: record.license.floating,
      heartbeatDuration: record.license.heartbeatSeconds,
    },
    relationships: { license: { data: { type: "licenses", id: record.license.id } } },
  };
  const plaintext = { data: machine, included: [license, ...entitlementResources(record)], meta: fileMeta(now, ttl) };
  return buildEncryptedFile("machine", plaintext, license.attributes.key + installation.fingerprint, signer);
}

/**
 * `GET /licenses/{id}/file`: the plain signed file (`base64+ed25519`, 30 days unless `ttl` says), or
 * with `encrypt` the encrypted one (`aes-256-gcm+ed25519`, `ttl` or the licence's default).
 */
export async function licenseFileFor(
  db: Database,
  user: UserRow,
  id: string,
  options: { encrypt?: boolean | undefined; ttl?: number | undefined },
  signer: Signer,
  context: RequestContext,
) {
  const record = await findVisibleLicense(db, user, id);
  if (record.license.status === "deactivated") throw new AppError("license/deactivated");
  const now = new Date();
  if (!options.encrypt) {
    await recordAudit(db, context, { action: "license.file_downloaded", targetType: "license", targetId: id, ...(options.ttl ? { details: { ttl: options.ttl } } : {}) });
    return { file: buildLicenseFile(licenseFilePayload(record, null, now, options.ttl), signer), record };
  }
  const ttl = options.ttl ?? defaultFileTtl(record, now);
  await recordAudit(db, context, { action: "license.file_downloaded", targetType: "license", targetId: id, details: { encrypted: true, ttl } });
  return { file: encryptedLicenseFile(record, ttl, signer, now), record };
}

async function liveInstallation(db: Database, licenseId: string, installationId: string): Promise<InstallationRow> {
  const [row] = await db
    .select()
    .from(installations)
    .where(and(eq(installations.id, installationId), eq(installations.licenseId, licenseId), isNull(installations.releasedAt)))
    .limit(1);
  if (!row) throw new AppError("common/not_found");
  return row;
}

/** `GET /licenses/{id}/installations/{installationId}/file`: the owner's or an admin's; another customer's licence, or a released installation, is 404. */
export async function machineFileFor(
  db: Database,
  user: UserRow,
  licenseId: string,
  installationId: string,
  ttl: number | undefined,
  signer: Signer,
  context: RequestContext,
) {
  const record = await findVisibleLicense(db, user, licenseId);
  const installation = await liveInstallation(db, licenseId, installationId);
  if (record.license.status === "deactivated") throw new AppError("license/deactivated");
  const now = new Date();
  const seconds = ttl ?? defaultFileTtl(record, now);
  await recordAudit(db, context, {
    action: "license.file_downloaded",
    targetType: "license",
    targetId: licenseId,
    details: { kind: "machine", installationId, fingerprint: installation.fingerprint, ttl: seconds },
  });
  return { file: machineFile(record, installation, seconds, signer, now), record, installation };
}

/** `GET /req/machine-file`: the machine file of the installation a licence token's .req activated. */
export async function machineFileForToken(db: Database, token: string | undefined, ttl: number | undefined, signer: Signer, context: RequestContext) {
  const { record, installationId } = await licenseForToken(db, token);
  // A token whose installation was released since (another machine took its place) has no machine.
  const installation = installationId ? await liveInstallation(db, record.license.id, installationId).catch(() => undefined) : undefined;
  if (!installation) throw new AppError("license/invalid_token");
  const now = new Date();
  const seconds = ttl ?? defaultFileTtl(record, now);
  await recordAudit(db, context, {
    action: "license.file_downloaded",
    targetType: "license",
    targetId: record.license.id,
    details: { kind: "machine", via: "req", installationId, fingerprint: installation.fingerprint, ttl: seconds },
  });
  return { file: machineFile(record, installation, seconds, signer, now), record, installation };
}
