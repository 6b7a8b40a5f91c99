/** Figures and chart labels in the interface language (its own digits, e.g. Persian). */
export function numberFormatter(language: string | undefined): (value: number) => string {
  const format = new Intl.NumberFormat(language);
  return (value) => format.format(value);
}

/** "2026-11" → "Nov 2026" (UTC, as the server counts). */
export function monthLabel(month: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(language, { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
}

/** "2026-11-23" → "23 Nov" (UTC). */
export function dayLabel(day: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(language, { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}
