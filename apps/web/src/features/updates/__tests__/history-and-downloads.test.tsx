import { Blob as NodeBlob } from "node:buffer";
import { customerVerificationStatuses, type UpdateHistoryRow } from "@portal/contract";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { allByTestId, byTestId, mountInApp, pageText } from "@/test/app";
import { click, stubBrowserApis, unmount, waitFor } from "@/test/dom";
import { DownloadControl } from "../components/download-control";
import { HistoryList } from "../components/history-list";
import { CustomerVerificationBadge, LicenseVerificationBadge, customerVerificationColor, licenseVerificationColor } from "../components/update-badges";

const render = (element: ReactNode) => mountInApp(element);
const text = pageText;
const all = allByTestId;

beforeAll(stubBrowserApis);
afterEach(() => {
  unmount();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("verification badges (spec section 4: Verified, Partially Verified, Not Verified)", () => {
  it("names each licence's and each customer's status in words, with its own colour", () => {
    render(
      <>
        <LicenseVerificationBadge status="verified" />
        <LicenseVerificationBadge status="not_verified" />
        {customerVerificationStatuses.map((status) => (
          <CustomerVerificationBadge key={status} status={status} />
        ))}
      </>,
    );
    return waitFor(() => {
      expect(all("license-verification").map((badge) => [badge.dataset.status, badge.textContent])).toEqual([
        ["verified", "Verified"],
        ["not_verified", "Not Verified"],
      ]);
      expect(all("customer-verification").map((badge) => [badge.dataset.status, badge.textContent])).toEqual([
        ["verified", "Verified"],
        ["partially_verified", "Partially Verified"],
        ["not_verified", "Not Verified"],
      ]);
      expect(new Set(Object.values(customerVerificationColor)).size).toBe(3);
      expect(licenseVerificationColor.verified).toBe(customerVerificationColor.verified);
    });
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
  status: "verified",
  customerStatus: "partially_verified",
  channel: "stable",
  available: true,
  yankedAt: null,
  ...overrides,
});

type Call = { method: string; url: URL; body: unknown };
function serve(answer: (call: Call) => { status: number; body?: unknown }) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const raw = init?.body;
    const call = { method: init?.method ?? "GET", url: new URL(String(input), "http://x"), body: typeof raw === "string" ? JSON.parse(raw) : undefined };
    calls.push(call);
    const { status, body } = answer(call);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
  return calls;
}

describe("the update history", { timeout: 20_000 }, () => {
  const rows = [row({}), row({ licenseId: "44444444-4444-4444-8444-444444444444", licenseKey: "K7Q2M-FFFFF-GGGGG-HHHHH-JJJJJ-KKKKK", status: "not_verified" })];
  const answer = (call: Call) => {
    if (call.url.pathname === "/api/v1/update-history") return { status: 200, body: { status: "success", data: { items: rows, total: 2, page: 1, pageSize: 20 } } };
    if (call.url.pathname === "/api/v1/updates") return { status: 200, body: { status: "success", data: { items: [], total: 0, page: 1, pageSize: 100 } } };
    return { status: call.method === "POST" ? 201 : 200, body: { status: "success", data: null } };
  };

  it("gives an administrator every row with both badges, Verify on a licence not verified, and a confirmed Revoke on a verified one", async () => {
    const calls = serve(answer);
    render(<HistoryList admin />);
    await waitFor(() => expect(all("license-verification")).toHaveLength(2));
    const historyCall = calls.find((call) => call.url.pathname === "/api/v1/update-history")!;
    expect(historyCall.url.search).toBe("?page=1&pageSize=20&sort=publishedAt&order=desc");
    expect(text()).toContain("cora");
    expect(text()).toContain("Cora Customer");
    expect(all("customer-verification").map((badge) => badge.textContent)).toEqual(["Partially Verified", "Partially Verified"]);
    expect(all("history-verify")).toHaveLength(1);
    expect(all("history-revoke")).toHaveLength(1);

    click(byTestId("history-verify"));
    await waitFor(() => expect(text()).toContain("User verified successfully"));
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      url: new URL("http://x/api/v1/updates/11111111-1111-4111-8111-111111111111/verifications"),
      body: { licenseId: "44444444-4444-4444-8444-444444444444" },
    });

    click(byTestId("history-revoke"));
    await waitFor(() => expect(byTestId("history-revoke-dialog")?.textContent).toContain("Licence K7Q2M-AAAAA-BBBBB-CCCCC-DDDDD-EEEEE of Cora Customer will no longer be able to download 2.4.0."));
    expect(calls.filter((call) => call.method === "DELETE")).toEqual([]);
    click(byTestId("history-revoke-confirm"));
    await waitFor(() => expect(text()).toContain("Verification revoked."));
    expect(calls.find((call) => call.method === "DELETE")).toMatchObject({
      url: new URL("http://x/api/v1/updates/11111111-1111-4111-8111-111111111111/verifications"),
      body: { licenseId: "33333333-3333-4333-8333-333333333333" },
    });
  });

  it("gives a customer their rows without actions and without the admin's list of updates", async () => {
    const calls = serve(answer);
    render(<HistoryList admin={false} />);
    await waitFor(() => expect(all("license-verification")).toHaveLength(2));
    expect(all("history-verify")).toHaveLength(0);
    expect(all("history-revoke")).toHaveLength(0);
    expect(text()).toContain("Faster activation");
    expect(calls.some((call) => call.url.pathname === "/api/v1/updates")).toBe(false);
  });
});

describe("a download button", { timeout: 20_000 }, () => {
  const content = Uint8Array.from({ length: 6000 }, (_, index) => index % 256);
  const etag = '"abc"';

  /** The first answer drops after 2000 bytes; the second honours the Range. */
  function flakyServer() {
    const ranges: (string | null)[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      const range = new Headers(init?.headers).get("range");
      ranges.push(range);
      const start = range ? Number(/bytes=(\d+)-/.exec(range)![1]) : 0;
      let sent = start;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (!range && sent >= 2000) return controller.error(new TypeError("network error"));
          if (sent >= content.length) return controller.close();
          controller.enqueue(content.slice(sent, sent + 500));
          sent += 500;
        },
      });
      return range
        ? new Response(body, { status: 206, headers: { "content-length": String(content.length - start), "content-range": `bytes ${start}-5999/6000`, etag } })
        : new Response(body, { status: 200, headers: { "content-length": "6000", etag } });
    });
    return ranges;
  }

  it("shows 'Download failed: …' with the bytes kept, resumes with a Range and saves the whole file", async () => {
    vi.stubGlobal("Blob", NodeBlob);
    const saved: Blob[] = [];
    // jsdom has no object URLs: saveBlob's link gets a stand-in, and the test keeps the Blob.
    Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), "blob:x"), revokeObjectURL: () => undefined });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const ranges = flakyServer();
    render(<DownloadControl request={{ path: "api/v1/updates/u1/package" }} fileName="update-2.4.0.zip" label="Download package" size={6000} testId="download" />);
    click(document.querySelector('[data-testid="download"] button'));
    await waitFor(() => expect(byTestId("download-failed")?.textContent).toContain("Download failed: No response received from server. Please check your connection."));
    expect(byTestId("download-failed")?.textContent).toContain("2 kB of 5.9 kB arrived and are kept");
    expect(text()).toContain("Download failed: No response received from server.");

    click(byTestId("download-resume"));
    await waitFor(() => expect(byTestId("download-done")?.textContent).toBe("update-2.4.0.zip saved."));
    expect(ranges).toEqual([null, "bytes=2000-"]);
    expect(saved).toHaveLength(1);
    expect(names).toEqual(["update-2.4.0.zip"]);
    expect(new Uint8Array(await saved[0]!.arrayBuffer())).toEqual(content);
  });
});
