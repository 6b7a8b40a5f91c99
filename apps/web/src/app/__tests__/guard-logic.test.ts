import { describe, expect, it } from "vitest";
import { matchRoutes } from "react-router";
import {
  afterLoginTarget,
  decideGuestRoute,
  decideProtectedRoute,
  loginPathWithRedirect,
  safeRedirectTarget,
  type CurrentUserState,
} from "../guard-logic";
import { handleOf, type RouteHandle } from "../route-handle";
import { routes } from "../router";

const admin: CurrentUserState = { status: "success", user: { isAdmin: true } };
const user: CurrentUserState = { status: "success", user: { isAdmin: false } };

describe("guard: /auth pages", () => {
  it("lets a visitor without a token in", () => {
    expect(decideGuestRoute({ hasToken: false })).toEqual({ action: "allow" });
    expect(decideGuestRoute({ hasToken: false, redirectParam: "/admin/users" })).toEqual({ action: "allow" });
  });

  it("sends a logged-in visitor to the dashboard", () => {
    expect(decideGuestRoute({ hasToken: true })).toEqual({ action: "redirect", to: "/dashboard" });
    expect(decideGuestRoute({ hasToken: true, redirectParam: null })).toEqual({ action: "redirect", to: "/dashboard" });
  });

  it("…or to the page the redirect asked for, once logged in", () => {
    expect(decideGuestRoute({ hasToken: true, redirectParam: "/admin/users?page=2" })).toEqual({
      action: "redirect",
      to: "/admin/users?page=2",
    });
    expect(decideGuestRoute({ hasToken: true, redirectParam: "https://evil.example" })).toEqual({
      action: "redirect",
      to: "/dashboard",
    });
  });
});

describe("guard: routes needing login", () => {
  const base = { requiresAdmin: false, fullPath: "/projects" };

  it("without a token, go to login (no redirect for ordinary routes)", () => {
    expect(decideProtectedRoute({ ...base, hasToken: false, user: { status: "pending" } })).toEqual({
      action: "redirect",
      to: "/auth/login",
    });
  });

  it("with a token but no user yet, wait for /auth/me", () => {
    expect(decideProtectedRoute({ ...base, hasToken: true, user: { status: "pending" } })).toEqual({ action: "load" });
  });

  it("when loading the user fails, forget the token and go to login", () => {
    expect(decideProtectedRoute({ ...base, hasToken: true, user: { status: "error" } })).toEqual({
      action: "redirect",
      to: "/auth/login",
      endSession: true,
    });
  });

  it("a loaded user, admin or not, gets in", () => {
    expect(decideProtectedRoute({ ...base, hasToken: true, user })).toEqual({ action: "allow" });
    expect(decideProtectedRoute({ ...base, hasToken: true, user: admin })).toEqual({ action: "allow" });
  });
});

describe("guard: admin routes", () => {
  const base = { requiresAdmin: true, fullPath: "/admin/users?q=smith#top" };

  it("an unauthenticated visitor goes to login with the full path in redirect", () => {
    expect(decideProtectedRoute({ ...base, hasToken: false, user: { status: "pending" } })).toEqual({
      action: "redirect",
      to: "/auth/login?redirect=%2Fadmin%2Fusers%3Fq%3Dsmith%23top",
    });
  });

  it("a token whose user cannot be loaded is unauthenticated too", () => {
    expect(decideProtectedRoute({ ...base, hasToken: true, user: { status: "error" } })).toEqual({
      action: "redirect",
      to: "/auth/login?redirect=%2Fadmin%2Fusers%3Fq%3Dsmith%23top",
      endSession: true,
    });
  });

  it("waits for the user before deciding", () => {
    expect(decideProtectedRoute({ ...base, hasToken: true, user: { status: "pending" } })).toEqual({ action: "load" });
  });

  it("a non-admin goes to the dashboard", () => {
    expect(decideProtectedRoute({ ...base, hasToken: true, user })).toEqual({ action: "redirect", to: "/dashboard" });
  });

  it("an admin gets in", () => {
    expect(decideProtectedRoute({ ...base, hasToken: true, user: admin })).toEqual({ action: "allow" });
  });

  it("a remembered user lets an admin in at once, but a remembered non-admin waits for /auth/me", () => {
    expect(decideProtectedRoute({ ...base, hasToken: true, user: { ...admin, remembered: true } })).toEqual({ action: "allow" });
    expect(decideProtectedRoute({ ...base, hasToken: true, user: { ...user, remembered: true } })).toEqual({ action: "load" });
  });
});

describe("redirect after login", () => {
  it("round-trips the full path", () => {
    const login = new URL(loginPathWithRedirect("/admin/plans/7/edit?tab=features"), "http://x");
    expect(login.pathname).toBe("/auth/login");
    expect(afterLoginTarget(login.searchParams.get("redirect"))).toBe("/admin/plans/7/edit?tab=features");
  });

  it.each([
    [null, undefined],
    ["", undefined],
    ["admin/users", undefined],
    ["//evil.example/x", undefined],
    ["/\\evil.example", undefined],
    ["https://evil.example/", undefined],
    ["javascript:alert(1)", undefined],
    ["/auth/login", undefined],
    ["/auth", undefined],
    ["/dashboard\nSet-Cookie: x", undefined],
    ["/admin/users", "/admin/users"],
    ["/authors", "/authors"],
    ["/my-tickets/abc?x=1#m", "/my-tickets/abc?x=1#m"],
  ])("safeRedirectTarget(%j) = %j", (raw, expected) => {
    expect(safeRedirectTarget(raw)).toBe(expected);
  });

  it("falls back to the dashboard", () => {
    expect(afterLoginTarget("//evil")).toBe("/dashboard");
    expect(afterLoginTarget(undefined)).toBe("/dashboard");
  });
});

describe("route table (spec section 2)", () => {
  function handlesFor(path: string): RouteHandle[] {
    return (matchRoutes(routes, path) ?? []).map((match) => handleOf(match.route));
  }

  it.each([
    "/admin/dashboard",
    "/admin/license-requests",
    "/admin/plans",
    "/admin/plans/create",
    "/admin/plans/42",
    "/admin/plans/42/edit",
    "/admin/users",
    "/admin/users/0b6c4b8e-6f5e-4d8f-9a8e-1f2e3d4c5b6a/api-tokens",
    "/admin/resolution-center",
    "/admin/resolution-center/0b6c4b8e-6f5e-4d8f-9a8e-1f2e3d4c5b6a",
    "/admin/purchased-licenses",
    "/admin/manage-features",
    "/admin/manage-services",
    "/admin/log-monitor",
    "/admin/mfa-authenticator",
    "/admin/outbox",
    "/admin/admin-updates",
    "/admin/webhooks",
    "/admin/webhooks/0b6c4b8e-6f5e-4d8f-9a8e-1f2e3d4c5b6a",
    "/license-requests/edit/12",
  ])("%s is admin-only", (path) => {
    expect(handlesFor(path).some((handle) => handle.requiresAdmin)).toBe(true);
  });

  it.each([
    "/dashboard",
    "/my-licenses/requests",
    "/my-licenses/purchased",
    "/license-requests",
    "/settings",
    "/updates",
    "/preferences",
    "/preferences/api-tokens",
    "/projects",
    "/payments",
    "/billing",
    "/pricing-plans",
    "/pricing-plans/custom-license",
    "/pricing-plans/confirmation/basic",
    "/faq",
    "/my-tickets",
    "/my-tickets/0b6c4b8e-6f5e-4d8f-9a8e-1f2e3d4c5b6a",
    "/create-new-ticket",
    "/purchased-licenses",
  ])("%s needs login only, and has a title", (path) => {
    const handles = handlesFor(path);
    expect(handles.some((handle) => handle.requiresAdmin)).toBe(false);
    expect(handles.some((handle) => handle.title)).toBe(true);
  });

  it("unknown paths fall to the catch-all", () => {
    const matches = matchRoutes(routes, "/no/such/page") ?? [];
    expect(matches.at(-1)?.route.path).toBe("*");
  });
});
