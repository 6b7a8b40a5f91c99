import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import type { Update } from "@portal/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { click, mount, stubBrowserApis, unmount, waitFor } from "@/test/dom";
import { AdminUpdatesPage } from "../pages/admin-updates-page";

const update = (overrides: Partial<Update>): Update => ({
  id: "11111111-1111-4111-8111-111111111111",
  status: "draft",
  version: null,
  type: null,
  header: null,
  changeLog: null,
  commands: ["systemctl restart portal"],
  files: [
    { name: "backend.zip", kind: "backend", path: "backend.zip", size: 2 * 1024 * 1024, sha256: "a".repeat(64) },
    { name: "frontend.zip", kind: "frontend", path: "frontend.zip", size: 1024 * 1024, sha256: "b".repeat(64) },
    { name: "portal.ini", kind: "extra", path: "config/portal.ini", size: 120, sha256: "c".repeat(64) },
  ],
  totalSize: 3 * 1024 * 1024 + 120,
  createdAt: "2026-11-23T10:00:00.000Z",
  updatedAt: "2026-11-23T10:00:00.000Z",
  publishedAt: null,
  createdBy: { id: "22222222-2222-4222-8222-222222222222", name: "Ada Admin" },
  verifiedLicenses: 0,
  ...overrides,
});
const draft = update({});
const published = update({
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
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <>
            <Location />
            <AdminUpdatesPage />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  mount(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const all = (id: string) => [...document.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];
const text = () => document.body.textContent ?? "";

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
