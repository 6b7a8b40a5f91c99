/** Prices travel as numbers with two decimals and are stored as whole cents. */
export const toCents = (price: number): number => Math.round(price * 100);
export const fromCents = (cents: number): number => cents / 100;

/** Whole cents as the contract's amount string: 120000 → "1200.00", -5 → "-0.05". */
export function amountOf(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}

/** `basisPoints` (1% = 100) of a non-negative amount in cents, rounded half up; exact past 2^53 through BigInt. */
export function shareOf(cents: number, basisPoints: number): number {
  return Number((BigInt(cents) * BigInt(basisPoints) + 5_000n) / 10_000n);
}

/** A percentage with at most two decimals (12.5) in basis points (1250), and back. */
export const toBasisPoints = (percent: number): number => Math.round(percent * 100);
export const fromBasisPoints = (basisPoints: number): number => basisPoints / 100;
