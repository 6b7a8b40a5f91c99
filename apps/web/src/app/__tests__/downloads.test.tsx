import { Button } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { TicketMessage } from "@portal/contract";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ExportButton } from "@/features/audit/components/export-button";
import { licenseFileDownload } from "@/features/licenses/api/licenses";
import { TicketThread } from "@/features/tickets/components/ticket-thread";
import { DownloadControl } from "@/features/updates/components/download-control";
import { byTestId, mountWithApp } from "@/test/app";
import { click, stubBrowserApis, unmount, waitFor } from "@/test/dom";
import { useDownload } from "@/lib/use-download";

/**
 * Spec section 4, "Download: downloading, then success or failure": every download button of the app
 * says that the file is coming, then that it arrived or why it did not.
 */

beforeAll(stubBrowserApis);

const saved: string[] = [];
beforeEach(() => {
  saved.length = 0;
  // jsdom has no object URLs: saveBlob gets a stand-in, and the test keeps the names saved.
  Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  unmount();
  // The toast store outlives a mounted tree: each test starts without the last one's toasts.
  notifications.clean();
});

const toasts = () => [...document.querySelectorAll(".mantine-Notification-root")].map((toast) => (toast.textContent ?? "").replace(/[\u2068\u2069]/g, ""));

/** Answers every fetch with `respond()`, held until `release()` when `hold` is set. */
function serve(respond: () => Response, hold = false) {
  let release = () => {};
  const gate = hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
    await gate;
    return respond();
  });
  return () => release();
}

const text = (body: string, type = "text/plain") => new Response(body, { status: 200, headers: { "content-type": type } });
const refused = () => new Response(JSON.stringify({ detail: [{ loc: ["license/deactivated"], msg: "x", type: "error" }] }), { status: 409, headers: { "content-type": "application/json" } });

function LicenseFileButton() {
  const download = useDownload();
  return (
    <Button data-testid="license-download" loading={download.isPending} onClick={() => download.start(licenseFileDownload({ id: "l1", key: "ABCDE-FGHJK" }))}>
      Download licence file
    </Button>
  );
}

describe("every download says downloading, then success or failure", { timeout: 20_000 }, () => {
  it("a licence file: a 'Downloading' toast and a busy button, then '<file> downloaded.'", async () => {
    const release = serve(() => text("-----BEGIN LICENSE FILE-----\nx\n-----END LICENSE FILE-----\n"), true);
    mountWithApp(<LicenseFileButton />);
    click(byTestId("license-download"));
    await waitFor(() => expect(toasts()).toEqual(["Downloading ABCDEFGHJK.lic…"]));
    await waitFor(() => expect(byTestId("license-download")?.dataset.loading).toBeDefined());
    release();
    await waitFor(() => expect(toasts()).toEqual(["ABCDEFGHJK.lic downloaded."]));
    expect(saved).toEqual(["ABCDEFGHJK.lic"]);
  });

  it("a licence file the server refuses: 'Download failed: <reason>' in place of the 'Downloading' toast", async () => {
    serve(refused);
    mountWithApp(<LicenseFileButton />);
    click(byTestId("license-download"));
    await waitFor(() => expect(toasts()).toEqual([expect.stringContaining("Download failed: This licence has been deactivated.")]));
    expect(saved).toEqual([]);
  });

  it("a ticket attachment", async () => {
    serve(() => text("log line"));
    const messages: TicketMessage[] = [
      {
        id: "m1",
        authorId: null,
        authorName: "Cora",
        authorRole: "user",
        body: "See the log",
        internal: false,
        attachments: [{ id: "33333333-3333-4333-8333-333333333333", name: "log.txt", size: 8, contentType: "text/plain" }],
        createdAt: "2026-11-23T10:00:00.000Z",
      },
    ];
    mountWithApp(<TicketThread ticketId="t1" messages={messages} viewer="customer" />);
    click(byTestId("attachment-download"));
    await waitFor(() => expect(toasts()).toEqual(["log.txt downloaded."]));
    expect(saved).toEqual(["log.txt"]);
  });

  it("the log monitor's CSV export, and its failure", async () => {
    serve(() => text("id,at\r\n", "text/csv"));
    mountWithApp(<ExportButton query={{}} />);
    click(byTestId("audit-export"));
    await waitFor(() => expect(toasts()).toEqual([expect.stringMatching(/^audit-\d{4}-\d{2}-\d{2}\.csv downloaded\.$/)]));
    unmount();
    vi.restoreAllMocks();
    serve(() => new Response(JSON.stringify({ detail: [{ loc: ["auth/forbidden"], msg: "x", type: "error" }] }), { status: 403, headers: { "content-type": "application/json" } }));
    mountWithApp(<ExportButton query={{}} />);
    click(byTestId("audit-export"));
    await waitFor(() => expect(toasts()).toContainEqual(expect.stringContaining("Download failed: You do not have permission to do this.")));
  });

  it("an update package: its own progress bar while downloading, then '<file> downloaded.'", async () => {
    serve(() => new Response(new Uint8Array(10), { status: 200, headers: { "content-length": "10", etag: '"e"' } }));
    mountWithApp(<DownloadControl request={{ path: "api/v1/updates/u1/package" }} fileName="update-2.4.0.zip" label="Download package" testId="download" />);
    click(document.querySelector('[data-testid="download"] button'));
    await waitFor(() => expect(toasts()).toEqual(["update-2.4.0.zip downloaded."]));
    expect(saved).toEqual(["update-2.4.0.zip"]);
  });
});
