import { ISSUED_MONTHS_SHOWN, type DayCount } from "@portal/contract";
import { formatNumber } from "@/lib/format";
import type { ChartPoint } from "../components/bar-chart";

/** Figures and chart labels in the interface language (its own digits, e.g. Persian). */
export function numberFormatter(language: string | undefined): (value: number) => string {
  return (value) => formatNumber(value, language);
}

const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** "2026-11-23" → "23 Nov" (UTC). */
export function dayLabel(day: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(language, { day: "numeric", month: "short", timeZone: "UTC" }).format(utcDay(day));
}

/**
 * Counts per UTC day summed into the months of the calendar the language shows its dates in, the
 * last `monthsShown` of them, oldest first. Persian dates are in the Persian calendar, whose months
 * begin around the 21st of a Gregorian one: 25 November 2026 is 4 Azar 1405 and belongs in Azar's
 * bar, not in the bar of the Gregorian November that starts in Aban. `days` must run oldest first and
 * reach back over `monthsShown` months, so the oldest month shown is whole.
 */
export function countsPerDisplayedMonth(days: readonly DayCount[], language: string | undefined, monthsShown = ISSUED_MONTHS_SHOWN): ChartPoint[] {
  // The month's number in the displayed calendar (its year and month, Latin digits: a key, not a text).
  const calendarMonth = new Intl.DateTimeFormat(language, { year: "numeric", month: "numeric", timeZone: "UTC", numberingSystem: "latn" });
  const label = new Intl.DateTimeFormat(language, { month: "short", year: "numeric", timeZone: "UTC" });
  const months: ChartPoint[] = [];
  for (const { day, count } of days) {
    const date = utcDay(day);
    const parts = calendarMonth.formatToParts(date);
    const key = ["relatedYear", "year", "month"].map((type) => parts.find((part) => part.type === type)?.value ?? "").join("-");
    const last = months.at(-1);
    if (last?.key === key) last.value += count;
    else months.push({ key, label: label.format(date), value: count });
  }
  return months.slice(-monthsShown);
}
