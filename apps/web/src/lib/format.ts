/** Locale-aware display of money and dates, in the interface language (Intl, no extra library). */

/** `1234.5, "EUR", "tr"` → "€1.234,50". Unknown currencies fall back to "1,234.50 XYZ". */
export function formatMoney(amount: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** An ISO timestamp as a medium date ("22 Nov 2026") in the interface language. */
export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(date);
}

/** 1536 → "1.5 KB" in the interface language. */
export function formatBytes(bytes: number, language: string): string {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(language, { style: "unit", unit: units[unit], unitDisplay: "short", maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
}

/** `t(key, countParams(3, "fa"))`: `count` picks the plural form, `n` shows it in the interface's digits ("۳"). */
export function countParams(count: number, language: string): { count: number; n: string } {
  return { count, n: new Intl.NumberFormat(language).format(count) };
}
