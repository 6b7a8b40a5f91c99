import type { ApiToken } from "@portal/contract";

export type ApiTokenStatus = "active" | "expired" | "revoked";

/** Revoked wins over expired: a revoked token stays revoked whatever its end date says. */
export function tokenStatus(token: Pick<ApiToken, "revokedAt" | "expiresAt">, now = Date.now()): ApiTokenStatus {
  if (token.revokedAt) return "revoked";
  if (token.expiresAt && Date.parse(token.expiresAt) <= now) return "expired";
  return "active";
}

/** "YYYY-MM-DD" of a day in the browser's calendar. */
export function isoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The instant a token chosen to expire "on" a day stops working: the end of that day in the
 * browser's calendar, so a token made to last until Friday still works all Friday.
 */
export function endOfDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, date ?? 1, 23, 59, 59, 999).toISOString();
}

/** A scope's key among the translations: i18next reads ":" as a namespace, so "licenses:write" is "licensesWrite". */
export function scopeKey<S extends string>(scope: S): string {
  return scope.replace(/:(\w)/g, (_, letter: string) => letter.toUpperCase());
}

/** A name typed by a person, set apart from the sentence around it (a Latin name inside Persian keeps its place and its quotes). */
export const isolated = (text: string) => `\u2068${text}\u2069`;
