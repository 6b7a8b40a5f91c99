import { describe, expect, it } from "vitest";
import { expiryOf, groupDigits, secondsLeft, shouldRefresh } from "../lib/countdown";

describe("the current code's countdown", () => {
  it("counts whole seconds from the moment the answer arrived, never below zero", () => {
    const expiresAt = expiryOf(1_000_000, 12);
    expect(expiresAt).toBe(1_012_000);
    expect(secondsLeft(expiresAt, 1_000_000)).toBe(12);
    expect(secondsLeft(expiresAt, 1_000_001)).toBe(12);
    expect(secondsLeft(expiresAt, 1_011_000)).toBe(1);
    expect(secondsLeft(expiresAt, 1_011_999)).toBe(1);
    expect(secondsLeft(expiresAt, 1_012_000)).toBe(0);
    expect(secondsLeft(expiresAt, 1_050_000)).toBe(0);
  });

  it("refreshes at zero only: not while a request runs, not after a failure, not in a hidden tab", () => {
    const base = { secondsLeft: 0, fetching: false, failed: false, hidden: false };
    expect(shouldRefresh(base)).toBe(true);
    expect(shouldRefresh({ ...base, secondsLeft: 1 })).toBe(false);
    expect(shouldRefresh({ ...base, fetching: true })).toBe(false);
    expect(shouldRefresh({ ...base, failed: true })).toBe(false);
    expect(shouldRefresh({ ...base, hidden: true })).toBe(false);
  });

  it("reads a six-digit code as two groups of three", () => {
    expect(groupDigits("012345")).toBe("012 345");
    expect(groupDigits("12345")).toBe("12345");
  });
});
