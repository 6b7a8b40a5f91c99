import { describe, expect, it } from "vitest";
import { sumPrices } from "../plan-utils";

describe("custom plan total", () => {
  it("adds prices in whole cents, as the server does", () => {
    expect(sumPrices([])).toBe(0);
    expect(sumPrices([0.1, 0.2])).toBe(0.3);
    expect(sumPrices([499, 299, 349])).toBe(1147);
    expect(sumPrices([19.99, 0.01, 100.5])).toBe(120.5);
  });
});
