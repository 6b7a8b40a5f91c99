import { MantineProvider } from "@mantine/core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { mount, stubBrowserApis, unmount } from "@/test/dom";
import { BarChart, summarizeSeries, type ChartPoint } from "../components/bar-chart";
import { MemoryRouter } from "react-router";
import { activityTarget, RecentActivity } from "../components/recent-activity";
import { adminFigureLinks, customerFigureLinks, filteredList, licenseLink } from "../lib/figure-links";

const points: ChartPoint[] = [
  { key: "2026-09", label: "Sep 2026", value: 0 },
  { key: "2026-10", label: "Oct 2026", value: 7 },
  { key: "2026-11", label: "Nov 2026", value: 3 },
];

beforeAll(stubBrowserApis);
afterEach(unmount);

describe("summarizeSeries", () => {
  it("totals the series and names its highest and last points", () => {
    expect(summarizeSeries(points)).toEqual({ total: 10, peak: points[1], latest: points[2] });
  });

  it("has no peak when every value is zero, and nothing at all for no points", () => {
    expect(summarizeSeries([{ key: "a", label: "A", value: 0 }]).peak).toBeUndefined();
    expect(summarizeSeries([])).toEqual({ total: 0, peak: undefined, latest: undefined });
  });
});

describe("BarChart", () => {
  it("is an image named by its summary, with every value in a hidden table", () => {
    mount(
      <MantineProvider env="test">
        <BarChart points={points} summary="10 licences issued; most in Oct 2026 (7)" labelHeader="Month" valueHeader="Count" format={(value) => `#${value}`} testId="chart" />
      </MantineProvider>,
    );
    const image = document.querySelector('[data-testid="chart"] svg');
    expect(image?.getAttribute("role")).toBe("img");
    expect(image?.getAttribute("aria-label")).toBe("10 licences issued; most in Oct 2026 (7)");
    const rows = [...document.querySelectorAll('[data-testid="chart"] tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["Sep 2026", "#0"],
      ["Oct 2026", "#7"],
      ["Nov 2026", "#3"],
    ]);
    expect(document.querySelector('[data-testid="chart"] caption')?.textContent).toBe("10 licences issued; most in Oct 2026 (7)");
    // The highest bar fills the height; a zero draws nothing.
    const heights = [...document.querySelectorAll('[data-testid="chart"] rect')].map((rect) => Number(rect.getAttribute("height")));
    expect(heights).toEqual([0, 100, (3 / 7) * 100]);
  });
});

describe("figure links", () => {
  it("send each figure to its list filtered as the list reads its URL", () => {
    expect(customerFigureLinks).toMatchObject({
      active: "/my-licenses/purchased?status=active",
      notActivated: "/my-licenses/purchased?status=not_activated",
      expiringIn30Days: "/my-licenses/purchased?status=active&sort=expiresAt&order=asc",
      pendingRequests: "/my-licenses/requests?status=pending",
      inProgress: "/my-tickets?status=in_progress",
      openOrders: "/billing",
      awaitingMe: "/billing?status=offered",
    });
    expect(adminFigureLinks).toMatchObject({
      pendingUsers: "/admin/users?status=pending",
      lockedUsers: "/admin/users?status=locked",
      totalUsers: "/admin/users",
      pendingRequests: "/admin/license-requests?status=pending",
      open: "/admin/resolution-center?status=open",
      closed: "/admin/resolution-center?status=closed",
      deactivatedLicenses: "/admin/purchased-licenses?status=deactivated",
    });
    expect(licenseLink("a b")).toBe("/my-licenses/purchased?license=a+b");
    expect(filteredList("/x")).toBe("/x");
  });

  it("lead an activity entry to its ticket, licence or requests, and nowhere for other targets", () => {
    const at = "2026-11-23T10:00:00.000Z";
    expect(activityTarget({ at, action: "ticket.created", targetType: "ticket", targetId: "t1" })).toBe("/my-tickets/t1");
    expect(activityTarget({ at, action: "license.activated", targetType: "license", targetId: "l1" })).toBe("/my-licenses/purchased?license=l1");
    expect(activityTarget({ at, action: "license_request.approved", targetType: "license_request", targetId: "r1" })).toBe("/my-licenses/requests");
    expect(activityTarget({ at, action: "auth.register", targetType: "user", targetId: "u1" })).toBeUndefined();
    expect(activityTarget({ at, action: "plan.selected", targetType: null, targetId: null })).toBeUndefined();
  });
});


describe("RecentActivity", () => {
  const at = new Date(Date.now() - 60_000).toISOString();

  it("names each kind of event, and shows a failed sign-in as a security event", () => {
    mount(
      <MantineProvider env="test">
        <MemoryRouter>
          <RecentActivity
            entries={[
              { at, action: "auth.login_failed", targetType: "user", targetId: "u1" },
              { at, action: "settings.updated", targetType: "user", targetId: "u1" },
              { at, action: "notifications.settings_updated", targetType: "user", targetId: "u1" },
            ]}
          />
        </MemoryRouter>
      </MantineProvider>,
    );
    const entries = [...document.querySelectorAll<HTMLElement>('[data-testid="activity-entry"]')];
    const labels = entries.map((entry) => entry.querySelector("p, a")?.textContent);
    expect(labels).toEqual(["Security event: Failed sign-in attempt", "Display settings changed", "Notification settings changed"]);
    expect(entries.map((entry) => entry.dataset.security === "true")).toEqual([true, false, false]);
    expect(entries[0]!.querySelector("svg")).not.toBeNull();
  });
});
