/** Prices travel as numbers with two decimals and are stored as whole cents. */
export const toCents = (price: number): number => Math.round(price * 100);
export const fromCents = (cents: number): number => cents / 100;
