import type { ApiToken, User } from "@portal/contract";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { meQueryKey } from "@/lib/auth";
import { byTestId, allByTestId, mountInApp, mountWithApp, pageText, refusal, serveApi, success, type ApiAnswer, type ApiCall } from "@/test/app";
import { click, field, stubBrowserApis, type, unmount, waitFor } from "@/test/dom";
import { tokenStatus, endOfDay, scopeKey } from "../lib/token-status";
import { AdminUserTokensPage } from "../pages/admin-user-tokens-page";
import { ApiTokensPage } from "../pages/api-tokens-page";

beforeAll(stubBrowserApis);
afterEach(() => {
  unmount();
  vi.restoreAllMocks();
});

const customer: User = {
  id: "33333333-3333-4333-8333-333333333333",
  firstname: "Cora",
  lastname: "Customer",
  email: "cora@example.com",
  userName: "cora",
  isAdmin: false,
  d_created: "2026-01-01T00:00:00.000Z",
  status: "active",
  emailVerified: true,
  twoFactorEnabled: false,
};
const admin: User = { ...customer, id: "44444444-4444-4444-8444-444444444444", firstname: "Ada", lastname: "Admin", email: "ada@example.com", userName: "ada", isAdmin: true };

const aToken = (fields: Partial<ApiToken> = {}): ApiToken => ({
  id: "0b6c4b8e-6f5e-4d8f-9a8e-1f2e3d4c5b6a",
  name: "Billing sync",
  prefix: "pt_AbCdEfGhI",
  scopes: ["read", "licenses:write"],
  createdAt: "2026-11-01T09:00:00.000Z",
  expiresAt: null,
  lastUsedAt: "2026-11-20T14:30:00.000Z",
  lastUsedIp: "203.0.113.7",
  revokedAt: null,
  ...fields,
});
const active = aToken();
const revoked = aToken({ id: "1b6c4b8e-6f5e-4d8f-9a8e-1f2e3d4c5b6a", name: "Old CRM", prefix: "pt_ZzYyXxWwV", scopes: ["tickets:write"], revokedAt: "2026-11-10T00:00:00.000Z", lastUsedAt: null, lastUsedIp: null });
const expired = aToken({ id: "2b6c4b8e-6f5e-4d8f-9a8e-1f2e3d4c5b6a", name: "Build", prefix: "pt_QqRrSsTtU", expiresAt: "2026-01-01T00:00:00.000Z" });
const secret = `pt_AbCdEfGhI${"x".repeat(34)}`;

/** The tokens API: GET answers `tokens()`, `on` answers the rest first. */
function serveTokens(tokens: () => ApiToken[], on?: (call: ApiCall) => ApiAnswer | undefined) {
  return serveApi((call) => {
    const answer = on?.(call);
    if (answer) return answer;
    if (call.method === "GET" && call.path.includes("/api/v1/api-tokens")) return success({ items: tokens() });
    return refusal(404, "common/not_found");
  });
}

const asUser = (user: User) => mountWithApp(<ApiTokensPage />, { path: "/preferences/api-tokens", prepare: (client) => client.setQueryData(meQueryKey, user) });
const dialog = () => byTestId("api-token-create-dialog");
const scopeBoxes = () => [...document.querySelectorAll<HTMLInputElement>('[data-testid="api-token-scopes"] input[type="checkbox"]')];
const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === "POST");

describe("the token helpers", () => {
  it("tells active, expired and revoked apart (revoked wins)", () => {
    expect(tokenStatus(active)).toBe("active");
    expect(tokenStatus(expired)).toBe("expired");
    expect(tokenStatus({ ...expired, revokedAt: "2025-01-01T00:00:00.000Z" })).toBe("revoked");
    expect(tokenStatus(aToken({ expiresAt: "2099-01-01T00:00:00.000Z" }))).toBe("active");
  });

  it("ends a chosen day at its last millisecond in the browser's calendar, and keys scopes without a colon", () => {
    const end = new Date(endOfDay("2030-03-04"));
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([2030, 2, 4, 23, 59]);
    expect(scopeKey("licenses:write")).toBe("licensesWrite");
    expect(scopeKey("read")).toBe("read");
  });
});

describe("Preferences → API tokens", { timeout: 20_000 }, () => {
  it("lists the tokens: name, prefix, scopes, dates, last use with its address, status; no revoke on a revoked one", async () => {
    serveTokens(() => [active, expired, revoked]);
    asUser(customer);
    await waitFor(() => expect(allByTestId("api-token-row")).toHaveLength(3));
    const [first, second, third] = allByTestId("api-token-row");
    expect(first!.dataset.status).toBe("active");
    expect(first!.textContent).toContain("Billing sync");
    expect(first!.textContent).toContain("pt_AbCdEfGhI…");
    expect(first!.textContent).toContain("licenses:write");
    expect(first!.textContent).toContain("203.0.113.7");
    expect(first!.textContent).toContain("Never");
    expect(first!.textContent).toContain("Active");
    expect(second!.dataset.status).toBe("expired");
    expect(second!.textContent).toContain("Expired");
    expect(third!.dataset.status).toBe("revoked");
    expect(third!.textContent).toContain("Not used yet");
    expect(byTestId("api-token-revoke", third)).toBeNull();
    expect(byTestId("api-token-revoke", first!)?.getAttribute("aria-label")).toBe("Revoke Billing sync");
    expect(pageText()).not.toContain(secret);
  });

  it("shows the empty state with a create button, and an error with a retry", async () => {
    let fail = true;
    serveTokens(() => [], (call) => (call.method === "GET" && fail ? refusal(500, "common/internal") : undefined));
    asUser(customer);
    await waitFor(() => expect(byTestId("api-tokens-error")).toBeTruthy());
    expect(byTestId("api-tokens-error")?.textContent).toContain("The API tokens could not be loaded.");
    fail = false;
    click([...byTestId("api-tokens-error")!.querySelectorAll("button")].find((button) => button.textContent === "Try again"));
    await waitFor(() => expect(byTestId("api-tokens-empty")).toBeTruthy());
    expect(pageText()).toContain("No API tokens");
    expect(byTestId("api-token-create-empty")).toBeTruthy();
  });

  it("creates a token with the chosen scopes (a customer is offered no admin-only scope) and shows the secret once, with copy", async () => {
    let tokens: ApiToken[] = [];
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const calls = serveTokens(
      () => tokens,
      (call) => {
        if (call.method !== "POST") return undefined;
        const created = aToken({ name: "CI", scopes: ["read", "tickets:write"], lastUsedAt: null, lastUsedIp: null });
        tokens = [created];
        return success({ token: created, secret }, 201);
      },
    );
    asUser(customer);
    await waitFor(() => expect(byTestId("api-tokens-empty")).toBeTruthy());
    click(byTestId("api-token-create"));
    await waitFor(() => expect(dialog()?.textContent).toContain("Create an API token"));
    expect(scopeBoxes().map((box) => box.value)).toEqual(["read", "licenses:write", "tickets:write"]);
    expect(dialog()?.textContent).toContain("Open, answer and close support tickets.");
    expect(dialog()?.textContent).not.toContain("users:write");

    type(field("Name"), "CI");
    click(scopeBoxes().find((box) => box.value === "tickets:write"));
    click(byTestId("api-token-submit"));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({ name: "CI", scopes: ["read", "tickets:write"] });

    await waitFor(() => expect(byTestId("api-token-secret")?.textContent).toBe(secret));
    expect(dialog()?.textContent).toContain("This is the only time you will see this token");
    click(byTestId("api-token-copy"));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(secret));

    click(byTestId("api-token-done"));
    await waitFor(() => expect(byTestId("api-token-secret")).toBeNull());
    await waitFor(() => expect(allByTestId("api-token-row")).toHaveLength(1));
    expect(pageText()).not.toContain(secret);
  });

  it("offers an administrator the admin-only scopes and sends a chosen end as the end of that day", async () => {
    const calls = serveTokens(() => [], (call) => (call.method === "POST" ? success({ token: aToken(), secret }, 201) : undefined));
    asUser(admin);
    await waitFor(() => expect(byTestId("api-tokens-empty")).toBeTruthy());
    click(byTestId("api-token-create"));
    await waitFor(() => expect(scopeBoxes()).toHaveLength(8));
    expect(dialog()?.textContent).toContain("Read and export the audit log.");
    type(field("Name"), "Audit export");
    click(scopeBoxes().find((box) => box.value === "audit:read"));
    type(byTestId("api-token-expires")!, "2099-06-30");
    click(byTestId("api-token-submit"));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({ name: "Audit export", scopes: ["read", "audit:read"], expiresAt: endOfDay("2099-06-30") });
  });

  it("refuses an empty name, no scope and a past day before sending anything", async () => {
    const calls = serveTokens(() => []);
    asUser(customer);
    await waitFor(() => expect(byTestId("api-tokens-empty")).toBeTruthy());
    click(byTestId("api-token-create"));
    await waitFor(() => expect(scopeBoxes()).toHaveLength(3));
    click(scopeBoxes()[0]);
    type(byTestId("api-token-expires")!, "2020-01-01");
    click(byTestId("api-token-submit"));
    await waitFor(() => expect(dialog()?.textContent).toContain("Choose at least one scope"));
    expect(dialog()?.textContent).toContain("Expires at must be in the future");
    expect(posts(calls)).toHaveLength(0);
  });

  it("shows the limit (409) on the form, and a 422 on its field", async () => {
    let answer: ApiAnswer = refusal(409, "token/limit_reached", "limit", "warning");
    const calls = serveTokens(() => [], (call) => (call.method === "POST" ? answer : undefined));
    asUser(customer);
    await waitFor(() => expect(byTestId("api-tokens-empty")).toBeTruthy());
    click(byTestId("api-token-create"));
    await waitFor(() => expect(scopeBoxes()).toHaveLength(3));
    type(field("Name"), "One too many");
    click(byTestId("api-token-submit"));
    await waitFor(() => expect(byTestId("api-token-form-error")?.textContent).toBe("You have 50 active API tokens. Revoke one before creating another."));
    expect(byTestId("api-token-secret")).toBeNull();

    answer = { status: 422, body: { detail: [{ loc: ["body", "name"], msg: "Name field is required", type: "error" }] } };
    click(byTestId("api-token-submit"));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    await waitFor(() => expect(field("Name").getAttribute("aria-invalid")).toBe("true"));
    expect(byTestId("api-token-form-error")).toBeNull();
  });

  it("revokes only after the confirmation, with DELETE of that token", async () => {
    let tokens = [active];
    const calls = serveTokens(
      () => tokens,
      (call) => {
        if (call.method !== "DELETE") return undefined;
        tokens = [{ ...active, revokedAt: "2026-11-27T06:00:00.000Z" }];
        return success(tokens[0]);
      },
    );
    asUser(customer);
    await waitFor(() => expect(byTestId("api-token-revoke")).toBeTruthy());
    click(byTestId("api-token-revoke"));
    await waitFor(() => expect(byTestId("api-token-revoke-dialog")?.textContent).toContain('Revoke "\u2068Billing sync\u2069" (\u2068pt_AbCdEfGhI…\u2069)?'));
    expect(calls.filter((call) => call.method === "DELETE")).toHaveLength(0);
    click(byTestId("api-token-revoke-confirm"));
    await waitFor(() => expect(calls.filter((call) => call.method === "DELETE")).toHaveLength(1));
    expect(calls.find((call) => call.method === "DELETE")?.path).toMatch(new RegExp(`/api/v1/api-tokens/${active.id}$`));
    await waitFor(() => expect(allByTestId("api-token-row")[0]?.dataset.status).toBe("revoked"));
    expect(pageText()).toContain('API token "\u2068Billing sync\u2069" revoked');
  });
});

describe("an administrator's view of a user's tokens", { timeout: 20_000 }, () => {
  it("asks for that user's tokens, names the user, and may revoke but not create", async () => {
    const calls = serveApi((call) => {
      if (call.path.includes(`/api/v1/users/${customer.id}`)) return success(customer);
      if (call.path.includes("/api/v1/api-tokens")) return success({ items: [active] });
      return refusal(404, "common/not_found");
    });
    mountInApp(<AdminUserTokensPage />, { url: `/admin/users/${customer.id}/api-tokens`, path: "/admin/users/:id/api-tokens" });
    await waitFor(() => expect(allByTestId("api-token-row")).toHaveLength(1));
    await waitFor(() => expect(pageText()).toContain("API tokens of \u2068Cora Customer\u2069"));
    expect(calls.find((call) => call.path.includes("/api/v1/api-tokens"))?.path).toContain(`userId=${customer.id}`);
    expect(byTestId("api-token-revoke")).toBeTruthy();
    expect(byTestId("api-token-create")).toBeNull();
  });
});
