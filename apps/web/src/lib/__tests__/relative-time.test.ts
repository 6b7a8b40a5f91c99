import { describe, expect, it } from "vitest";
import { relativeTime } from "@/lib/relative-time";

describe("relative time of a notification", () => {
  const now = Date.parse("2026-05-10T12:00:00Z");
  it("speaks the interface language", () => {
    expect(relativeTime("2026-05-10T11:55:00Z", "en", now)).toBe("5 minutes ago");
    expect(relativeTime("2026-05-09T12:00:00Z", "en", now)).toBe("yesterday");
    expect(relativeTime("2026-05-10T11:59:50Z", "en", now)).toBe("now");
    expect(relativeTime("2026-05-10T09:00:00Z", "tr", now)).toBe("3 saat önce");
  });
  it("leaves a broken date as it is", () => {
    expect(relativeTime("not a date", "en", now)).toBe("not a date");
  });
});
