/** Sum of prices in whole cents, so 0.1 + 0.2 shows 0.30 (the server stores whole cents too). */
export function sumPrices(prices: number[]): number {
  return prices.reduce((cents, price) => cents + Math.round(price * 100), 0) / 100;
}
