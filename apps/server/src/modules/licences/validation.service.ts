import { createHash } from "node:crypto";
import { and, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { isWellFormedLicenseKey, normalizeLicenseKey, type ValidationCode, type ValidationData } from "@portal/contract";
import type { Database, Executor } from "../../db/client.js";
import { installations, licenses, type InstallationRow } from "../../db/schema/index.js";
import { AppError } from "../../lib/app-error.js";
import type { RequestContext } from "../../lib/request-context.js";
import { recordAudit } from "../audit/audit.service.js";
import { licenseClaims, type LicenseRecord } from "./licences.presenters.js";
import { findLicense, liveInstallation } from "./licences.queries.js";

// Refreshing last_seen_at on every check would turn each validation into a write.
const LAST_SEEN_RESOLUTION = sql`interval '5 minutes'`;

export function fingerprintOf(installationData: string): string {
  return createHash("sha256").update(installationData, "utf8").digest("hex");
}

export async function findLicenseByKey(executor: Executor, key: string): Promise<LicenseRecord | undefined> {
  // The check character turns a typo into NOT_FOUND without a database round trip.
  if (!isWellFormedLicenseKey(key)) return undefined;
  return findLicense(executor, eq(licenses.keyCompact, normalizeLicenseKey(key)));
}

export type ActivationOutcome =
  | { code: "VALID"; installation: InstallationRow; activated: boolean }
  | { code: "TOO_MANY_ACTIVATIONS" | "FINGERPRINT_MISMATCH" };

/**
 * The installation for `fingerprint`: the existing one, or a new one while the licence has room.
 * A fingerprint whose installation was released answers FINGERPRINT_MISMATCH: a machine the licence
 * was moved away from must not quietly take it back; it needs a new .req from its owner.
 */
export async function activateInstallation(
  tx: Executor,
  record: LicenseRecord,
  fingerprint: string,
  dataSummary: string,
  options: { allowReleased: boolean },
): Promise<ActivationOutcome> {
  const licenseId = record.license.id;
  const [existing] = await tx.select().from(installations).where(liveInstallation(licenseId, fingerprint)).limit(1);
  if (existing) {
    await tx
      .update(installations)
      .set({ lastSeenAt: sql`now()`, ...(dataSummary ? { dataSummary } : {}) })
      .where(and(eq(installations.id, existing.id), lt(installations.lastSeenAt, sql`now() - ${LAST_SEEN_RESOLUTION}`)));
    return { code: "VALID", installation: existing, activated: false };
  }
  if (!options.allowReleased) {
    const [released] = await tx
      .select({ id: installations.id })
      .from(installations)
      .where(and(eq(installations.licenseId, licenseId), eq(installations.fingerprint, fingerprint), isNotNull(installations.releasedAt)))
      .limit(1);
    if (released) return { code: "FINGERPRINT_MISMATCH" };
  }
  // Lock the licence row: two machines activating at once cannot both take the last place.
  await tx.select({ id: licenses.id }).from(licenses).where(eq(licenses.id, licenseId)).for("update");
  const [{ live } = { live: 0 }] = await tx
    .select({ live: sql<number>`count(*)::int` })
    .from(installations)
    .where(and(eq(installations.licenseId, licenseId), isNull(installations.releasedAt)));
  if (live >= record.license.maxActivations) return { code: "TOO_MANY_ACTIVATIONS" };
  const [created] = await tx.insert(installations).values({ licenseId, fingerprint, dataSummary }).returning();
  if (record.license.status === "not_activated") {
    await tx.update(licenses).set({ status: "active" }).where(eq(licenses.id, licenseId));
    record.license.status = "active";
  }
  record.activations = live + 1;
  return { code: "VALID", installation: created!, activated: true };
}

export function refusalFor(record: LicenseRecord, now: Date): ValidationCode | undefined {
  if (record.license.status === "deactivated") return "DEACTIVATED";
  if (record.license.expiresAt.getTime() <= now.getTime()) return "EXPIRED";
  return undefined;
}

/** Online validation (Keygen's order): key → deactivated → expired → fingerprint and activation. */
export async function validateLicense(
  db: Database,
  input: { key: string; fingerprint?: string; nonce?: string },
  context: RequestContext,
): Promise<ValidationData> {
  const now = new Date();
  const echo = {
    ...(input.fingerprint !== undefined ? { fingerprint: input.fingerprint } : {}),
    ...(input.nonce !== undefined ? { nonce: input.nonce } : {}),
  };
  const answer = (code: ValidationCode, record?: LicenseRecord): ValidationData => ({
    valid: code === "VALID",
    code,
    ...(record ? { license: licenseClaims(record) } : {}),
    ...echo,
    timestamp: now.toISOString(),
  });

  const record = await findLicenseByKey(db, input.key);
  if (!record) return answer("NOT_FOUND");
  const refusal = refusalFor(record, now);
  if (refusal) return answer(refusal, record);
  if (input.fingerprint === undefined) return answer("VALID", record);

  const fingerprint = input.fingerprint;
  return db.transaction(async (tx) => {
    const outcome = await activateInstallation(tx, record, fingerprint, "", { allowReleased: false });
    if (outcome.code === "VALID" && outcome.activated) {
      await recordAudit(tx, { ...context, actorId: null }, {
        action: "license.activated",
        targetType: "license",
        targetId: record.license.id,
        details: { fingerprint, via: "validate" },
      });
    }
    return answer(outcome.code, record);
  });
}

export function assertUsable(record: LicenseRecord, now = new Date()): void {
  const refusal = refusalFor(record, now);
  if (refusal === "DEACTIVATED") throw new AppError("license/deactivated");
  if (refusal === "EXPIRED") throw new AppError("license/expired");
}
