export function formatMoney(amount: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language, { style: "currency", currency }).format(amount);
}

/** A SHA-256 fingerprint shortened for a table: the first 8 and last 4 hex digits. */
export function shortFingerprint(fingerprint: string): string {
  return fingerprint.length > 16 ? `${fingerprint.slice(0, 8)}…${fingerprint.slice(-4)}` : fingerprint;
}
