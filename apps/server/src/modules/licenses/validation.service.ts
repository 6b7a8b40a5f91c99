import { createHash } from "node:crypto";
import { and, eq, isNotNull, lt, sql } from "drizzle-orm";
import { isWellFormedLicenseKey, LEASE_DRIFT_SECONDS, normalizeLicenseKey, type ValidationCode, type ValidationData } from "@portal/contract";
import type { Database, Executor } from "../../db/client.js";
import { installations, licenses, type InstallationRow, type LicenseRow } from "../../db/schema/index.js";
import { AppError } from "../../lib/app-error.js";
import type { RequestContext } from "../../lib/request-context.js";
import { recordAudit } from "../../db/audit.js";
import { transactionWithWebhooks, type JobWaker, type WebhookEmitter } from "../webhooks/index.js";
import { entitlementsOf, licenseClaims, presentLicense, presentLicenseInstallation, type LicenseRecord } from "./licenses.presenters.js";
import { findLicense, liveInstallation } from "./licenses.queries.js";
import { holdsSeat, isExpired, leaseFromNow } from "./license-policy.js";
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
 * On a floating licence the installation's seat is taken (or taken again, after a lapse or a check-in)
 * with a lease of `heartbeatSeconds`: seats are counted under the licence row's lock, so two callers
 * for the last seat cannot both have it. Taking a seat again is not a new activation.
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
  if (existing && !record.license.floating) {
    await tx
      .update(installations)
      .set({ lastSeenAt: sql`now()`, ...(dataSummary ? { dataSummary } : {}) })
      .where(and(eq(installations.id, existing.id), lt(installations.lastSeenAt, sql`now() - ${LAST_SEEN_RESOLUTION}`)));
    return { code: "VALID", installation: existing, activated: false, firstActivation: false };
  }
  if (!existing && !options.allowReleased) {
    const [released] = await tx
      .select({ id: installations.id })
      .from(installations)
      .where(and(eq(installations.licenseId, licenseId), eq(installations.fingerprint, fingerprint), isNotNull(installations.releasedAt)))
      .limit(1);
    if (released) return { code: "FINGERPRINT_MISMATCH" };
  }
  // Lock the licence row: two machines activating at once cannot both take the last place.
  await lockLicense(tx, licenseId);
  const { held, ever } = await seatsTaken(tx, licenseId, existing?.id);
  if (held >= record.license.maxActivations) return { code: "TOO_MANY_ACTIVATIONS" };
  const lease = leaseOf(record);
  if (existing) {
    // A floating seat taken again: its lease lapsed or was checked in, or is in its drift allowance.
    const [leased] = await tx
      .update(installations)
      .set({ ...lease, ...(dataSummary ? { dataSummary } : {}) })
      .where(eq(installations.id, existing.id))
      .returning();
    record.activations = held + 1;
    return { code: "VALID", installation: leased!, activated: false, firstActivation: false };
  }
  // One trial of a plan per machine, under any account (trials.service.ts owns the rule).
  if (record.license.type === "trial" && (await claimTrialFingerprint(tx, record, fingerprint)) === "TRIAL_ALREADY_USED") return { code: "TRIAL_ALREADY_USED" };
  const [created] = await tx.insert(installations).values({ licenseId, fingerprint, dataSummary, ...lease }).returning();
  if (record.license.status === "not_activated") {
    await tx.update(licenses).set({ status: "active" }).where(eq(licenses.id, licenseId));
    record.license.status = "active";
  }
  record.activations = held + 1;
  return { code: "VALID", installation: created!, activated: true, firstActivation: ever === 0 };
}

async function lockLicense(tx: Executor, licenseId: string): Promise<void> {
  await tx.select({ id: licenses.id }).from(licenses).where(eq(licenses.id, licenseId)).for("update");
}

/**
 * Under the licence row's lock: the places held by installations other than `except` (live ones; on
 * a floating licence, live leases), and how many installations the licence ever had (released ones
 * too: a licence moved to another machine is not activated for the first time).
 */
async function seatsTaken(tx: Executor, licenseId: string, except: string | undefined): Promise<{ held: number; ever: number }> {
  const others = except ? sql` and ${installations.id} <> ${except}` : sql``;
  const [row] = await tx
    .select({ held: sql<number>`(count(*) filter (where ${holdsSeat}${others}))::int`, ever: sql<number>`count(*)::int` })
    .from(installations)
    .where(eq(installations.licenseId, licenseId));
  return row ?? { held: 0, ever: 0 };
}

/** What taking or refreshing a seat writes: a floating licence's lease (node-locked installations have none). */
function leaseOf(record: LicenseRecord) {
  const { floating, heartbeatSeconds } = record.license;
  if (!floating || heartbeatSeconds === null) return {};
  return { leaseExpiresAt: leaseFromNow(heartbeatSeconds), lastHeartbeatAt: sql`now()`, lastSeenAt: sql`now()`, deadAt: null };
}

/**
 * A heartbeat's slow path, for a seat in its drift allowance (its lease ended, the seat still held):
 * refreshed under the licence row's lock, as a seat is taken, unless it lapsed meanwhile or the other
 * seats fill the licence. Answers the new lease's end, or null (LEASE_EXPIRED).
 */
export async function refreshHeldSeat(db: Database, record: LicenseRecord, installationId: string): Promise<Date | null> {
  return db.transaction(async (tx) => {
    await lockLicense(tx, record.license.id);
    const { held } = await seatsTaken(tx, record.license.id, installationId);
    if (held >= record.license.maxActivations) return null;
    const [leased] = await tx
      .update(installations)
      .set(leaseOf(record))
      .where(and(eq(installations.id, installationId), holdsSeat))
      .returning({ leaseExpiresAt: installations.leaseExpiresAt });
    return leased?.leaseExpiresAt ?? null;
  });
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

/**
 * One seat query's answer, as the single json column `seat` carries it: `pg` then parses one field
 * (JSON.parse) instead of some twenty typed columns, each with its own parser (timestamps, arrays),
 * which cost more of a validation's CPU than its signature.
 */
export interface SeatRow {
  id: string;
  key_compact: string;
  status: LicenseRow["status"];
  /** Timestamps in JSON's ISO 8601 form (microseconds, which Date truncates to milliseconds, as pg's own parser does). */
  issued_at: string;
  expires_at: string;
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
  /** Each feature's name and entitlement code, by name then code. */
  features: [name: string, code: string][];
  channels: string[];
  /**
   * The fingerprint's installation: `live` (node-locked), `held` (a floating seat holding: its lease,
   * plus the drift allowance, ahead and not checked in), `lapsed` (a floating seat not holding),
   * `released` (moved away from), or null (none, or no fingerprint).
   */
  installation_id: string | null;
  installation_state: "live" | "held" | "lapsed" | "released" | null;
  /** SEAT_QUERY: the lease it refreshed (a held seat with its lease still ahead), else null; RELEASE_QUERY: the lease's end. */
  leased_until: string | null;
}

/** The licence of key $1 with its plan's name (`found`), and the installation of fingerprint $2, a live one first (`known`). */
const FOUND_AND_KNOWN = `
  found as (
    select l.id, l.key_compact, l.status, l.issued_at, l.expires_at, l.max_activations,
           l.max_releases_per_30_days as max_releases, l.type, l.floating, l.heartbeat_seconds, l.expiration_strategy,
           l.offline_ttl_days, l.channels, l.owner_id, l.plan_id, p.name as plan_name
    from licenses l join plans p on p.id = l.plan_id
    where l.key_compact = $1
  ),
  known as (
    -- The live one through its unique index (a floating licence may have thousands of installations),
    -- a released one only when there is none.
    (select i.id, i.released_at, i.lease_expires_at, i.dead_at from installations i join found on i.license_id = found.id
     where $2::text is not null and i.fingerprint = $2::text and i.released_at is null)
    union all
    (select i.id, i.released_at, i.lease_expires_at, i.dead_at from installations i join found on i.license_id = found.id
     where $2::text is not null and i.fingerprint = $2::text and i.released_at is not null)
    limit 1
  )`;

/** SeatRow's columns but `leased_until`, as of the statement's snapshot (before its own changes). */
const SEAT_COLUMNS = `found.*,
    coalesce((select json_agg(json_build_array(f.name, f.code) order by f.name, f.code) from license_features lf join features f on f.id = lf.feature_id
              where lf.license_id = found.id), '[]') as features,
    (select id from known) as installation_id,
    (select case when released_at is not null then 'released'
                 when not found.floating then 'live'
                 when dead_at is null and lease_expires_at > now() - interval '${LEASE_DRIFT_SECONDS} seconds' then 'held'
                 else 'lapsed' end
     from known) as installation_state`;

/**
 * The hot path in one round trip, for validation and heartbeat alike: the licence, its plan name and
 * feature names, what is known of the fingerprint, and (in data-modifying CTEs) the throttled
 * last-seen touch of a node-locked installation or the lease refresh of a floating seat.
 * Only a seat whose lease is still ahead is refreshed here, without the licence row's lock: a caller
 * counting seats under that lock sees it as holding, or (had it lapsed by that caller's clock) would
 * need this statement to have run for the whole drift allowance (30 s) uncommitted. A seat in its
 * drift allowance, a lapsed one and a new fingerprint take the locked path (activateInstallation,
 * refreshHeldSeat). The refresh's condition repeats refusalFor's (a refused licence's seat is not
 * refreshed); should they ever disagree, the answer is still refusalFor's.
 * Written by hand so PostgreSQL can keep it prepared; the table names are checked by the tests.
 */
const SEAT_QUERY = `
  with ${FOUND_AND_KNOWN},
  touched as (
    update installations set last_seen_at = now()
    where id = (select id from known where released_at is null)
      and not (select floating from found)
      and last_seen_at < now() - interval '5 minutes'
    returning id
  ),
  leased as (
    update installations i
    set lease_expires_at = now() + make_interval(secs => f.heartbeat_seconds), last_heartbeat_at = now(), last_seen_at = now()
    from found f
    where i.id = (select id from known) and i.released_at is null and i.dead_at is null and i.lease_expires_at > now()
      and f.floating and f.status <> 'deactivated' and (f.expires_at > now() or f.expiration_strategy <> 'revoke')
    returning i.lease_expires_at
  )
  select to_json(seat) as seat from (
    select ${SEAT_COLUMNS}, (select lease_expires_at from leased) as leased_until
    from found) seat`;

/**
 * A heartbeat's hot path: the lease refresh itself, an UPDATE … RETURNING joined with the licence and
 * its plan, for a floating seat whose lease is still ahead (SEAT_QUERY's `leased` condition) — one
 * plain statement, some 40% cheaper for PostgreSQL than SEAT_QUERY's CTEs. No row: the caller reads
 * the seat with SEAT_QUERY to learn why (or to refresh it, had it changed meanwhile).
 */
const HEARTBEAT_QUERY = `
  update installations i
  set lease_expires_at = now() + make_interval(secs => l.heartbeat_seconds), last_heartbeat_at = now(), last_seen_at = now()
  from licenses l join plans p on p.id = l.plan_id
  where l.key_compact = $1 and i.license_id = l.id and i.fingerprint = $2 and i.released_at is null
    and i.dead_at is null and i.lease_expires_at > now()
    and l.floating and l.status <> 'deactivated' and (l.expires_at > now() or l.expiration_strategy <> 'revoke')
  returning json_build_object(
    'id', l.id, 'key_compact', l.key_compact, 'status', l.status, 'issued_at', l.issued_at, 'expires_at', l.expires_at,
    'max_activations', l.max_activations, 'max_releases', l.max_releases_per_30_days, 'type', l.type, 'floating', l.floating,
    'heartbeat_seconds', l.heartbeat_seconds, 'expiration_strategy', l.expiration_strategy, 'offline_ttl_days', l.offline_ttl_days,
    'channels', l.channels, 'owner_id', l.owner_id, 'plan_id', l.plan_id, 'plan_name', p.name,
    'features', coalesce((select json_agg(json_build_array(f.name, f.code) order by f.name, f.code) from license_features lf
                          join features f on f.id = lf.feature_id where lf.license_id = l.id), '[]'),
    'installation_id', i.id, 'installation_state', 'held', 'leased_until', i.lease_expires_at) as seat`;

/**
 * Check-in in one round trip: a floating seat's lease ends now (an earlier end stands) and it is
 * marked dead at once (a check-in is no lapse: the lapse job emits nothing for it). `leased_until`
 * is the lease's end; a node-locked installation is left as it is.
 */
const RELEASE_QUERY = `
  with ${FOUND_AND_KNOWN},
  ended as (
    update installations i set lease_expires_at = least(i.lease_expires_at, now()), dead_at = now()
    from found f
    where i.id = (select id from known) and i.released_at is null and i.dead_at is null and f.floating
    returning i.lease_expires_at
  )
  select to_json(seat) as seat from (
    select ${SEAT_COLUMNS}, coalesce((select lease_expires_at from ended), (select lease_expires_at from known)) as leased_until
    from found) seat`;

export type PreparedQuery = <Row>(name: string, text: string, values: unknown[]) => Promise<Row[]>;

async function seatQuery(query: PreparedQuery, name: string, text: string, values: unknown[]): Promise<SeatRow | undefined> {
  const [row] = await query<{ seat: SeatRow }>(name, text, values);
  return row?.seat;
}

/** The licence of `keyCompact` and the fingerprint's installation, its seat refreshed when it holds one (SEAT_QUERY). */
export async function readSeat(query: PreparedQuery, keyCompact: string, fingerprint: string | null): Promise<SeatRow | undefined> {
  return seatQuery(query, "license-seat", SEAT_QUERY, [keyCompact, fingerprint]);
}

/** The licence of `keyCompact` and the fingerprint's held floating seat, its lease refreshed (HEARTBEAT_QUERY); none when it does not hold one. */
export async function beatSeat(query: PreparedQuery, keyCompact: string, fingerprint: string): Promise<SeatRow | undefined> {
  return seatQuery(query, "license-seat-heartbeat", HEARTBEAT_QUERY, [keyCompact, fingerprint]);
}

/** The licence of `keyCompact` and the fingerprint's installation, its floating seat checked in (RELEASE_QUERY). */
export async function checkInSeat(query: PreparedQuery, keyCompact: string, fingerprint: string): Promise<SeatRow | undefined> {
  return seatQuery(query, "license-seat-release", RELEASE_QUERY, [keyCompact, fingerprint]);
}

export function recordFromRow(row: SeatRow): LicenseRecord {
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
      channels: row.channels,
      expiryAnnouncedAt: null,
    },
    planName: row.plan_name,
    projectName: null,
    ownerEmail: "",
    features: row.features.map(([name, code]) => ({ id: "", name, code })),
    // Not read here: a validation answer carries no count (licenseClaims), and the events of an
    // activation read the licence afresh; activateInstallation sets it when it counts.
    activations: 0,
  };
}

/** A validation answer (also heartbeat's and release's): the code, the licence's claims, the caller's fingerprint and nonce echoed. */
export function validationAnswer(
  input: { fingerprint?: string; nonce?: string },
  now: Date,
  code: ValidationCode,
  record?: LicenseRecord,
  leaseExpiresAt: Date | string | null = null,
): ValidationData {
  return {
    valid: code === "VALID",
    code,
    ...(record ? { license: licenseClaims(record), entitlements: entitlementsOf(record) } : {}),
    ...(input.fingerprint !== undefined ? { fingerprint: input.fingerprint } : {}),
    ...(input.nonce !== undefined ? { nonce: input.nonce } : {}),
    leaseExpiresAt: leaseExpiresAt === null ? null : new Date(leaseExpiresAt).toISOString(),
    expired: record ? isExpired(record.license, now) : false,
    timestamp: now.toISOString(),
  };
}

/**
 * Online validation (Keygen's order): key → deactivated → expired → fingerprint and activation. On a
 * floating licence a fingerprint takes or refreshes a seat (`leaseExpiresAt`). `context` is asked for
 * only by an activation, which audits it: the hot path never builds it.
 */
export async function validateLicense(
  db: Database,
  query: PreparedQuery,
  input: { key: string; fingerprint?: string; nonce?: string },
  context: () => RequestContext,
  waker: JobWaker,
): Promise<ValidationData> {
  const now = new Date();
  const answer = (code: ValidationCode, record?: LicenseRecord, leaseExpiresAt: Date | string | null = null) => validationAnswer(input, now, code, record, leaseExpiresAt);

  // The check character turns a typo into NOT_FOUND without a database round trip.
  if (!isWellFormedLicenseKey(input.key)) return answer("NOT_FOUND");
  const row = await readSeat(query, normalizeLicenseKey(input.key), input.fingerprint ?? null);
  if (!row) return answer("NOT_FOUND");
  const record = recordFromRow(row);
  const refusal = refusalFor(record, now);
  if (refusal) return answer(refusal, record);
  if (input.fingerprint === undefined || row.installation_state === "live") return answer("VALID", record);
  if (row.installation_state === "released") return answer("FINGERPRINT_MISMATCH", record);
  if (row.leased_until !== null) return answer("VALID", record, row.leased_until);

  // Slow path: a new fingerprint takes a place if there is one (once per machine); on a floating
  // licence, so does a seat that lapsed, was checked in, or is in its drift allowance.
  const fingerprint = input.fingerprint;
  return transactionWithWebhooks(db, waker, async (tx, webhooks) => {
    const outcome = await activateInstallation(tx, record, fingerprint, "", { allowReleased: false });
    if (outcome.code === "VALID" && outcome.activated) {
      await recordAudit(tx, { ...context(), actorId: null }, {
        action: "license.activated",
        targetType: "license",
        targetId: record.license.id,
        details: { fingerprint, via: "validate" },
      });
      await emitActivationEvents(tx, webhooks, record.license.id, outcome);
    }
    return answer(outcome.code, record, outcome.code === "VALID" ? outcome.installation.leaseExpiresAt : null);
  });
}

export function assertUsable(record: LicenseRecord, now = new Date()): void {
  const refusal = refusalFor(record, now);
  if (refusal === "DEACTIVATED") throw new AppError("license/deactivated");
  if (refusal === "EXPIRED") throw new AppError("license/expired");
}
