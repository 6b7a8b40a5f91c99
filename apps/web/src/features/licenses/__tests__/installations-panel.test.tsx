import type { Installation, License } from "@portal/contract";
import { act } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { changeLanguage } from "@/lib/i18n";
import { allByTestId, byTestId, mountWithApp, pageText, serveApi, success } from "@/test/app";
import { click, stubBrowserApis, unmount, waitFor } from "@/test/dom";
import { SEATS_POLL_MS } from "../api/installations";
import { InstallationsPanel } from "../components/installations-panel";
import { liveSeats, seatState, sortSeats } from "../lib/seats";

beforeAll(stubBrowserApis);
afterEach(() => {
  unmount();
  vi.useRealTimers();
});

/** The clock starts at `time` and runs on (only Date is faked: timers, and the tests' waits, stay real). */
function startClockAt(time: number) {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(time);
}

const NOW = Date.parse("2026-11-27T10:00:00.000Z");
const at = (offsetSeconds: number) => new Date(NOW + offsetSeconds * 1000).toISOString();

function license(overrides: Partial<License> = {}): License {
  return {
    id: "11111111-1111-4111-8111-111111111111",
    key: "ABCD-EFGH-IJKL-MNOP",
    status: "active",
    planName: "Floating Pro",
    maxActivations: 5,
    activations: 2,
    maxReleasesPer30Days: 3,
    type: "standard",
    floating: true,
    heartbeatSeconds: 600,
    expirationStrategy: "revoke",
    offlineTtlDays: null,
    expired: false,
    seats: { used: 2, max: 5 },
    channels: ["stable"],
    ...overrides,
  } as License;
}

let serial = 0;
function seat(lease: { leaseExpiresAt: string | null; lastHeartbeatAt?: string | null; deadAt?: string | null; summary?: string }): Installation {
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, "0")}`,
    fingerprint: `${serial}`.repeat(64).slice(0, 64),
    dataSummary: lease.summary ?? `host-${serial}`,
    firstSeenAt: at(-86_400),
    lastSeenAt: lease.lastHeartbeatAt ?? at(-60),
    leaseExpiresAt: lease.leaseExpiresAt,
    lastHeartbeatAt: lease.lastHeartbeatAt ?? null,
    deadAt: lease.deadAt ?? null,
  };
}

describe("a floating seat's state", () => {
  it("is live while the lease, plus the 30 s drift the server allows, has not run out", () => {
    expect(seatState({ leaseExpiresAt: at(300), deadAt: null }, NOW)).toBe("live");
    expect(seatState({ leaseExpiresAt: at(-29), deadAt: null }, NOW)).toBe("live");
  });

  it("is lapsed once the lease and the drift are over and the job has not marked it yet", () => {
    expect(seatState({ leaseExpiresAt: at(-30), deadAt: null }, NOW)).toBe("lapsed");
    expect(seatState({ leaseExpiresAt: at(-3600), deadAt: null }, NOW)).toBe("lapsed");
  });

  it("is checked in when the lease ended at the moment it was marked (the software's release), dead when the job marked it after the drift", () => {
    expect(seatState({ leaseExpiresAt: at(-120), deadAt: at(-120) }, NOW)).toBe("checkedIn");
    // A check-in a moment ago: its lease is still within the drift, but it is no longer held.
    expect(seatState({ leaseExpiresAt: at(-1), deadAt: at(-1) }, NOW)).toBe("checkedIn");
    expect(seatState({ leaseExpiresAt: at(-200), deadAt: at(-150) }, NOW)).toBe("dead");
  });

  it("is none for a node-locked installation (no lease)", () => {
    expect(seatState({ leaseExpiresAt: null, deadAt: null }, NOW)).toBeNull();
  });

  it("counts only live seats, and lists live ones first, the latest heartbeat first", () => {
    const old = seat({ leaseExpiresAt: at(100), lastHeartbeatAt: at(-500) });
    const fresh = seat({ leaseExpiresAt: at(590), lastHeartbeatAt: at(-10) });
    const dead = seat({ leaseExpiresAt: at(-400), lastHeartbeatAt: at(-1000), deadAt: at(-330) });
    const lapsed = seat({ leaseExpiresAt: at(-60), lastHeartbeatAt: at(-660) });
    expect(liveSeats([old, fresh, dead, lapsed], NOW)).toBe(2);
    expect(sortSeats([dead, old, lapsed, fresh], NOW).map((item) => item.id)).toEqual([fresh.id, old.id, lapsed.id, dead.id]);
  });
});

describe("the installations panel", { timeout: 30_000 }, () => {
  const installationsPath = "/api/v1/licenses/11111111-1111-4111-8111-111111111111/installations";

  function serveSeats(items: Installation[]) {
    return serveApi((call) => (call.path.includes(installationsPath) ? success({ items, releasesLast30Days: 0, maxReleasesPer30Days: 3 }) : { status: 404 }));
  }

  it("a floating licence: seats used of max, each seat's state, last heartbeat and lease end, and no Release button", async () => {
    startClockAt(NOW);
    serveSeats([
      seat({ leaseExpiresAt: at(480), lastHeartbeatAt: at(-120), summary: "build-agent-1" }),
      seat({ leaseExpiresAt: at(-90), lastHeartbeatAt: at(-690), deadAt: at(-30), summary: "laptop-dead" }),
      seat({ leaseExpiresAt: at(-75), lastHeartbeatAt: at(-675), summary: "laptop-lapsed" }),
      seat({ leaseExpiresAt: at(-300), lastHeartbeatAt: at(-900), deadAt: at(-300), summary: "desk-checked-in" }),
      seat({ leaseExpiresAt: at(590), lastHeartbeatAt: at(-10), summary: "build-agent-2" }),
    ]);
    mountWithApp(<InstallationsPanel license={license()} admin />);
    await waitFor(() => expect(allByTestId("seat")).toHaveLength(5));

    expect(byTestId("seats-used")?.textContent).toBe("2 of 5 seats in use");
    const rows = allByTestId("seat");
    expect(rows.map((row) => [row.textContent?.match(/build-agent-\d|laptop-\w+|desk-checked-in/)?.[0], row.dataset.state])).toEqual([
      ["build-agent-2", "live"],
      ["build-agent-1", "live"],
      ["laptop-lapsed", "lapsed"],
      ["desk-checked-in", "checkedIn"],
      ["laptop-dead", "dead"],
    ]);
    expect(rows.map((row) => byTestId("seat-state", row)?.textContent)).toEqual(["Live", "Live", "Lapsed", "Checked in", "Dead"]);

    // "Last heartbeat 2 minutes ago", the exact time in the title; a live lease ends "in 8 minutes".
    const heartbeat = byTestId("seat-heartbeat", rows[1]!)!;
    expect(heartbeat.textContent).toBe("Last heartbeat2 minutes ago");
    const time = heartbeat.querySelector("time")!;
    expect(time.getAttribute("datetime")).toBe(at(-120));
    expect(time.getAttribute("title")).toMatch(/2026/);
    expect(byTestId("seat-lease", rows[1]!)?.textContent).toBe("Lease endsin 8 minutes");
    expect(byTestId("seat-lease", rows[2]!)?.textContent).toBe("Lease ended1 minute ago");
    expect(byTestId("seat-lease", rows[3]!)?.textContent).toBe("Check-in5 minutes ago");

    // No node-locked release (quota, Release button): an administrator may check in a live seat, and the note says how seats are freed.
    expect(pageText()).not.toContain("Release");
    expect(byTestId("releases-left")).toBeNull();
    expect(rows.map((row) => byTestId("seat-check-in", row)?.textContent ?? null)).toEqual(["Check in", "Check in", null, null, null]);
    expect(byTestId("floating-note")?.textContent).toBe(
      "Floating licence: the software takes a seat when it starts and renews it with heartbeats; each renewal holds the seat for 10 minutes. A seat is freed when the software checks in at exit, or 10 minutes, 30 seconds after its last heartbeat. Check in frees a seat at once, for a machine that stopped without checking in.",
    );
  });

  it("the owner of a floating licence has no check-in button on the seats (the software frees them), only the machine file", async () => {
    startClockAt(NOW);
    serveSeats([seat({ leaseExpiresAt: at(480), lastHeartbeatAt: at(-120) })]);
    mountWithApp(<InstallationsPanel license={license()} admin={false} />);
    await waitFor(() => expect(allByTestId("seat")).toHaveLength(1));
    expect([...byTestId("seat")!.querySelectorAll("button")].map((button) => button.dataset.testid)).toEqual(["machine-file-download"]);
    expect(byTestId("floating-note")?.textContent).toMatch(/ Seats are freed by your software, not here\.$/);
  });

  it("an administrator checks in a live seat after confirming: the release route, and the seat shows checked in", async () => {
    startClockAt(NOW);
    const live = seat({ leaseExpiresAt: at(480), lastHeartbeatAt: at(-120) });
    // The server's check-in of a floating seat: the lease ends now and deadAt is set at the same instant.
    let items = [live];
    const calls = serveApi((call) => {
      if (call.method === "POST") items = [{ ...live, leaseExpiresAt: at(1), deadAt: at(1) }];
      return call.path.includes(installationsPath) ? success({ items, releasesLast30Days: 0, maxReleasesPer30Days: 3 }) : { status: 404 };
    });
    mountWithApp(<InstallationsPanel license={license()} admin />);
    await waitFor(() => expect(byTestId("seat-check-in")).toBeTruthy());
    click(byTestId("seat-check-in"));
    await waitFor(() => expect(byTestId("check-in-message")).toBeTruthy());
    expect(byTestId("check-in-message")?.textContent).toBe(
      `The seat of ${live.fingerprint.slice(0, 8)}…${live.fingerprint.slice(-4)} is freed now for another machine. If the software is still running there, it takes a seat again at its next heartbeat.`,
    );
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(0);
    click([...document.querySelectorAll('[role="dialog"] button')].find((button) => button.textContent === "Check in"));
    await waitFor(() => expect(pageText()).toContain("Seat checked in."));
    expect(calls.filter((call) => call.method === "POST").map((call) => call.path)).toEqual([expect.stringContaining(`${installationsPath}/${live.id}/release`)]);
    await waitFor(() => expect(byTestId("seat")?.dataset.state).toBe("checkedIn"));
  });

  it("a node-locked licence looks as before: release quota, Release buttons, first and last seen, no seats", async () => {
    serveSeats([seat({ leaseExpiresAt: null, summary: "hostname: alpha" })]);
    mountWithApp(<InstallationsPanel license={license({ floating: false, heartbeatSeconds: null })} admin={false} />);
    await waitFor(() => expect(allByTestId("installation")).toHaveLength(1));
    expect(byTestId("releases-left")?.textContent).toBe("Releases left in the last 30 days: 3 of 3");
    // Its machine file under the details, Release beside them.
    expect([...byTestId("installation")!.querySelectorAll("button")].map((button) => button.textContent)).toEqual(["Machine file", "Release"]);
    expect(byTestId("seats-used")).toBeNull();
    expect(byTestId("floating-note")).toBeNull();
    expect(pageText()).toContain("Last seen");
  });

  it("a floating licence without seats says the software takes one when it validates", async () => {
    serveSeats([]);
    mountWithApp(<InstallationsPanel license={license()} admin={false} />);
    await waitFor(() => expect(byTestId("installations-empty")).toBeTruthy());
    expect(byTestId("installations-empty")?.textContent).toBe("No machine holds a seat yet. Your software takes one when it validates the licence key.");
    expect(byTestId("seats-used")?.textContent).toBe("0 of 5 seats in use");
  });

  it("reads the seats again every 15 s while open, and a lease that runs out in between turns lapsed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout", "Date"] });
    try {
      vi.setSystemTime(NOW);
      const calls = serveSeats([seat({ leaseExpiresAt: at(20), lastHeartbeatAt: at(-580) }), seat({ leaseExpiresAt: at(600), lastHeartbeatAt: at(0) })]);
      mountWithApp(<InstallationsPanel license={license()} admin />);
      await waitFor(() => expect(byTestId("seats-used")?.textContent).toBe("2 of 5 seats in use"));
      const reads = () => calls.filter((call) => call.path.includes(installationsPath)).length;
      expect(reads()).toBe(1);

      await act(() => vi.advanceTimersByTimeAsync(SEATS_POLL_MS + 100));
      await waitFor(() => expect(reads()).toBe(2));
      // 20 s of lease and 30 s of drift later, the first seat is no longer held, whatever the server said last.
      await act(() => vi.advanceTimersByTimeAsync(40_000));
      await waitFor(() => expect(byTestId("seats-used")?.textContent).toBe("1 of 5 seats in use"));
      expect(allByTestId("seat").map((row) => row.dataset.state)).toEqual(["live", "lapsed"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a node-locked licence is read once, not polled", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
    try {
      const calls = serveSeats([seat({ leaseExpiresAt: null })]);
      mountWithApp(<InstallationsPanel license={license({ floating: false, heartbeatSeconds: null })} admin />);
      await waitFor(() => expect(allByTestId("installation")).toHaveLength(1));
      await act(() => vi.advanceTimersByTimeAsync(SEATS_POLL_MS * 3));
      expect(calls.filter((call) => call.path.includes(installationsPath))).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("in Persian: the seats speak Persian, with Persian digits", async () => {
    await changeLanguage("fa", { persist: false });
    try {
      startClockAt(NOW);
      serveSeats([seat({ leaseExpiresAt: at(480), lastHeartbeatAt: at(-120) })]);
      mountWithApp(<InstallationsPanel license={license()} admin />);
      await waitFor(() => expect(allByTestId("seat")).toHaveLength(1));
      expect(byTestId("seats-used")?.textContent).toBe("۱ از ۵ جایگاه در حال استفاده");
      expect(byTestId("seat-state")?.textContent).toBe("فعال");
      expect(byTestId("seat-heartbeat")?.textContent).toContain("آخرین ضربان");
      expect(byTestId("seat-heartbeat")?.textContent).toContain("۲");
    } finally {
      await changeLanguage("en", { persist: false });
    }
  });
});
