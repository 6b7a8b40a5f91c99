import { notifications } from "@mantine/notifications";
import type { Feature, UpdateHistoryRow } from "@portal/contract";
import { act } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { allByTestId, byTestId, mountInApp, pageText } from "@/test/app";
import { click, stubBrowserApis, type, unmount, waitFor } from "@/test/dom";
import { AvailabilityCell, HistoryList } from "../components/history-list";
import { ChangelogStep } from "../components/wizard/changelog-step";
import { AdminUpdatesPage } from "../pages/admin-updates-page";
import { updateFixture } from "./fixtures";

/**
 * API.md "Release channels and entitlement-gated updates" in the web app: the wizard's channel and
 * required features, yank with its confirmation, and the customer's "not offered, and why".
 */

beforeAll(stubBrowserApis);
afterEach(() => {
  unmount();
  notifications.clean();
  vi.restoreAllMocks();
});

type Call = { method: string; url: URL; body: unknown };
function serve(answer: (call: Call) => { status: number; body?: unknown }) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const raw = init?.body;
    const call = { method: init?.method ?? "GET", url: new URL(String(input), "http://x"), body: typeof raw === "string" ? JSON.parse(raw) : undefined };
    calls.push(call);
    const { status, body } = answer(call);
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
  return calls;
}
const ok = (data: unknown) => ({ status: 200, body: { status: "success", data } });
const page = (items: unknown[]) => ok({ items, total: items.length, page: 1, pageSize: 100 });

const reports: Feature = { id: "44444444-4444-4444-8444-444444444444", name: "Reports", code: "REPORTS", description: "", price: 0, createdAt: "2026-01-01T00:00:00.000Z" };
const audit: Feature = { id: "55555555-5555-4555-8555-555555555555", name: "Audit trail", code: "AUDIT_TRAIL", description: "", price: 0, createdAt: "2026-01-01T00:00:00.000Z" };

/** Picks an option of a Mantine select or multi-select (its listbox is in a portal) by its text. */
async function pick(testId: string, option: string) {
  const input = byTestId(testId) as HTMLInputElement;
  act(() => {
    input.focus();
    input.click();
  });
  await waitFor(() => expect([...document.querySelectorAll('[role="option"]')].some((node) => node.textContent === option)).toBe(true));
  const node = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((candidate) => candidate.textContent === option)!;
  act(() => {
    node.dispatchEvent(new MouseEvent("mousedown", { bubbles: true }));
    node.click();
  });
}

describe("the change log step's channel and required features", { timeout: 30_000 }, () => {
  it("defaults to stable and no required feature, lists features with their codes, and sends both", async () => {
    const calls = serve((call) =>
      call.method === "GET" ? (call.url.pathname === "/api/v1/features" ? page([audit, reports]) : page([])) : ok(updateFixture({ status: "published", version: "1.0.0" })),
    );
    const published = vi.fn();
    mountInApp(<ChangelogStep update={updateFixture()} onPublished={published} onBack={() => undefined} />);
    expect((byTestId("changelog-channel") as HTMLInputElement).value).toBe("Stable");
    await waitFor(() => expect((byTestId("changelog-required-features") as HTMLInputElement).disabled).toBe(false));
    await pick("changelog-channel", "Beta");
    await waitFor(() => expect((byTestId("changelog-channel") as HTMLInputElement).value).toBe("Beta"));
    await pick("changelog-required-features", "Reports (REPORTS)");
    type(byTestId("changelog-header")!, "Beta reports");
    type(byTestId("changelog-version")!, "1.0.0");
    click(byTestId("changelog-type-minor"));
    type(byTestId("changelog-text")!, "New reports.");
    click(byTestId("changelog-publish"));
    await waitFor(() => expect(published).toHaveBeenCalled());
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({ channel: "beta", requiredFeatureIds: [reports.id] });
  });

  it("keeps what the draft already has", async () => {
    serve((call) => (call.url.pathname === "/api/v1/features" ? page([audit, reports]) : page([])));
    mountInApp(<ChangelogStep update={updateFixture({ channel: "rc", requiredFeatures: [{ id: audit.id, name: audit.name, code: audit.code }] })} onPublished={() => undefined} onBack={() => undefined} />);
    expect((byTestId("changelog-channel") as HTMLInputElement).value).toBe("Release candidate");
    await waitFor(() => expect(byTestId("wizard-changelog")?.textContent).toContain("Audit trail (AUDIT_TRAIL)"));
  });

  it("says when the features cannot be loaded, with a retry", async () => {
    serve((call) => (call.url.pathname === "/api/v1/features" ? { status: 500, body: { detail: [{ loc: ["internal"], msg: "x", type: "error" }] } } : page([])));
    mountInApp(<ChangelogStep update={updateFixture()} onPublished={() => undefined} onBack={() => undefined} />);
    await waitFor(() => expect(pageText()).toContain("The features could not be loaded."));
  });
});

const published = updateFixture({
  id: "33333333-3333-4333-8333-333333333333",
  status: "published",
  version: "2.4.0",
  type: "minor",
  header: "Faster activation",
  changeLog: "One request.",
  publishedAt: "2026-11-23T12:00:00.000Z",
  channel: "beta",
  requiredFeatures: [{ id: reports.id, name: reports.name, code: reports.code }],
});

describe("yank", { timeout: 30_000 }, () => {
  it("asks first, in red, saying it withdraws the update everywhere and cannot be undone; then POSTs /yank and shows Yanked", async () => {
    let current = published;
    const calls = serve((call) => {
      if (call.method === "POST" && call.url.pathname.endsWith("/yank")) {
        current = { ...published, yankedAt: "2026-11-27T10:00:00.000Z" };
        return ok(current);
      }
      if (call.url.pathname === "/api/v1/updates") return page([current]);
      return ok(current);
    });
    mountInApp(<AdminUpdatesPage />, { url: "/admin/admin-updates" });
    await waitFor(() => expect(allByTestId("channel-badge").map((badge) => badge.textContent)).toEqual(["Beta"]));
    expect(byTestId("update-required-codes")?.textContent).toBe("REPORTS");
    expect(byTestId("update-yanked")).toBeNull();
    click(byTestId("update-yank"));
    await waitFor(() => expect(byTestId("update-yank-dialog")).toBeTruthy());
    const dialog = () => document.querySelector('[data-testid="update-yank-dialog"]')?.closest('[role="dialog"]') ?? document.body;
    expect(dialog().textContent).toContain("2.4.0 is withdrawn at once from every list and every download, for every customer.");
    expect(dialog().textContent).toContain("This cannot be undone");
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(0);
    click(byTestId("update-yank-confirm"));
    await waitFor(() => expect(calls.filter((call) => call.method === "POST").map((call) => call.url.pathname)).toEqual([`/api/v1/updates/${published.id}/yank`]));
    await waitFor(() => expect(pageText()).toContain("2.4.0 was yanked."));
    await waitFor(() => expect(byTestId("update-yanked")?.textContent).toBe("Yanked"));
    // Yanked once: no second yank offered.
    expect(byTestId("update-yank")).toBeNull();
  });
});

const row = (overrides: Partial<UpdateHistoryRow>): UpdateHistoryRow => ({
  updateId: "11111111-1111-4111-8111-111111111111",
  version: "2.4.0",
  type: "minor",
  header: "Faster activation",
  publishedAt: "2026-11-23T10:00:00.000Z",
  userId: "22222222-2222-4222-8222-222222222222",
  userName: "cora",
  customer: "Cora Customer",
  licenseId: "33333333-3333-4333-8333-333333333333",
  licenseKey: "K7Q2M-AAAAA-BBBBB-CCCCC-DDDDD-EEEEE",
  status: "not_verified",
  customerStatus: "not_verified",
  channel: "stable",
  available: true,
  yankedAt: null,
  unavailableReasons: [],
  ...overrides,
});

describe("the customer's update history: what is not offered, and why", { timeout: 30_000 }, () => {
  it("asks for include=unavailable and shows Available, Not offered with each reason, and Withdrawn", async () => {
    const rows = [
      row({}),
      row({
        updateId: "44444444-4444-4444-8444-444444444441",
        version: "2.5.0-beta.1",
        channel: "beta",
        available: false,
        unavailableReasons: [
          { kind: "channel", channel: "beta" },
          { kind: "feature", featureId: reports.id, featureName: "Reports", featureCode: "REPORTS" },
        ],
      }),
      row({ updateId: "44444444-4444-4444-8444-444444444442", version: "2.3.9", available: false, yankedAt: "2026-11-25T10:00:00.000Z" }),
    ];
    const calls = serve(() => ok({ items: rows, total: rows.length, page: 1, pageSize: 20 }));
    mountInApp(<HistoryList admin={false} />, { url: "/updates" });
    await waitFor(() => expect(allByTestId("availability").map((cell) => cell.dataset.availability)).toEqual(["available", "not-offered", "withdrawn"]));
    expect(calls[0]!.url.searchParams.get("include")).toBe("unavailable");
    expect(allByTestId("availability-reason").map((reason) => reason.textContent?.replace(/[\u2068\u2069]/g, ""))).toEqual(["Beta channel", "Needs feature Reports"]);
    expect(allByTestId("availability")[2]!.textContent).toContain("Withdrawn");
  });

  it("the administrators' history asks for no unavailable rows", async () => {
    const calls = serve((call) => (call.url.pathname === "/api/v1/update-history" ? ok({ items: [row({})], total: 1, page: 1, pageSize: 20 }) : page([])));
    mountInApp(<HistoryList admin />, { url: "/admin/admin-updates?view=history" });
    await waitFor(() => expect(calls.some((call) => call.url.pathname === "/api/v1/update-history")).toBe(true));
    expect(calls.find((call) => call.url.pathname === "/api/v1/update-history")!.url.searchParams.has("include")).toBe(false);
  });

  it("a row without reasons (an older server) still says Not offered", async () => {
    mountInApp(<AvailabilityCell row={{ available: false, yankedAt: null }} />);
    await waitFor(() => expect(byTestId("availability")?.textContent).toBe("Not offered"));
  });
});
