import { createHash } from "node:crypto";
import { and, eq, isNotNull, lt, sql } from "drizzle-orm";
import { isWellFormedLicenseKey, normalizeLicenseKey, type ValidationCode, type ValidationData } from "@portal/contract";
import type { Database, Executor } from "../../db/client.js";
import { installations, licenses, type InstallationRow, type LicenseRow } from "../../db/schema/index.js";
import { AppError } from "../../lib/app-error.js";
import type { RequestContext } from "../../lib/request-context.js";
import { recordAudit } from "../../db/audit.js";
import { transactionWithWebhooks, type JobWaker, type WebhookEmitter } from "../webhooks/index.js";
import { licenseClaims, presentLicense, presentLicenseInstallation, type LicenseRecord } from "./licenses.presenters.js";
import { findLicense, liveInstallation } from "./licenses.queries.js";
import { isExpired } from "./license-policy.js";
import { claimTrialFingerprint } from "./trials.service.js";

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
  /** `activated`: a new installation; `firstActivation`: the licence's first installation ever. */
  | { code: "VALID"; installation: InstallationRow; activated: boolean; firstActivation: boolean }
  | { code: "TOO_MANY_ACTIVATIONS" | "FINGERPRINT_MISMATCH" | "TRIAL_ALREADY_USED" };

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
    return { code: "VALID", installation: existing, activated: false, firstActivation: false };
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
  // Released installations count for `ever`: a licence moved to another machine is not activated for the first time.
  const [{ live, ever } = { live: 0, ever: 0 }] = await tx
    .select({ live: sql<number>`(count(*) filter (where ${installations.releasedAt} is null))::int`, ever: sql<number>`count(*)::int` })
    .from(installations)
    .where(eq(installations.licenseId, licenseId));
  if (live >= record.license.maxActivations) return { code: "TOO_MANY_ACTIVATIONS" };
  // One trial of a plan per machine, under any account (trials.service.ts owns the rule).
  if (record.license.type === "trial" && (await claimTrialFingerprint(tx, record, fingerprint)) === "TRIAL_ALREADY_USED") return { code: "TRIAL_ALREADY_USED" };
  const [created] = await tx.insert(installations).values({ licenseId, fingerprint, dataSummary }).returning();
  if (record.license.status === "not_activated") {
    await tx.update(licenses).set({ status: "active" }).where(eq(licenses.id, licenseId));
    record.license.status = "active";
  }
  record.activations = live + 1;
  return { code: "VALID", installation: created!, activated: true, firstActivation: ever === 0 };
}

/** A new installation's webhook events: `installation.activated`, after `license.activated` when it is the licence's first. */
export async function emitActivationEvents(tx: Executor, webhooks: WebhookEmitter, licenseId: string, outcome: ActivationOutcome): Promise<void> {
  if (outcome.code !== "VALID" || !outcome.activated) return;
  let record: LicenseRecord | undefined;
  const activated = async () => (record ??= (await findLicense(tx, eq(licenses.id, licenseId)))!);
  if (outcome.firstActivation) await webhooks.emitLazily("license.activated", async () => presentLicense(await activated()));
  await webhooks.emitLazily("installation.activated", async () => presentLicenseInstallation(await activated(), outcome.installation));
}

/** Why a licence does not validate at all; an expired `perpetual_fallback` licence still does (with `expired: true`). */
export function refusalFor(record: LicenseRecord, now: Date): ValidationCode | undefined {
  if (record.license.status === "deactivated") return "DEACTIVATED";
  if (isExpired(record.license, now) && record.license.expirationStrategy === "revoke") return "EXPIRED";
  return undefined;
}

interface ValidationRow extends Record<string, unknown> {
  id: string;
  key_compact: string;
  status: LicenseRow["status"];
  issued_at: string | Date;
  expires_at: string | Date;
  max_activations: number;
  max_releases: number;
  type: LicenseRow["type"];
  floating: boolean;
  heartbeat_seconds: number | null;
  expiration_strategy: LicenseRow["expirationStrategy"];
  offline_ttl_days: number | null;
  owner_id: string;
  plan_id: string;
  plan_name: string;
  features: string[] | string;
  live: number;
  installation_state: "live" | "released" | null;
}

/**
 * The hot path in one round trip: the licence, its plan name and feature names, its live installation
 * count, what is known of the fingerprint, and (in a data-modifying CTE) the throttled last-seen touch.
 * Written by hand so PostgreSQL can keep it prepared; the table names are checked by the tests.
 */
const VALIDATION_QUERY = `
  with found as (
    select l.id, l.key_compact, l.status, l.issued_at, l.expires_at, l.max_activations,
           l.max_releases_per_30_days as max_releases, l.type, l.floating, l.heartbeat_seconds, l.expiration_strategy,
           l.offline_ttl_days, l.owner_id, l.plan_id, p.name as plan_name
    from licenses l join plans p on p.id = l.plan_id
    where l.key_compact = $1
  ),
  known as (
    select i.id, i.released_at from installations i join found on i.license_id = found.id
    where $2::text is not null and i.fingerprint = $2::text
    order by i.released_at is null desc
    limit 1
  ),
  touched as (
    update installations set last_seen_at = now()
    where id = (select id from known where released_at is null)
      and last_seen_at < now() - interval '5 minutes'
    returning id
  )
  select found.*,
    coalesce((select array_agg(f.name order by f.name) from license_features lf join features f on f.id = lf.feature_id
              where lf.license_id = found.id), '{}') as features,
    (select count(*)::int from installations x where x.license_id = found.id and x.released_at is null) as live,
    (select case when released_at is null then 'live' else 'released' end from known) as installation_state
  from found`;

type PreparedQuery = <Row>(name: string, text: string, values: unknown[]) => Promise<Row[]>;

async function readForValidation(query: PreparedQuery, keyCompact: string, fingerprint: string | null): Promise<ValidationRow | undefined> {
  const [row] = await query<ValidationRow>("license-validate", VALIDATION_QUERY, [keyCompact, fingerprint]);
  return row;
}

function recordFromRow(row: ValidationRow): LicenseRecord {
  const features = Array.isArray(row.features) ? row.features : parsePgArray(row.features);
  return {
    license: {
      id: row.id,
      keyCompact: row.key_compact,
      ownerId: row.owner_id,
      requestId: null,
      planId: row.plan_id,
      projectId: null,
      status: row.status,
      issuedAt: new Date(row.issued_at),
      expiresAt: new Date(row.expires_at),
      maxActivations: row.max_activations,
      maxReleasesPer30Days: row.max_releases,
      deactivatedAt: null,
      type: row.type,
      floating: row.floating,
      heartbeatSeconds: row.heartbeat_seconds,
      expirationStrategy: row.expiration_strategy,
      offlineTtlDays: row.offline_ttl_days,
      expiryAnnouncedAt: null,
    },
    planName: row.plan_name,
    projectName: null,
    ownerEmail: "",
    features: features.map((name) => ({ id: "", name })),
    activations: row.live,
  };
}

/** PGlite hands back text[] as a Postgres array literal in raw queries. */
function parsePgArray(literal: string): string[] {
  if (literal === "{}") return [];
  return literal
    .slice(1, -1)
    .match(/"((?:[^"\\]|\\.)*)"|[^,]+/g)!
    .map((item) => (item.startsWith('"') ? item.slice(1, -1).replace(/\\(.)/g, "$1") : item));
}

/** Online validation (Keygen's order): key → deactivated → expired → fingerprint and activation. */
export async function validateLicense(
  db: Database,
  query: PreparedQuery,
  input: { key: string; fingerprint?: string; nonce?: string },
  context: RequestContext,
  waker: JobWaker,
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
    leaseExpiresAt: null,
    expired: record ? isExpired(record.license, now) : false,
    timestamp: now.toISOString(),
  });

  // The check character turns a typo into NOT_FOUND without a database round trip.
  if (!isWellFormedLicenseKey(input.key)) return answer("NOT_FOUND");
  const row = await readForValidation(query, normalizeLicenseKey(input.key), input.fingerprint ?? null);
  if (!row) return answer("NOT_FOUND");
  const record = recordFromRow(row);
  const refusal = refusalFor(record, now);
  if (refusal) return answer(refusal, record);
  if (input.fingerprint === undefined || row.installation_state === "live") return answer("VALID", record);
  if (row.installation_state === "released") return answer("FINGERPRINT_MISMATCH", record);

  // Slow path, once per machine: a new fingerprint takes a place if there is one.
  const fingerprint = input.fingerprint;
  return transactionWithWebhooks(db, waker, async (tx, webhooks) => {
    const outcome = await activateInstallation(tx, record, fingerprint, "", { allowReleased: false });
    if (outcome.code === "VALID" && outcome.activated) {
      await recordAudit(tx, { ...context, actorId: null }, {
        action: "license.activated",
        targetType: "license",
        targetId: record.license.id,
        details: { fingerprint, via: "validate" },
      });
      await emitActivationEvents(tx, webhooks, record.license.id, outcome);
    }
    return answer(outcome.code, record);
  });
}

export function assertUsable(record: LicenseRecord, now = new Date()): void {
  const refusal = refusalFor(record, now);
  if (refusal === "DEACTIVATED") throw new AppError("license/deactivated");
  if (refusal === "EXPIRED") throw new AppError("license/expired");
}
