import { sql } from "drizzle-orm";
import { LEASE_DRIFT_SECONDS } from "@portal/contract";
import { installations, type PlanRow } from "../../db/schema/index.js";

/** The policy columns a licence takes from its plan when it is issued, and keeps (API.md "Licensing models"). */
export function licensePolicyOf(plan: Pick<PlanRow, "floating" | "heartbeatSeconds" | "expirationStrategy" | "offlineTtlDays" | "channels">) {
  return {
    channels: plan.channels,
    floating: plan.floating,
    heartbeatSeconds: plan.floating ? plan.heartbeatSeconds : null,
    expirationStrategy: plan.expirationStrategy,
    offlineTtlDays: plan.offlineTtlDays,
  };
}

/**
 * An installation that holds a place on its licence: not released and, on a floating licence, with a
 * lease not lapsed (its end plus the drift allowance still ahead) and not checked in (`dead_at`, which
 * a check-in sets at once and the lapse job sets after a lapse). A lapsed lease frees its seat at
 * once, whether or not the job has marked it dead yet.
 */
export const holdsSeat = sql`(${installations.releasedAt} is null and ${installations.deadAt} is null and (${installations.leaseExpiresAt} is null or ${installations.leaseExpiresAt} > now() - make_interval(secs => ${LEASE_DRIFT_SECONDS})))`;

/** A floating seat's lease from now: `heartbeatSeconds` ahead (the drift allowance is on top, in holdsSeat). */
export const leaseFromNow = (heartbeatSeconds: number) => sql`now() + make_interval(secs => ${heartbeatSeconds})`;

/** Past its end date (a `perpetual_fallback` licence still validates, with `expired: true`). */
export function isExpired(license: { expiresAt: Date }, now = new Date()): boolean {
  return license.expiresAt.getTime() <= now.getTime();
}
