import { MantineProvider } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { displayTimeZone, getDisplaySettings, resetDisplaySettings, setDisplaySettings } from "@/lib/display-settings";
import { formatDate, formatDateTime, formatDuration, formatInstant } from "@/lib/format";
import { storageKeys } from "@/lib/storage";
import { mount, stubBrowserApis, unmount, waitFor } from "@/test/dom";

// 21:30 UTC on 1 March: already 2 March in Istanbul (UTC+3), still the afternoon in New York (UTC−5).
const instant = "2026-03-01T21:30:00.000Z";

beforeAll(stubBrowserApis);
beforeEach(resetDisplaySettings);
afterEach(unmount);

describe("time formatting in the user's zone", () => {
  it("shows one instant as the wall-clock time of the chosen zone", () => {
    setDisplaySettings({ timeZone: "Europe/Istanbul" });
    expect(formatDateTime(instant, "en")).toBe("Mar 2, 2026, 12:30 AM");
    expect(formatDate(instant, "en")).toBe("Mar 2, 2026");
    expect(formatDateTime(instant, "tr")).toBe("2 Mar 2026 00:30");

    setDisplaySettings({ timeZone: "America/New_York" });
    expect(formatDateTime(instant, "en")).toBe("Mar 1, 2026, 4:30 PM");
    expect(formatDate(instant, "en")).toBe("Mar 1, 2026");
  });

  it("uses the device's zone when the user chose none", () => {
    setDisplaySettings({ timeZone: null });
    expect(displayTimeZone()).toBeUndefined();
    const device = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" }).format(new Date(instant));
    expect(formatDateTime(instant, "en")).toBe(device);
  });

  it("keeps an explicit zone over the user's, and handles no value and garbage", () => {
    setDisplaySettings({ timeZone: "America/New_York" });
    expect(formatInstant(instant, "en", "dateTime", "UTC")).toBe("Mar 1, 2026, 9:30 PM");
    expect(formatDate(null, "en")).toBe("—");
    expect(formatDate("not a date", "en")).toBe("not a date");
  });

  it("remembers the zone and the density for the next start", () => {
    setDisplaySettings({ timeZone: "Asia/Tokyo", tableDensity: "compact" });
    expect(JSON.parse(window.localStorage.getItem(storageKeys.settings)!)).toEqual({ timeZone: "Asia/Tokyo", tableDensity: "compact", sidebarCollapsed: false });
    expect(getDisplaySettings().timeZone).toBe("Asia/Tokyo");
  });

  it("redraws translated components in the new zone", async () => {
    setDisplaySettings({ timeZone: "Europe/Istanbul" });
    function Stamp() {
      const { i18n } = useTranslation();
      return <span data-testid="stamp">{formatDateTime(instant, i18n.language)}</span>;
    }
    mount(
      <MantineProvider env="test">
        <Stamp />
      </MantineProvider>,
    );
    const stamp = () => document.querySelector('[data-testid="stamp"]')?.textContent;
    expect(stamp()).toBe("Mar 2, 2026, 12:30 AM");
    setDisplaySettings({ timeZone: "America/New_York" });
    await waitFor(() => expect(stamp()).toBe("Mar 1, 2026, 4:30 PM"));
  });
});

describe("formatDuration", () => {
  it("says an interval in words, at most its two largest units, in the interface language", () => {
    expect(formatDuration(600, "en")).toBe("10 minutes");
    expect(formatDuration(60, "en")).toBe("1 minute");
    expect(formatDuration(630, "en")).toBe("10 minutes, 30 seconds");
    expect(formatDuration(5400, "en")).toBe("1 hour, 30 minutes");
    expect(formatDuration(86_400, "en")).toBe("1 day");
    expect(formatDuration(90_061, "en")).toBe("1 day, 1 hour");
    expect(formatDuration(600, "tr")).toBe("10 dakika");
    expect(formatDuration(600, "fa")).toBe("۱۰ دقیقه");
  });
});
