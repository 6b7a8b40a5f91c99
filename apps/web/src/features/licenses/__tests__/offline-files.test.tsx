import { notifications } from "@mantine/notifications";
import type { Installation, License } from "@portal/contract";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { allByTestId, byTestId, mountInApp, pageText } from "@/test/app";
import { click, stubBrowserApis, type, unmount, waitFor } from "@/test/dom";
import { encryptedLicenseFileName, machineFileName } from "../api/license-files";
import { LicenseFileDownload } from "../components/license-file-download";
import { LicensePolicySection } from "../components/license-policy-section";
import { MachineFileButton } from "../components/machine-file-button";
import { defaultTtlSeconds, ttlSecondsOf, ttlValueOf } from "../lib/file-ttl";

/**
 * API.md "Encrypted licence files, machine files" and "Release channels" in the licence drawer: the
 * plain or encrypted licence file with its TTL, an installation's machine file, the channels an
 * administrator changes, the entitlements by code.
 */

beforeAll(stubBrowserApis);

const NOW = Date.parse("2026-11-27T10:00:00.000Z");
const DAY = 86_400;

function license(overrides: Partial<License> = {}): License {
  return {
    id: "11111111-1111-4111-8111-111111111111",
    key: "ABCD-EFGH-IJKL-MNOP",
    status: "active",
    planId: "22222222-2222-4222-8222-222222222222",
    planName: "Pro",
    features: [
      { id: "44444444-4444-4444-8444-444444444444", name: "Reports", code: "REPORTS" },
      { id: "55555555-5555-4555-8555-555555555555", name: "Audit trail", code: "AUDIT_TRAIL" },
    ],
    projectId: null,
    projectName: null,
    ownerId: "33333333-3333-4333-8333-333333333333",
    ownerEmail: "owner@example.com",
    issuedAt: new Date(NOW - DAY * 1000).toISOString(),
    expiresAt: new Date(NOW + 300 * DAY * 1000).toISOString(),
    maxActivations: 3,
    activations: 1,
    maxReleasesPer30Days: 3,
    type: "standard",
    floating: false,
    heartbeatSeconds: null,
    expirationStrategy: "revoke",
    offlineTtlDays: 30,
    expired: false,
    seats: { used: 1, max: 3 },
    channels: ["stable", "beta"],
    ...overrides,
  };
}

const installation: Installation = {
  id: "66666666-6666-4666-8666-666666666666",
  licenseId: "11111111-1111-4111-8111-111111111111",
  fingerprint: "ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12",
  dataSummary: "hostname: build-01",
  firstSeenAt: new Date(NOW).toISOString(),
  lastSeenAt: new Date(NOW).toISOString(),
  releasedAt: null,
  leaseExpiresAt: null,
  lastHeartbeatAt: null,
  deadAt: null,
} as Installation;

type Call = { method: string; url: URL; body: unknown };
/** Answers each fetch: a text file, or JSON; records the calls. */
function serve(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const raw = init?.body;
    const call = { method: init?.method ?? "GET", url: new URL(String(input), "http://x"), body: typeof raw === "string" ? JSON.parse(raw) : undefined };
    calls.push(call);
    return answer(call);
  });
  return calls;
}
const textFile = (body: string) => new Response(body, { status: 200, headers: { "content-type": "text/plain" } });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const saved: string[] = [];
beforeEach(() => {
  saved.length = 0;
  Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  unmount();
  notifications.clean();
  vi.restoreAllMocks();
});

const toasts = () => [...document.querySelectorAll(".mantine-Notification-root")].map((toast) => (toast.textContent ?? "").replace(/[\u2068\u2069]/g, ""));
const radio = (testId: string) => byTestId(testId)?.querySelector("input") ?? (byTestId(testId) as HTMLInputElement | null);
const submitButton = () => byTestId("license-file-submit");

describe("licence file TTL", () => {
  it("defaults to the licence's offline validity, else the time until it expires (1 hour to 1 year)", () => {
    expect(defaultTtlSeconds({ offlineTtlDays: 30, expiresAt: new Date(NOW + 5 * DAY * 1000).toISOString() }, NOW)).toBe(30 * DAY);
    expect(defaultTtlSeconds({ offlineTtlDays: null, expiresAt: new Date(NOW + 5 * DAY * 1000).toISOString() }, NOW)).toBe(5 * DAY);
    expect(defaultTtlSeconds({ offlineTtlDays: null, expiresAt: new Date(NOW + 60_000).toISOString() }, NOW)).toBe(3600);
    expect(defaultTtlSeconds({ offlineTtlDays: null, expiresAt: new Date(NOW + 900 * DAY * 1000).toISOString() }, NOW)).toBe(365 * DAY);
  });

  it("shows whole days from a day on, else hours; sends seconds only for 1 hour .. 365 days", () => {
    expect(ttlValueOf(30 * DAY)).toEqual({ amount: 30, unit: "days" });
    expect(ttlValueOf(DAY + 7200)).toEqual({ amount: 1, unit: "days" });
    expect(ttlValueOf(5400)).toEqual({ amount: 2, unit: "hours" });
    expect(ttlSecondsOf({ amount: 2, unit: "hours" })).toBe(7200);
    expect(ttlSecondsOf({ amount: 365, unit: "days" })).toBe(31_536_000);
    expect(ttlSecondsOf({ amount: 366, unit: "days" })).toBeNull();
    expect(ttlSecondsOf({ amount: 8761, unit: "hours" })).toBeNull();
    expect(ttlSecondsOf({ amount: 0, unit: "hours" })).toBeNull();
    expect(ttlSecondsOf({ amount: 1.5, unit: "days" })).toBeNull();
    expect(ttlSecondsOf({ amount: "", unit: "days" })).toBeNull();
  });
});

describe("Download licence file: plain or encrypted", { timeout: 30_000 }, () => {
  it("plain: today's signed file, without encrypt or ttl", async () => {
    const calls = serve(() => textFile("-----BEGIN LICENSE FILE-----\nabc\n-----END LICENSE FILE-----\n"));
    mountInApp(<LicenseFileDownload license={license()} />);
    click(byTestId("license-file-download"));
    await waitFor(() => expect(byTestId("license-file-form")).toBeTruthy());
    expect(pageText()).toContain("anyone who has the file can read it");
    expect(pageText()).toContain("reading it needs the licence key");
    expect(radio("license-file-plain")?.checked).toBe(true);
    // The TTL belongs to the encrypted file only.
    expect(byTestId("license-file-ttl")).toBeNull();
    click(submitButton());
    await waitFor(() => expect(saved).toEqual(["ABCDEFGHIJKLMNOP.lic"]));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url.pathname).toBe("/api/v1/licenses/11111111-1111-4111-8111-111111111111/file");
    expect(calls[0]!.url.search).toBe("");
    await waitFor(() => expect(toasts()).toEqual(["ABCDEFGHIJKLMNOP.lic downloaded."]));
  });

  it("encrypted: ttl preset from the licence (30 days offline), sent in seconds; out of range is said and nothing is fetched", async () => {
    const calls = serve(() => textFile("-----BEGIN LICENSE FILE-----\nenc\n-----END LICENSE FILE-----\n"));
    mountInApp(<LicenseFileDownload license={license()} />);
    click(byTestId("license-file-download"));
    await waitFor(() => expect(radio("license-file-encrypted")).toBeTruthy());
    click(radio("license-file-encrypted"));
    await waitFor(() => expect(byTestId("license-file-ttl")).toBeTruthy());
    const ttl = byTestId("license-file-ttl") as HTMLInputElement;
    expect(ttl.value).toBe("30");
    type(ttl, "400");
    click(submitButton());
    await waitFor(() => expect(pageText()).toContain("Enter a whole number from 1 hour to 365 days"));
    expect(calls).toHaveLength(0);
    type(ttl, "7");
    click(submitButton());
    await waitFor(() => expect(saved).toEqual([encryptedLicenseFileName(license())]));
    expect(saved[0]).toBe("ABCDEFGHIJKLMNOP.encrypted.lic");
    expect(calls[0]!.url.searchParams.get("encrypt")).toBe("true");
    expect(calls[0]!.url.searchParams.get("ttl")).toBe(String(7 * DAY));
  });

  it("a refusal ends in the download's failure toast; a deactivated licence offers no download", async () => {
    serve(() => json(409, { detail: [{ loc: ["license/deactivated"], msg: "x", type: "error" }] }));
    mountInApp(<LicenseFileDownload license={license()} />);
    click(byTestId("license-file-download"));
    await waitFor(() => expect(submitButton()).toBeTruthy());
    click(submitButton());
    await waitFor(() => expect(toasts().join(" ")).toContain("Download failed"));
    expect(saved).toEqual([]);
    unmount();
    mountInApp(<LicenseFileDownload license={license({ status: "deactivated" })} />);
    await waitFor(() => expect((byTestId("license-file-download") as HTMLButtonElement).disabled).toBe(true));
  });
});

describe("machine files", { timeout: 20_000 }, () => {
  it("downloads the installation's machine file from its own route", async () => {
    const calls = serve(() => textFile("-----BEGIN MACHINE FILE-----\nm\n-----END MACHINE FILE-----\n"));
    mountInApp(<MachineFileButton license={license()} installation={installation} />);
    const button = byTestId("machine-file-download")!;
    expect(button.getAttribute("aria-label")).toContain("Download the machine file of");
    click(button);
    await waitFor(() => expect(saved).toEqual([machineFileName(installation)]));
    expect(saved[0]).toBe("machine-ab12cd34ef56.lic");
    expect(calls[0]!.url.pathname).toBe(`/api/v1/licenses/${license().id}/installations/${installation.id}/file`);
  });

  it("an answer that is not a machine file is a failure, not a saved file", async () => {
    serve(() => textFile("<html>nope</html>"));
    mountInApp(<MachineFileButton license={license()} installation={installation} />);
    click(byTestId("machine-file-download"));
    await waitFor(() => expect(toasts().join(" ")).toContain("Download failed"));
    expect(saved).toEqual([]);
  });
});

describe("the licence's channels and entitlements", { timeout: 30_000 }, () => {
  it("shows the channels and the entitlement codes; customers cannot change the channels", async () => {
    serve(() => json(200, {}));
    mountInApp(<LicensePolicySection license={license()} now={NOW} />);
    await waitFor(() => expect(allByTestId("channel-badge").map((badge) => badge.textContent)).toEqual(["Stable", "Beta"]));
    expect(allByTestId("entitlement").map((item) => item.textContent)).toEqual(["AUDIT_TRAIL", "REPORTS"]);
    expect(byTestId("license-channels-change")).toBeNull();
  });

  it("an administrator changes them with PUT /licenses/{id}/channels; none chosen is refused in the browser", async () => {
    const calls = serve(() => json(200, { status: "success", data: license({ channels: ["stable"] }) }));
    mountInApp(<LicensePolicySection license={license()} now={NOW} admin />);
    click(byTestId("license-channels-change"));
    await waitFor(() => expect(byTestId("license-channels-form")).toBeTruthy());
    // Remove both chosen channels (Mantine's pill remove buttons), then save: at least one is needed.
    const removes = () => [...document.querySelectorAll('[data-testid="license-channels-form"] .mantine-Pill-remove')] as HTMLElement[];
    await waitFor(() => expect(removes()).toHaveLength(2));
    click(removes()[1]);
    await waitFor(() => expect(removes()).toHaveLength(1));
    click(removes()[0]);
    await waitFor(() => expect(removes()).toHaveLength(0));
    click(byTestId("license-channels-save"));
    await waitFor(() => expect(pageText()).toContain("Choose at least one release channel"));
    expect(calls.filter((call) => call.method === "PUT")).toHaveLength(0);
  });

  it("saves the chosen channels", async () => {
    const calls = serve(() => json(200, { status: "success", data: license({ channels: ["stable"] }) }));
    mountInApp(<LicensePolicySection license={license()} now={NOW} admin />);
    click(byTestId("license-channels-change"));
    const removes = () => [...document.querySelectorAll('[data-testid="license-channels-form"] .mantine-Pill-remove')] as HTMLElement[];
    await waitFor(() => expect(removes()).toHaveLength(2));
    click(removes()[1]);
    click(byTestId("license-channels-save"));
    await waitFor(() => expect(calls.filter((call) => call.method === "PUT")).toHaveLength(1));
    const put = calls.find((call) => call.method === "PUT")!;
    expect(put.url.pathname).toBe(`/api/v1/licenses/${license().id}/channels`);
    expect(put.body).toEqual({ channels: ["stable"] });
    await waitFor(() => expect(pageText()).toContain("Release channels saved."));
  });
});
