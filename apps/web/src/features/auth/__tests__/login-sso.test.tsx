import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { byTestId, mountWithApp, pageText, refusal, serveApi, success, type ApiAnswer, type ApiCall } from "@/test/app";
import { click, field, stubBrowserApis, type, unmount, waitFor } from "@/test/dom";
import { getToken } from "@/lib/auth";
import { changeLanguage, i18n } from "@/lib/i18n";
import { LoginPage } from "../pages/login-page";

beforeAll(stubBrowserApis);
afterEach(async () => {
  unmount();
  vi.restoreAllMocks();
  localStorage.clear();
  await changeLanguage("en", { persist: false });
});

const user = {
  id: "9f1c0f0e-8a5b-4b8e-9f57-3b1de0f0c001",
  firstname: "Sam",
  lastname: "Single",
  email: "sam@staff.example.com",
  userName: "sam@staff.example.com",
  isAdmin: false,
  d_created: "2026-11-27T10:00:00.000Z",
  status: "active",
  emailVerified: true,
  twoFactorEnabled: false,
};
const tokenAnswer = { access_token: "session-token-from-sso", token_type: "bearer", expires_in: 28_800, user };

/** The API: SSO status `status`, and the exchange answered by `exchange`. */
function api(status: { enabled: boolean; displayName: string }, exchange: (call: ApiCall) => ApiAnswer = () => success(tokenAnswer)) {
  return serveApi((call) => {
    if (call.path.startsWith("/api/v1/auth/oidc/exchange")) return exchange(call);
    if (call.path.startsWith("/api/v1/auth/oidc")) return success(status);
    return refusal(404, "common/not_found");
  });
}

describe("single sign-on on the login page", { timeout: 20_000 }, () => {
  it("offers 'Sign in with …' when the server has it, leading to the server's start with the redirect", async () => {
    api({ enabled: true, displayName: "Example Corp" });
    mountWithApp(<LoginPage />, { path: "/auth/login?redirect=%2Flicenses%3Ftab%3Dmine" });
    await waitFor(() => expect(byTestId("sso-button")).not.toBeNull());
    const button = byTestId("sso-button") as HTMLAnchorElement;
    expect(button.textContent).toBe("Sign in with Example Corp");
    expect(button.getAttribute("href")).toBe("/api/v1/auth/oidc/start?redirect=%2Flicenses%3Ftab%3Dmine");
  });

  it("shows no button when single sign-on is off, and no redirect that leaves the site", async () => {
    const calls = api({ enabled: false, displayName: "" });
    mountWithApp(<LoginPage />, { path: "/auth/login" });
    await waitFor(() => expect(calls.some((call) => call.path === "/api/v1/auth/oidc")).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(byTestId("sso-button")).toBeNull();

    unmount();
    api({ enabled: true, displayName: "Corp" });
    mountWithApp(<LoginPage />, { path: "/auth/login?redirect=https%3A%2F%2Fevil.example%2F" });
    await waitFor(() => expect(byTestId("sso-button")).not.toBeNull());
    expect(byTestId("sso-button")?.getAttribute("href")).toBe("/api/v1/auth/oidc/start");
  });

  it("exchanges ?sso= once for a session and goes where the redirect says", async () => {
    const calls = api({ enabled: true, displayName: "Corp" });
    const { router } = mountWithApp(<LoginPage />, { path: "/auth/login?sso=one-time-code&redirect=%2Flicenses" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/licenses"));
    const exchanges = calls.filter((call) => call.path === "/api/v1/auth/oidc/exchange");
    expect(exchanges).toEqual([{ method: "POST", path: "/api/v1/auth/oidc/exchange", body: { code: "one-time-code" } }]);
    expect(getToken()).toBe("session-token-from-sso");
  });

  it("asks for the authenticator's code when the exchange answers auth/2fa_required, then sends it with the same code", async () => {
    const calls = api({ enabled: true, displayName: "Corp" }, (call) =>
      (call.body as { otp?: string }).otp ? success(tokenAnswer) : refusal(401, "auth/2fa_required", "Two-factor authentication is required for this account.", "info"),
    );
    const { router } = mountWithApp(<LoginPage />, { path: "/auth/login?sso=code-2fa" });
    await waitFor(() => expect(byTestId("two-factor-step")).not.toBeNull());
    // The code left the address bar.
    expect(router.state.location.search).toBe("");
    click([...document.querySelectorAll("button")].find((button) => button.textContent === i18n.t("auth.login.twoFactor.useRecoveryCode")));
    await waitFor(() => expect(field(i18n.t("auth.login.twoFactor.recoveryCode"))).toBeTruthy());
    type(field(i18n.t("auth.login.twoFactor.recoveryCode")), "abcd-efgh");
    click([...document.querySelectorAll("button")].find((button) => button.textContent === i18n.t("auth.login.twoFactor.submit")));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(calls.filter((call) => call.path === "/api/v1/auth/oidc/exchange").map((call) => call.body)).toEqual([{ code: "code-2fa" }, { code: "code-2fa", otp: "abcd-efgh" }]);
  });

  it("shows ?sso_error= as a translated toast, in the reader's language", async () => {
    await changeLanguage("tr", { persist: false });
    const calls = api({ enabled: true, displayName: "Corp" });
    const { router } = mountWithApp(<LoginPage />, { path: "/auth/login?sso_error=auth%2Fsso_email_unverified" });
    await waitFor(() => expect(pageText()).toContain("Kimlik sağlayıcınız e-posta adresinizi doğrulamadı"));
    expect(router.state.location.search).toBe("");
    expect(calls.some((call) => call.path.includes("exchange"))).toBe(false);
  });

  it("shows a refused exchange (a spent or late code) as a toast, and stays on the login page", async () => {
    api({ enabled: true, displayName: "Corp" }, () => refusal(401, "auth/sso_failed", "Single sign-on did not succeed."));
    const { router } = mountWithApp(<LoginPage />, { path: "/auth/login?sso=spent" });
    await waitFor(() => expect(pageText()).toContain("Single sign-on did not succeed. Please try again or sign in with your password."));
    expect(router.state.location.pathname).toBe("/auth/login");
    expect(getToken()).toBeNull();
  });
});
