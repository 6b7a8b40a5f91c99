import type { AuditEvent } from "@portal/contract";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { serveApi, success, mountWithApp, allByTestId, pageText } from "@/test/app";
import { stubBrowserApis, unmount, waitFor } from "@/test/dom";
import { EventDrawer } from "../components/event-drawer";
import { targetLink } from "../lib/audit-labels";
import { LogMonitorPage } from "../pages/log-monitor-page";

beforeAll(stubBrowserApis);
afterEach(() => {
  unmount();
  vi.restoreAllMocks();
});

const userId = "6f1c1a52-0d4e-4c5e-9a43-2b7f5d7f0c11";
const planId = "0b8e4f3a-5b7c-4d2e-8f19-7a6c5d4e3b2a";
const licenseId = "9d2c7b1e-3f4a-4b5c-8d6e-1f2a3b4c5d6e";

const event = (id: string, fields: Partial<AuditEvent>): AuditEvent => ({
  id,
  at: "2026-11-23T10:00:00.000Z",
  actorId: null,
  actorEmail: "admin@example.com",
  tokenId: null,
  action: "auth.login",
  outcome: "success",
  targetType: null,
  targetId: null,
  targetName: null,
  targetDeleted: false,
  ip: "192.0.2.1",
  userAgent: "test",
  details: null,
  ...fields,
});

const events = [
  event("3", { action: "auth.login_failed", outcome: "failure", targetType: "user", targetId: userId, targetName: "ada@example.com" }),
  event("2", { action: "plan.deleted", targetType: "plan", targetId: planId, targetName: "Gold", targetDeleted: true }),
  event("1", { action: "license.deactivated", targetType: "license", targetId: licenseId, targetName: "ABCD-EFGH-JKLM-NPQR" }),
];

describe("the log monitor", { timeout: 20_000 }, () => {
  it("names each action and target in the interface language, linking to the target's admin page", async () => {
    serveApi(({ path }) =>
      path.includes("/audit-events/actions")
        ? success({ items: ["auth.login_failed", "license.deactivated", "plan.deleted"] })
        : success({ items: events, total: 3, page: 1, pageSize: 20, nextCursor: null }),
    );
    mountWithApp(<LogMonitorPage />, { path: "/admin/log-monitor" });
    await waitFor(() => expect(allByTestId("audit-action")).toHaveLength(3));

    expect(allByTestId("audit-action").map((cell) => cell.textContent)).toEqual(["Failed sign-in", "Plan deleted", "Licence deactivated"]);
    expect(pageText()).not.toContain("auth.login_failed");
    const targets = allByTestId("audit-target");
    expect(targets.map((cell) => cell.querySelector("p")?.textContent)).toEqual(["User", "Plan", "Licence"]);
    const links = targets.map((cell) => cell.querySelector("a")?.getAttribute("href") ?? null);
    expect(links).toEqual(["/admin/users?q=ada%40example.com", null, `/admin/purchased-licenses?license=${licenseId}`]);
    // The deleted plan keeps its name, marked, without a link to a page that is gone.
    expect(targets[1]!.textContent).toBe("PlanGolddeleted");
    expect(pageText()).not.toContain(userId);
  });
});

describe("the event drawer", { timeout: 20_000 }, () => {
  const tokenId = "7e1d2c3b-4a59-4687-9a0b-1c2d3e4f5a6b";

  it("says an event came through an API token, with the token's id", async () => {
    mountWithApp(<EventDrawer event={event("9", { action: "license.deactivated", tokenId })} onClose={() => {}} />);
    await waitFor(() => expect(document.querySelector('[data-testid="audit-event-token"]')?.textContent).toBe(tokenId));
    expect(pageText()).toContain("Via API token");
  });

  it("says nothing of a token for a person's own session", async () => {
    mountWithApp(<EventDrawer event={event("8", {})} onClose={() => {}} />);
    await waitFor(() => expect(document.querySelector('[data-testid="audit-event-drawer"]')).toBeTruthy());
    expect(document.querySelector('[data-testid="audit-event-token"]')).toBeNull();
    expect(pageText()).not.toContain("Via API token");
  });
});

describe("targetLink", () => {
  const link = (targetType: string, targetName: string | null, targetId = "1b2c3d4e-0000-4000-8000-000000000000") =>
    targetLink({ targetType, targetId, targetName, targetDeleted: false });

  it("leads each kind of target to its admin page, or its list searched for its name", () => {
    expect(link("ticket", "T-000001 Crash")).toBe("/admin/resolution-center/1b2c3d4e-0000-4000-8000-000000000000");
    expect(link("plan", "Gold")).toBe("/admin/plans/1b2c3d4e-0000-4000-8000-000000000000");
    expect(link("license_request", "ada@example.com")).toBe("/admin/license-requests?q=ada%40example.com");
    expect(link("feature", "Reports & exports")).toBe("/admin/manage-features?q=Reports+%26+exports");
    expect(link("update", "1.2.0")).toBe("/admin/admin-updates?q=1.2.0");
    expect(link("update", null)).toBe("/admin/admin-updates/drafts/1b2c3d4e-0000-4000-8000-000000000000");
    expect(link("mfa_authenticator", null, "system")).toBe("/admin/mfa-authenticator");
  });

  it("leads nowhere for what has no admin screen, no name, or is gone", () => {
    expect(link("project", "Lab")).toBeUndefined();
    expect(link("payment_method", "Visa •••• 4242")).toBeUndefined();
    expect(link("user", null)).toBeUndefined();
    expect(targetLink({ targetType: "plan", targetId: "x", targetName: "Gold", targetDeleted: true })).toBeUndefined();
  });
});
