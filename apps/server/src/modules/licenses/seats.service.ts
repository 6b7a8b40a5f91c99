import { and, asc, inArray, isNull, lt, sql } from "drizzle-orm";
import { isWellFormedLicenseKey, LEASE_DRIFT_SECONDS, normalizeLicenseKey, type ValidationCode, type ValidationData } from "@portal/contract";
import type { Database } from "../../db/client.js";
import { installations, licenses } from "../../db/schema/index.js";
import { recordAudits } from "../../db/audit.js";
import { transactionWithWebhooks, type JobWaker } from "../webhooks/index.js";
import { presentLicenseInstallation, type LicenseRecord } from "./licenses.presenters.js";
import { licenseSelect } from "./licenses.queries.js";
import { beatSeat, checkInSeat, readSeat, recordFromRow, refreshHeldSeat, refusalFor, validationAnswer, type PreparedQuery } from "./validation.service.js";

/**
 * Floating seats (API.md "Licensing models"): heartbeats that keep a seat, check-in that gives it
 * back, and the job that marks lapsed leases dead. Taking a seat is validation's (validation.service).
 */

interface SeatInput {
  key: string;
  fingerprint: string;
  nonce?: string;
}

/**
 * `POST /licenses/heartbeat`: a held seat's lease is refreshed (VALID with `leaseExpiresAt`), in one
 * round trip unless the seat is in its drift allowance; a lapsed or checked-in seat answers
 * LEASE_EXPIRED (the client validates again to take a seat). A heartbeat never takes a seat: an
 * unknown key or a fingerprint without an installation on the licence answers NOT_FOUND. Otherwise it
 * answers what validation would: DEACTIVATED, EXPIRED, FINGERPRINT_MISMATCH (released), and VALID
 * without a lease for a node-locked installation (its last-seen touched, throttled, as validation does).
 */
export async function heartbeat(db: Database, query: PreparedQuery, input: SeatInput): Promise<ValidationData> {
  const now = new Date();
  const answer = (code: ValidationCode, record?: LicenseRecord, leaseExpiresAt: Date | string | null = null) => validationAnswer(input, now, code, record, leaseExpiresAt);
  if (!isWellFormedLicenseKey(input.key)) return answer("NOT_FOUND");
  const keyCompact = normalizeLicenseKey(input.key);
  // The common case in one plain UPDATE … RETURNING; anything else is read (and handled) below.
  const beaten = await beatSeat(query, keyCompact, input.fingerprint);
  if (beaten) {
    const record = recordFromRow(beaten);
    const refusal = refusalFor(record, now);
    return refusal ? answer(refusal, record) : answer("VALID", record, beaten.leased_until);
  }
  const row = await readSeat(query, keyCompact, input.fingerprint);
  if (!row) return answer("NOT_FOUND");
  const record = recordFromRow(row);
  const refusal = refusalFor(record, now);
  if (refusal) return answer(refusal, record);
  switch (row.installation_state) {
    case null:
      return answer("NOT_FOUND", record);
    case "released":
      return answer("FINGERPRINT_MISMATCH", record);
    case "live":
      return answer("VALID", record);
    case "lapsed":
      return answer("LEASE_EXPIRED", record);
    case "held": {
      const leased = row.leased_until ?? (await refreshHeldSeat(db, record, row.installation_id!));
      return leased === null ? answer("LEASE_EXPIRED", record) : answer("VALID", record, leased);
    }
  }
}

/**
 * `POST /licenses/release` (check-in): a floating seat ends now, its installation marked dead at once,
 * and its place is free for the next caller; the answer is LEASE_EXPIRED with the lease's end (also
 * for a seat that had already lapsed or been checked in). Not a release in the node-locked sense: no
 * `released_at`, nothing counted against the releases per 30 days. A node-locked installation is left
 * as it is and answers VALID (without a lease). Unknown key or fingerprint: NOT_FOUND; a deactivated or
 * expired licence's seat is still checked in, and the answer is DEACTIVATED or EXPIRED.
 */
export async function releaseSeat(query: PreparedQuery, input: SeatInput): Promise<ValidationData> {
  const now = new Date();
  const answer = (code: ValidationCode, record?: LicenseRecord, leaseExpiresAt: Date | string | null = null) => validationAnswer(input, now, code, record, leaseExpiresAt);
  if (!isWellFormedLicenseKey(input.key)) return answer("NOT_FOUND");
  const row = await checkInSeat(query, normalizeLicenseKey(input.key), input.fingerprint);
  if (!row) return answer("NOT_FOUND");
  const record = recordFromRow(row);
  const refusal = refusalFor(record, now);
  switch (row.installation_state) {
    case null:
      return answer(refusal ?? "NOT_FOUND", record);
    case "released":
      return answer(refusal ?? "FINGERPRINT_MISMATCH", record);
    case "live":
      return answer(refusal ?? "VALID", record);
    case "held":
    case "lapsed":
      return answer(refusal ?? "LEASE_EXPIRED", record, row.leased_until);
  }
}

/** Lapsed leases marked dead per transaction (one audit statement and one webhook statement each). */
export const LAPSE_BATCH_SIZE = 500;
const SYSTEM = { actorId: null, ip: null, userAgent: null };

/**
 * The lapse job: every floating seat whose lease ended more than the drift allowance ago and is not
 * yet marked dead is marked (`dead_at`), audited `license.heartbeat_dead` and announced
 * `installation.heartbeat-dead`, exactly once per lapse (taking the seat again clears `dead_at`, so a
 * later lapse is a new one; a check-in sets it itself and is no lapse). Claimed in batches with
 * `for update skip locked`, so two processes running it at once never mark the same lease, and a
 * validation refreshing a seat meanwhile either waits for the batch or is skipped by it. Answers how
 * many were marked.
 */
export async function markLapsedSeatsDead(db: Database, waker: JobWaker, batchSize = LAPSE_BATCH_SIZE): Promise<number> {
  let total = 0;
  for (;;) {
    const marked = await transactionWithWebhooks(db, waker, async (tx, webhooks) => {
      const lapsedBefore = sql`now() - make_interval(secs => ${LEASE_DRIFT_SECONDS})`;
      const lapsed = and(isNull(installations.deadAt), isNull(installations.releasedAt), lt(installations.leaseExpiresAt, lapsedBefore));
      const claimable = tx
        .select({ id: installations.id })
        .from(installations)
        .where(lapsed)
        .orderBy(asc(installations.leaseExpiresAt))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      const rows = await tx
        .update(installations)
        .set({ deadAt: sql`now()` })
        .where(and(inArray(installations.id, claimable), lapsed))
        .returning();
      if (rows.length === 0) return 0;
      await recordAudits(
        tx,
        SYSTEM,
        rows.map((row) => ({
          action: "license.heartbeat_dead" as const,
          targetType: "license" as const,
          targetId: row.licenseId,
          details: { installationId: row.id, fingerprint: row.fingerprint },
        })),
      );
      if (await webhooks.listens("installation.heartbeat-dead")) {
        const licenseIds = [...new Set(rows.map((row) => row.licenseId))];
        const records = new Map((await licenseSelect(tx).where(inArray(licenses.id, licenseIds))).map((record) => [record.license.id, record]));
        await webhooks.emitAll(
          "installation.heartbeat-dead",
          rows.map((row) => presentLicenseInstallation(records.get(row.licenseId)!, row)),
        );
      }
      return rows.length;
    });
    total += marked;
    if (marked < batchSize) return total;
  }
}
