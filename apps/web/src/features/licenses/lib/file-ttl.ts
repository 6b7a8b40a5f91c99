import { LICENSE_FILE_TTL_RANGE, type License } from "@portal/contract";

/**
 * How long a licence file says it holds (`ttl`, API.md "Encrypted licence files"): 1 hour to 365 days,
 * entered in hours or days. Pure, so the dialog and its tests agree on the numbers.
 */
export type TtlUnit = "hours" | "days";
export const TTL_UNIT_SECONDS: Record<TtlUnit, number> = { hours: 3600, days: 86_400 };
/** The largest number each unit allows: 8760 hours, 365 days (31,536,000 s). */
export const TTL_MAX: Record<TtlUnit, number> = { hours: LICENSE_FILE_TTL_RANGE.max / 3600, days: LICENSE_FILE_TTL_RANGE.max / 86_400 };

export interface TtlValue {
  amount: number;
  unit: TtlUnit;
}

const clampSeconds = (seconds: number) => Math.min(LICENSE_FILE_TTL_RANGE.max, Math.max(LICENSE_FILE_TTL_RANGE.min, seconds));

/**
 * The licence's own default, as the server computes it when no `ttl` is sent: its offline validity
 * when it has one, else the time left until it expires (at least an hour, at most a year).
 */
export function defaultTtlSeconds(license: Pick<License, "offlineTtlDays" | "expiresAt">, now = Date.now()): number {
  if (license.offlineTtlDays) return clampSeconds(license.offlineTtlDays * 86_400);
  return clampSeconds(Math.floor((new Date(license.expiresAt).getTime() - now) / 1000));
}

/** Seconds as the form shows them: whole days from a day on (rounded down), else whole hours (rounded up). */
export function ttlValueOf(seconds: number): TtlValue {
  if (seconds >= 86_400) return { amount: Math.min(TTL_MAX.days, Math.floor(seconds / 86_400)), unit: "days" };
  return { amount: Math.max(1, Math.ceil(seconds / 3600)), unit: "hours" };
}

/** The `ttl` to send, or null when the amount is not a whole number in the unit's range. */
export function ttlSecondsOf(value: { amount: number | string; unit: TtlUnit }): number | null {
  const amount = typeof value.amount === "number" ? value.amount : Number(value.amount);
  if (!Number.isInteger(amount) || amount < 1 || amount > TTL_MAX[value.unit]) return null;
  return amount * TTL_UNIT_SECONDS[value.unit];
}
