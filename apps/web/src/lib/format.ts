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
