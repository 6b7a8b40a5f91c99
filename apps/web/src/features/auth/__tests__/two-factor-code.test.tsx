import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { mountWithApp, refusal, serveApi } from "@/test/app";
import { click, field, stubBrowserApis, type, unmount, waitFor } from "@/test/dom";
import { changeLanguage, i18n } from "@/lib/i18n";
import { LoginPage } from "../pages/login-page";

beforeAll(stubBrowserApis);
afterEach(async () => {
  unmount();
  await changeLanguage("en", { persist: false });
});

const digitNames = () => [...document.querySelectorAll<HTMLInputElement>('[aria-labelledby="otp-code-label"] input:not([type="hidden"])')].map((input) => input.getAttribute("aria-label"));

async function reachTwoFactorStep() {
  serveApi(() => refusal(401, "auth/2fa_required", "Two-factor authentication is required for this account.", "info"));
  mountWithApp(<LoginPage />, { path: "/auth/login" });
  type(field(i18n.t("auth.login.username")), "ada@example.com");
  type(field(i18n.t("auth.login.password")), "Secret#123");
  click([...document.querySelectorAll("button")].find((button) => button.textContent === i18n.t("auth.login.submit")));
  await waitFor(() => expect(document.getElementById("otp-code-label")).not.toBeNull());
}

describe("the two-factor code boxes", { timeout: 20_000 }, () => {
  it("name each box by its place, not Mantine's 'PinInput', inside a group named by the label", async () => {
    await reachTwoFactorStep();
    expect(digitNames()).toEqual(["Digit 1 of 6", "Digit 2 of 6", "Digit 3 of 6", "Digit 4 of 6", "Digit 5 of 6", "Digit 6 of 6"]);
    const group = document.querySelector('[aria-labelledby="otp-code-label"]');
    expect(group?.getAttribute("role")).toBe("group");
    expect(document.getElementById("otp-code-label")?.textContent).toBe("Authentication code");
  });

  it("in the reader's language and digits", async () => {
    await changeLanguage("fa", { persist: false });
    await reachTwoFactorStep();
    expect(digitNames()[0]).toBe("رقم ۱ از ۶");
    expect(digitNames()[5]).toBe("رقم ۶ از ۶");
  });
});
