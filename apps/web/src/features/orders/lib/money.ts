/**
 * Money of an order: amounts travel as decimal strings with two decimals ("1200.00"), computed on the
 * server in integer minor units. The web never does arithmetic on them; it only shows them, in the
 * interface language's numbers (Persian digits in Persian) and the order's currency — never a
 * currency, or a tax, derived from the interface language.
 */

const formatters = new Map<string, Intl.NumberFormat | null>();

function currencyFormatter(currency: string, language: string): Intl.NumberFormat | null {
  const key = `${language}|${currency}`;
  let cached = formatters.get(key);
  if (cached === undefined) {
    try {
      cached = new Intl.NumberFormat(language, { style: "currency", currency });
    } catch {
      cached = null;
    }
    formatters.set(key, cached);
  }
  return cached;
}

const decimal = /^-?\d+(\.\d+)?$/;

/**
 * `("1200.00", "USD", "en")` → "$1,200.00"; `("1234.50", "TRY", "tr")` → "₺1.234,50"; Persian shows
 * Persian digits. The string is handed to Intl as it is (an exact decimal, no float rounding); an
 * unknown currency or an amount that is not a decimal shows as the text "1200.00 XYZ".
 */
export function formatAmount(amount: string, currency: string, language: string): string {
  const formatter = decimal.test(amount) ? currencyFormatter(currency, language) : null;
  if (!formatter) return `${amount} ${currency}`;
  return formatter.format(amount as Intl.StringNumericLiteral);
}

/** A percentage as the server sends it (20, 7.5) in the interface language: "20%", "%20" in Turkish, "۲۰٪" in Persian. */
export function formatPercent(percent: number, language: string): string {
  return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 2 }).format(percent / 100);
}

/** A country code of a billing address (ISO 3166 alpha-2) as its name in the interface language; the code itself when unknown. */
export function countryName(code: string | null | undefined, language: string): string {
  if (!code) return "";
  try {
    return new Intl.DisplayNames([language], { type: "region" }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
