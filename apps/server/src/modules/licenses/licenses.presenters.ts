import { formatLicenseKey, type Entitlement, type Installation, type License } from "@portal/contract";
import { channelsOf } from "../catalogue/index.js";
import type { InstallationRow, LicenseRow } from "../../db/schema/index.js";
import { isExpired } from "./license-policy.js";

export interface LicenseRecord {
  license: LicenseRow;
  planName: string;
  projectName: string | null;
  ownerEmail: string;
  /** With each one's entitlement code. */
  features: { id: string; name: string; code: string }[];
  activations: number;
}

/** The licence's features by entitlement code (API.md "Encrypted licence files"), ordered by code. */
export function entitlementsOf(record: Pick<LicenseRecord, "features">): Entitlement[] {
  return record.features
    .map((feature) => ({ code: feature.code, name: feature.name }))
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

export function presentLicense(record: LicenseRecord): License {
  const { license } = record;
  return {
    id: license.id,
    key: formatLicenseKey(license.keyCompact),
    status: license.status,
    planId: license.planId,
    planName: record.planName,
    features: record.features.map((feature) => ({ id: feature.id, name: feature.name, code: feature.code })),
    projectId: license.projectId,
    projectName: record.projectName,
    ownerId: license.ownerId,
    ownerEmail: record.ownerEmail,
    issuedAt: license.issuedAt.toISOString(),
    expiresAt: license.expiresAt.toISOString(),
    maxActivations: license.maxActivations,
    activations: record.activations,
    maxReleasesPer30Days: license.maxReleasesPer30Days,
    ...policyOf(license),
    expired: isExpired(license),
    seats: { used: record.activations, max: license.maxActivations },
    channels: channelsOf(license.channels),
  };
}

/** The policy a licence was issued with, as the licence, its file and validation answers show it. */
function policyOf(license: LicenseRow) {
  return {
    type: license.type,
    floating: license.floating,
    heartbeatSeconds: license.heartbeatSeconds,
    expirationStrategy: license.expirationStrategy,
    offlineTtlDays: license.offlineTtlDays,
  };
}

/** What a licence file and a validation answer say about a licence. */
export function licenseClaims(record: LicenseRecord) {
  const { license } = record;
  return {
    id: license.id,
    key: formatLicenseKey(license.keyCompact),
    status: license.status,
    planName: record.planName,
    features: record.features.map((feature) => feature.name),
    issuedAt: license.issuedAt.toISOString(),
    expiresAt: license.expiresAt.toISOString(),
    maxActivations: license.maxActivations,
    ...policyOf(license),
  };
}

export function presentInstallation(row: InstallationRow): Installation {
  return {
    id: row.id,
    fingerprint: row.fingerprint,
    dataSummary: row.dataSummary,
    firstSeenAt: row.firstSeenAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    leaseExpiresAt: row.leaseExpiresAt?.toISOString() ?? null,
    lastHeartbeatAt: row.lastHeartbeatAt?.toISOString() ?? null,
    deadAt: row.deadAt?.toISOString() ?? null,
  };
}

/**
 * An installation event's data: the installation as the API answers it, which names no licence,
 * beside its licence (as the .req flow answers both).
 */
export function presentLicenseInstallation(record: LicenseRecord, installation: InstallationRow): { license: License; installation: Installation } {
  return { license: presentLicense(record), installation: presentInstallation(installation) };
}
