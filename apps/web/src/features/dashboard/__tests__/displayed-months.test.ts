import { ISSUED_DAYS_SHOWN, type DayCount } from "@portal/contract";
import { describe, expect, it } from "vitest";
import { countsPerDisplayedMonth } from "../lib/format";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The dashboard's `issuedPerDay`: the last ISSUED_DAYS_SHOWN UTC days up to `today`, with the given counts. */
function issuedPerDay(today: string, counts: Record<string, number>): DayCount[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: ISSUED_DAYS_SHOWN }, (_, index) => {
    const day = new Date(end - (ISSUED_DAYS_SHOWN - 1 - index) * DAY_MS).toISOString().slice(0, 10);
    return { day, count: counts[day] ?? 0 };
  });
}

// 25 November 2026 is 4 Azar 1405; 21 November 2026 is 30 Aban 1405.
const days = issuedPerDay("2026-11-25", { "2026-11-25": 1, "2026-11-21": 2, "2026-11-01": 4, "2026-10-31": 8, "2025-12-20": 16 });

describe("licences issued per month of the displayed calendar", () => {
  it("puts 4 Azar in Azar's bar in Persian, and 30 Aban in Aban's", () => {
    const months = countsPerDisplayedMonth(days, "fa");
    expect(months).toHaveLength(12);
    expect(months.at(-1)).toMatchObject({ label: "آذر ۱۴۰۵", value: 1 });
    // Aban 1405 runs from 23 October to 21 November 2026.
    expect(months.at(-2)).toMatchObject({ label: "آبان ۱۴۰۵", value: 2 + 4 + 8 });
    // The oldest bar is Dey 1404 (22 December 2025 on): 20 December 2025 (29 Azar 1404) is not shown.
    expect(months[0]).toMatchObject({ label: "دی ۱۴۰۴", value: 0 });
    expect(months.reduce((sum, month) => sum + month.value, 0)).toBe(15);
  });

  it("groups by Gregorian month in English and Turkish", () => {
    const english = countsPerDisplayedMonth(days, "en");
    expect(english).toHaveLength(12);
    expect(english.at(-1)).toMatchObject({ label: "Nov 2026", value: 1 + 2 + 4 });
    expect(english.at(-2)).toMatchObject({ label: "Oct 2026", value: 8 });
    expect(english[0]).toMatchObject({ label: "Dec 2025", value: 16 });
    expect(countsPerDisplayedMonth(days, "tr").at(-1)).toMatchObject({ label: "Kas 2026", value: 7 });
  });

  it("keeps every month's key distinct and in order", () => {
    for (const language of ["en", "fa", "zh-CN"]) {
      const keys = countsPerDisplayedMonth(days, language).map((month) => month.key);
      expect(new Set(keys).size, language).toBe(12);
    }
  });
});
