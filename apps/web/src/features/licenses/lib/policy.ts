import type { License } from "@portal/contract";
import { daysLeft } from "@/lib/days-left";

/**
 * What the licence views say about a licence's policy (API.md "Licensing models"): a running or ended
 * trial, floating seats, an expiry. Pure, so the badges and the dashboard agree and the tests can set
 * the clock.
 */

/** Past its `expiresAt`: the server's `expired` when it answered, or the clock since then (a page left open). */
export function isExpired(license: Pick<License, "expired" | "expiresAt">, now = Date.now()): boolean {
  return license.expired || !(new Date(license.expiresAt).getTime() > now);
}

export type TrialState = { ended: false; daysLeft: number } | { ended: true };

export interface PolicyBadges {
  /** A trial licence: days left while it runs, else ended. Null for a standard licence. */
  trial: TrialState | null;
  /** A floating licence's seats held by live leases. */
  floating: { used: number; max: number } | null;
  /**
   * Past its expiry. `keepsWorking`: perpetual fallback (validates, without newer updates). An ended
   * trial says so itself, so this is null for it unless it keeps working.
   */
  expired: { keepsWorking: boolean } | null;
}

type PolicyView = Pick<License, "type" | "floating" | "seats" | "expired" | "expiresAt" | "expirationStrategy">;

export function policyBadges(license: PolicyView, now = Date.now()): PolicyBadges {
  const expired = isExpired(license, now);
  const keepsWorking = license.expirationStrategy === "perpetual_fallback";
  const trial: TrialState | null =
    license.type !== "trial" ? null : expired ? { ended: true } : { ended: false, daysLeft: Math.max(1, daysLeft(license.expiresAt, now)) };
  return {
    trial,
    floating: license.floating ? { used: license.seats.used, max: license.seats.max } : null,
    expired: expired && (license.type !== "trial" || keepsWorking) ? { keepsWorking } : null,
  };
}

/**
 * A heartbeat interval as the largest whole unit that divides it: 600 → 10 minutes, 7200 → 2 hours,
 * 90 → 90 seconds (for Intl's unit format, which says it in the interface language).
 */
export function heartbeatUnit(seconds: number): { value: number; unit: "hour" | "minute" | "second" } {
  if (seconds >= 3600 && seconds % 3600 === 0) return { value: seconds / 3600, unit: "hour" };
  if (seconds >= 60 && seconds % 60 === 0) return { value: seconds / 60, unit: "minute" };
  return { value: seconds, unit: "second" };
}
