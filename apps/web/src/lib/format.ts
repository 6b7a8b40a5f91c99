import { displayTimeZone } from "./display-settings";

/**
 * Locale-aware display of money and times, in the interface language (Intl, no extra library).
 * Every absolute time of the portal goes through `formatDate` / `formatDateTime`, which show it in
 * the user's time zone (lib/display-settings.ts); components re-render when it changes because
 * i18next announces the change to every `useTranslation` (lib/i18n.ts, `bindI18n`).
 */

/** `1234.5, "EUR", "tr"` → "€1.234,50". Unknown currencies fall back to "1,234.50 XYZ". */
export function formatMoney(amount: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

type TimeStyle = "date" | "longDate" | "dateTime" | "full";

const styleOptions: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: "medium" },
  longDate: { dateStyle: "long" },
  dateTime: { dateStyle: "medium", timeStyle: "short" },
  full: { dateStyle: "medium", timeStyle: "medium" },
};

// A table of fifty rows formats a hundred times: one formatter per language, zone and style.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string | undefined, timeZone: string | undefined, style: TimeStyle): Intl.DateTimeFormat {
  const key = `${language ?? ""}|${timeZone ?? ""}|${style}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(language, { ...styleOptions[style], timeZone });
    formatters.set(key, cached);
  }
  return cached;
}

/** An instant in the interface language and the user's zone; "—" for none, the input for garbage. */
export function formatInstant(
  iso: string | null | undefined,
  language: string | undefined,
  style: TimeStyle,
  timeZone: string | undefined = displayTimeZone(),
): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatter(language, timeZone, style).format(date);
}

/** A medium date ("22 Nov 2026"): the day it was in the user's zone. */
export function formatDate(iso: string | null | undefined, language: string | undefined): string {
  return formatInstant(iso, language, "date");
}

/** A medium date with the time of day ("22 Nov 2026, 14:05"). */
export function formatDateTime(iso: string | null | undefined, language: string | undefined): string {
  return formatInstant(iso, language, "dateTime");
}

// Lists and charts format many numbers: one formatter per language and options.
const numberFormatters = new Map<string, Intl.NumberFormat>();

/**
 * Every number the interface shows (counts, pages, badges, charts, sizes) goes through here, so a
 * language shows one numbering system: Persian's digits (۱۲۳) in counts as in its dates, Latin in
 * English. Numbers interpolated into messages pass through it too (lib/i18n.ts).
 */
export function formatNumber(value: number, language: string | undefined, options: Intl.NumberFormatOptions = {}): string {
  const key = `${language ?? ""}|${JSON.stringify(options)}`;
  let cached = numberFormatters.get(key);
  if (!cached) {
    cached = new Intl.NumberFormat(language, options);
    numberFormatters.set(key, cached);
  }
  return cached.format(value);
}

/**
 * 1536 → "1.5 kB", 11 → "11 bytes", 1 → "1 byte" in the interface language. Whole bytes are spelt
 * out ("long"): Intl then picks the plural form itself, where the short form says "11 byte" in English.
 */
export function formatBytes(bytes: number, language: string): string {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return formatNumber(value, language, { style: "unit", unit: units[unit], unitDisplay: unit === 0 ? "long" : "short", maximumFractionDigits: unit === 0 ? 0 : 1 });
}

/** An unread count on a badge: "7", "99+" past 99, in the interface's digits ("۹۹+"). */
export function formatBadgeCount(count: number, language: string | undefined, max = 99): string {
  return count > max ? `${formatNumber(max, language)}+` : formatNumber(count, language);
}

/** `t(key, countParams(3, "fa"))`: `count` picks the plural form, `n` shows it in the interface's digits ("۳"). */
export function countParams(count: number, language: string): { count: number; n: string } {
  return { count, n: formatNumber(count, language) };
}

const durationUnits = [
  ["day", 86_400],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
] as const;

/**
 * A length of time in words, in the interface language: 600 → "10 minutes", 5400 → "1 hour, 30
 * minutes", 86400 → "1 day" (at most the two largest units, the rest dropped: an interval's hint,
 * not a stopwatch).
 */
export function formatDuration(seconds: number, language: string | undefined): string {
  let rest = Math.max(0, Math.round(seconds));
  const parts: string[] = [];
  for (const [unit, size] of durationUnits) {
    const count = Math.floor(rest / size);
    if (count === 0 && !(unit === "second" && parts.length === 0)) continue;
    if (parts.length === 2) break;
    parts.push(formatNumber(count, language, { style: "unit", unit, unitDisplay: "long" }));
    rest -= count * size;
    if (rest === 0) break;
  }
  return new Intl.ListFormat(language, { type: "unit", style: "long" }).format(parts);
}
