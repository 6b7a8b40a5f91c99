import { useLocation } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { allByTestId, byTestId, mountInApp, pageText } from "@/test/app";
import { click, stubBrowserApis, unmount, waitFor } from "@/test/dom";
import { AdminUpdatesPage } from "../pages/admin-updates-page";
import { updateFixture } from "./fixtures";

const draft = updateFixture({ commands: ["systemctl restart portal"] });
const published = updateFixture({
  commands: ["systemctl restart portal"],
  id: "33333333-3333-4333-8333-333333333333",
  status: "published",
  version: "2.4.0",
  type: "minor",
  header: "Faster activation",
  changeLog: "One request.",
  publishedAt: "2026-11-23T12:00:00.000Z",
  verifiedLicenses: 3,
});

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function render(url: string) {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const path = new URL(String(input), "http://x").pathname;
    const data =
      init?.method === "DELETE"
        ? { deleted: true }
        : path === "/api/v1/updates"
          ? { items: [published, draft], total: 2, page: 1, pageSize: 20 }
          : path.endsWith(draft.id)
            ? draft
            : published;
    return new Response(JSON.stringify({ status: "success", data }), { status: 200, headers: { "content-type": "application/json" } });
  });
  mountInApp(
    <>
      <Location />
      <AdminUpdatesPage />
    </>,
    { url },
  );
}

const all = allByTestId;
const text = pageText;

beforeAll(stubBrowserApis);
afterEach(() => {
  unmount();
  vi.restoreAllMocks();
});

describe("admin-updates", { timeout: 20_000 }, () => {
  it("lists drafts and published updates with their status, files and size; Resume and Delete only for drafts", async () => {
    render("/admin/admin-updates");
    await waitFor(() => expect(all("update-status").map((badge) => badge.textContent)).toEqual(["Published", "Draft"]));
    expect(text()).toContain("Faster activation");
    expect(text()).toContain("No change log yet");
    expect(text()).toContain("3 MB");
    expect(all("update-resume")).toHaveLength(1);
    expect(all("update-delete")).toHaveLength(1);
  });

  it("opens an update's drawer from its version: every file with kind, install path, size and SHA-256", async () => {
    render("/admin/admin-updates");
    await waitFor(() => expect(all("update-open")).toHaveLength(2));
    click(all("update-open")[0]);
    await waitFor(() => expect(byTestId("update-detail")).toBeTruthy());
    expect(byTestId("location")?.textContent).toBe(`/admin/admin-updates?update=${published.id}`);
    expect(all("update-file")).toHaveLength(3);
    expect(all("update-file")[2]?.textContent).toContain("config/portal.ini");
    expect(all("update-file-sha").map((code) => code.textContent)).toEqual(["a".repeat(64), "b".repeat(64), "c".repeat(64)]);
    expect(byTestId("update-detail")?.textContent).toContain("systemctl restart portal");
  });
});
