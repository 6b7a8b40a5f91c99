import { MantineProvider } from "@mantine/core";
import type { License } from "@portal/contract";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { daysLeft } from "@/lib/days-left";
import { changeLanguage } from "@/lib/i18n";
import { mount, stubBrowserApis, unmount } from "@/test/dom";
import { FloatingSeats, LicenseStateBadges } from "../components/license-state-badges";
import { formatHeartbeat, LicensePolicySection } from "../components/license-policy-section";
import { heartbeatUnit, isExpired, policyBadges } from "../lib/policy";

beforeAll(stubBrowserApis);
afterEach(unmount);

const NOW = Date.parse("2026-11-20T12:00:00.000Z");
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();

function license(overrides: Partial<License> = {}): License {
  return {
    id: "11111111-1111-4111-8111-111111111111",
    key: "ABCD-EFGH-IJKL-MNOP",
    status: "not_activated",
    planId: "22222222-2222-4222-8222-222222222222",
    planName: "Pro",
    features: [],
    projectId: null,
    projectName: null,
    ownerId: "33333333-3333-4333-8333-333333333333",
    ownerEmail: "owner@example.com",
    issuedAt: at(-DAY),
    expiresAt: at(300 * DAY),
    maxActivations: 3,
    activations: 0,
    maxReleasesPer30Days: 3,
    type: "standard",
    floating: false,
    heartbeatSeconds: null,
    expirationStrategy: "revoke",
    offlineTtlDays: null,
    expired: false,
    seats: { used: 0, max: 3 },
    channels: ["stable"],
    ...overrides,
  };
}

describe("days left", () => {
  it("counts whole days rounded up, 0 once past or unreadable", () => {
    expect(daysLeft(at(14 * DAY), NOW)).toBe(14);
    expect(daysLeft(at(14 * DAY - 1), NOW)).toBe(14);
    expect(daysLeft(at(4 * DAY + 1), NOW)).toBe(5);
    expect(daysLeft(at(5 * HOUR), NOW)).toBe(1);
    expect(daysLeft(at(0), NOW)).toBe(0);
    expect(daysLeft(at(-3 * DAY), NOW)).toBe(0);
    expect(daysLeft("not a date", NOW)).toBe(0);
  });
});

describe("policy badges", () => {
  it("a standard node-locked licence in force has none", () => {
    expect(policyBadges(license(), NOW)).toEqual({ trial: null, floating: null, expired: null });
  });

  it("a running trial says its days left; one that has ended says so instead of a second 'Expired'", () => {
    expect(policyBadges(license({ type: "trial", expiresAt: at(4 * DAY + HOUR) }), NOW).trial).toEqual({ ended: false, daysLeft: 5 });
    expect(policyBadges(license({ type: "trial", expiresAt: at(HOUR) }), NOW).trial).toEqual({ ended: false, daysLeft: 1 });
    const ended = policyBadges(license({ type: "trial", expiresAt: at(-HOUR), expired: true }), NOW);
    expect(ended).toEqual({ trial: { ended: true }, floating: null, expired: null });
    // A trial that keeps working after its end still says so.
    expect(policyBadges(license({ type: "trial", expiresAt: at(-HOUR), expired: true, expirationStrategy: "perpetual_fallback" }), NOW).expired).toEqual({ keepsWorking: true });
  });

  it("trusts the clock for a page left open past the expiry, and the server's expired flag against a slow clock", () => {
    expect(isExpired(license({ expiresAt: at(-1), expired: false }), NOW)).toBe(true);
    expect(isExpired(license({ expiresAt: at(DAY), expired: true }), NOW)).toBe(true);
    expect(isExpired(license({ expiresAt: at(DAY), expired: false }), NOW)).toBe(false);
  });

  it("floating shows live seats; an expired licence says whether it keeps working", () => {
    expect(policyBadges(license({ floating: true, seats: { used: 2, max: 5 } }), NOW).floating).toEqual({ used: 2, max: 5 });
    expect(policyBadges(license({ expired: true, expiresAt: at(-DAY) }), NOW).expired).toEqual({ keepsWorking: false });
    expect(policyBadges(license({ expired: true, expiresAt: at(-DAY), expirationStrategy: "perpetual_fallback" }), NOW).expired).toEqual({ keepsWorking: true });
  });

  it("says a heartbeat in its largest whole unit", () => {
    expect(heartbeatUnit(600)).toEqual({ value: 10, unit: "minute" });
    expect(heartbeatUnit(7200)).toEqual({ value: 2, unit: "hour" });
    expect(heartbeatUnit(5400)).toEqual({ value: 90, unit: "minute" });
    expect(heartbeatUnit(90)).toEqual({ value: 90, unit: "second" });
    expect(formatHeartbeat(600, "en")).toBe("10 minutes");
    expect(formatHeartbeat(3600, "en")).toBe("1 hour");
  });
});

function render(node: React.ReactNode) {
  mount(<MantineProvider env="test">{node}</MantineProvider>);
}
const text = (testId: string) => [...document.querySelectorAll(`[data-testid="${testId}"]`)].map((element) => element.textContent);

describe("LicenseStateBadges", () => {
  it("in English: 'Trial · 5 days left', '1 day left', 'Trial ended', 'Floating · 2/5 seats', both expiries", () => {
    render(
      <>
        <LicenseStateBadges license={license({ type: "trial", expiresAt: at(4 * DAY + HOUR) })} now={NOW} />
        <LicenseStateBadges license={license({ type: "trial", expiresAt: at(HOUR) })} now={NOW} />
        <LicenseStateBadges license={license({ type: "trial", expiresAt: at(-HOUR), expired: true })} now={NOW} />
        <LicenseStateBadges license={license({ floating: true, seats: { used: 2, max: 5 } })} now={NOW} />
        <LicenseStateBadges license={license({ floating: true, seats: { used: 2, max: 5 } })} floating={false} now={NOW} />
        <LicenseStateBadges license={license({ expired: true, expiresAt: at(-DAY) })} now={NOW} />
        <LicenseStateBadges license={license({ expired: true, expiresAt: at(-DAY), expirationStrategy: "perpetual_fallback" })} now={NOW} />
        <LicenseStateBadges license={license()} now={NOW} />
      </>,
    );
    expect(text("trial-badge")).toEqual(["Trial · 5 days left", "Trial · 1 day left", "Trial ended"]);
    expect(text("floating-badge")).toEqual(["Floating · 2/5 seats"]);
    // Revoke: "Expired"; perpetual fallback: "Expired" with "Keeps working, no new updates" under it.
    const [revoked, fallback] = [...document.querySelectorAll('[data-testid="expired-badge"]')];
    expect(revoked?.textContent).toBe("Expired");
    expect(revoked).not.toHaveAttribute("data-keeps-working");
    expect([...fallback!.children].map((element) => element.textContent)).toEqual(["Expired", "Keeps working, no new updates"]);
    // Nothing to say, nothing drawn (and the list's variant leaves seats to their column).
    expect(document.querySelectorAll('[data-testid="license-state-badges"]')).toHaveLength(6);
  });

  it.each([
    ["es", "Prueba · queda 1 día", "Prueba · quedan 5 días"],
    ["pt-BR", "Avaliação · resta 1 dia", "Avaliação · restam 5 dias"],
    ["tr", "Deneme · 1 gün kaldı", "Deneme · 5 gün kaldı"],
    ["fa", "آزمایشی · ۱ روز مانده", "آزمایشی · ۵ روز مانده"],
    ["zh-CN", "试用 · 剩余 1 天", "试用 · 剩余 5 天"],
  ] as const)("in %s: days left take the language's plural forms and digits", async (language, one, five) => {
    await changeLanguage(language, { persist: false });
    try {
      render(
        <>
          <LicenseStateBadges license={license({ type: "trial", expiresAt: at(HOUR) })} now={NOW} />
          <LicenseStateBadges license={license({ type: "trial", expiresAt: at(4 * DAY + HOUR) })} now={NOW} />
        </>,
      );
      expect(text("trial-badge")).toEqual([one, five]);
    } finally {
      unmount();
      await changeLanguage("en", { persist: false });
    }
  });
});

describe("FloatingSeats", () => {
  it("says 'Floating' over the live seats of the maximum", () => {
    render(<FloatingSeats seats={{ used: 3, max: 5 }} />);
    expect(text("floating-badge")).toEqual(["Floating"]);
    expect(text("activations")).toEqual(["Floating3 of 5 seats"]);
  });
});

describe("LicensePolicySection", () => {
  it("explains a floating perpetual-fallback licence with offline files", () => {
    render(
      <LicensePolicySection
        license={license({
          floating: true,
          heartbeatSeconds: 600,
          seats: { used: 2, max: 5 },
          maxActivations: 5,
          expirationStrategy: "perpetual_fallback",
          offlineTtlDays: 7,
          expiresAt: "2027-01-15T12:00:00.000Z",
        })}
        now={NOW}
      />,
    );
    expect(document.querySelector("h3")?.textContent).toBe("Licence policy");
    expect(text("policy-type")).toEqual(["Standard"]);
    expect(text("policy-seats")).toEqual(["Floating: 5 seats at a time (2 in use)"]);
    expect(text("policy-heartbeat")).toEqual(["A seat not refreshed for 10 minutes (plus 30 seconds of clock drift) is freed for another machine."]);
    expect(text("policy-expiry")[0]).toMatch(/^Keeps working: only updates published before .*2027.* can be downloaded\.$/);
    expect(text("policy-offline")).toEqual(["Licence and machine files expire 7 days after they are downloaded, so an offline machine must check in again."]);
  });

  it("explains a node-locked revoke trial without offline limit, and an ended one", () => {
    render(
      <>
        <LicensePolicySection license={license({ type: "trial", maxActivations: 1, expiresAt: "2026-12-04T12:00:00.000Z" })} now={NOW} />
        <LicensePolicySection license={license({ type: "trial", expired: true, expiresAt: "2026-11-01T12:00:00.000Z" })} now={NOW} />
      </>,
    );
    expect(text("policy-type")[0]).toMatch(/^Trial, ends .*2026/);
    expect(text("policy-type")[1]).toMatch(/^Trial, ended .*2026/);
    expect(text("policy-seats")[0]).toBe("Node-locked: activates on up to 1 machine");
    expect(text("policy-heartbeat")).toEqual([]);
    expect(text("policy-expiry")[0]).toBe("Stops working: validation answers expired and no updates can be downloaded.");
    expect(text("policy-offline")[0]).toBe("Licence files stay valid until the licence expires.");
  });
});
