import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { mountWithApp, refusal, serveApi, success as ok, type ApiAnswer, type ApiCall as Call } from "@/test/app";
import { click, stubBrowserApis, type, unmount, waitFor } from "@/test/dom";
import { MfaAuthenticatorPage } from "../pages/mfa-authenticator-page";

const code = (value: string, remainingSeconds = 30) => ok({ code: value, remainingSeconds, period: 30 });
const provisioning = ok({ otpauthUrl: "otpauth://totp/Licence%20Portal:System%20authenticator?secret=JBSWY3DPEHPK3PXP", qrDataUrl: "data:image/png;base64,AAAA" });

const render = () => mountWithApp(<MfaAuthenticatorPage />);
const PROVISIONED_AT = "2026-11-20T09:30:00.000Z";
const isStatus = (call: Call) => call.path === "/api/v1/mfa/status";
/** The API with the authenticator set up (the status the page asks first); `answer` answers everything else. */
const serve = (answer: (call: Call, calls: Call[]) => ApiAnswer) =>
  serveApi((call, all) => (isStatus(call) ? ok({ configured: true, provisionedAt: PROVISIONED_AT }) : answer(call, all)));

const byTestId = (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const text = () => document.body.textContent ?? "";
const codeReads = (calls: Call[]) => calls.filter((call) => call.path === "/api/v1/mfa/current-code").length;

beforeAll(stubBrowserApis);
afterEach(() => {
  unmount();
  vi.restoreAllMocks();
});

describe("the MFA authenticator page", { timeout: 20_000 }, () => {
  it("shows the code in two groups with its seconds, and fetches the next one when they run out (not before)", async () => {
    const calls = serve((_call, all) => (codeReads(all) === 1 ? code("123456", 1) : code("654321", 30)));
    render();
    await waitFor(() => expect(byTestId("mfa-code")?.textContent).toBe("123 456"));
    expect(byTestId("mfa-countdown")?.dataset.seconds).toBe("1");
    await waitFor(() => expect(byTestId("mfa-code")?.textContent).toBe("654 321"), 5_000);
    expect(byTestId("mfa-countdown")?.dataset.seconds).toBe("30");
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(codeReads(calls)).toBe(2);
  });

  it("refreshes by hand, and says so when the code cannot be fetched, with a retry", async () => {
    let failing = false;
    const calls = serve((_call, all) => (failing ? refusal(500, "common/internal", "x") : code(codeReads(all) === 1 ? "111111" : "333333")));
    render();
    await waitFor(() => expect(byTestId("mfa-code")?.textContent).toBe("111 111"));
    failing = true;
    click(byTestId("mfa-refresh"));
    await waitFor(() => expect(text()).toContain("Failed to fetch current MFA code"));
    // The code from before is still current: it stays on screen under the message.
    expect(byTestId("mfa-code")?.textContent).toBe("111 111");
    failing = false;
    click([...document.querySelectorAll("button")].find((button) => button.textContent === "Try again"));
    await waitFor(() => expect(byTestId("mfa-code")?.textContent).toBe("333 333"));
    expect(text()).not.toContain("Failed to fetch current MFA code");
    expect(codeReads(calls)).toBeGreaterThanOrEqual(3);
  });

  it("copies the code, and shows “code copy failed” when the clipboard refuses", async () => {
    serve(() => code("246810"));
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    render();
    await waitFor(() => expect(byTestId("mfa-copy")).toBeTruthy());
    click(byTestId("mfa-copy"));
    await waitFor(() => expect(byTestId("mfa-copy")?.textContent).toBe("Copied"));
    expect(writeText).toHaveBeenCalledWith("246810");

    writeText.mockRejectedValueOnce(new DOMException("denied", "NotAllowedError"));
    unmount();
    render();
    await waitFor(() => expect(byTestId("mfa-copy")).toBeTruthy());
    click(byTestId("mfa-copy"));
    await waitFor(() => expect(text()).toContain("code copy failed"));
    Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true });
  });

  it("checks a code: required first, then the server's answer on the field or as a success", async () => {
    const calls = serve((call) => {
      if (call.path === "/api/v1/mfa/verify") {
        return (call.body as { code: string }).code.replace(/\s/g, "") === "123456" ? ok({ valid: true }) : refusal(400, "mfa/invalid_code", "Invalid MFA code. Please try again.");
      }
      return code("123456");
    });
    render();
    await waitFor(() => expect(byTestId("mfa-verify-submit")).toBeTruthy());
    click(byTestId("mfa-verify-submit"));
    await waitFor(() => expect(text()).toContain("code required"));
    expect(calls.some((call) => call.path === "/api/v1/mfa/verify")).toBe(false);

    type(byTestId("mfa-verify-code")!, "000000");
    click(byTestId("mfa-verify-submit"));
    await waitFor(() => expect(text()).toContain("This code is not valid."));
    type(byTestId("mfa-verify-code")!, "123 456");
    click(byTestId("mfa-verify-submit"));
    await waitFor(() => expect(byTestId("mfa-verify-valid")?.textContent).toBe("The code is valid."));
    expect(calls.filter((call) => call.path === "/api/v1/mfa/verify").map((call) => call.body)).toEqual([{ code: "000000" }, { code: "123 456" }]);
  });

  it("asks whether it is set up first, and before setup offers only the generation without asking for a code; then shows the QR code, the URL hidden until asked for, and the code", async () => {
    let provisioned = false;
    const calls = serveApi((call) => {
      if (isStatus(call)) return ok(provisioned ? { configured: true, provisionedAt: PROVISIONED_AT } : { configured: false, provisionedAt: null });
      if (call.path === "/api/v1/mfa/provisioning") {
        provisioned = true;
        return provisioning;
      }
      return provisioned ? code("864209") : refusal(404, "mfa/not_configured", "The system authenticator is not set up yet.");
    });
    render();
    await waitFor(() => expect(text()).toContain("The authenticator is not set up yet"));
    expect(byTestId("mfa-code")).toBeNull();
    expect(byTestId("mfa-verify-code")).toBeNull();
    // The status answered: no code was asked for (it could only be a 404).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls.map((call) => call.path)).toEqual(["/api/v1/mfa/status"]);
    click(byTestId("mfa-generate"));
    await waitFor(() => expect(byTestId("mfa-qr")?.getAttribute("src")).toBe("data:image/png;base64,AAAA"));
    await waitFor(() => expect(byTestId("mfa-code")?.textContent).toBe("864 209"));
    expect(byTestId("mfa-show-url")?.getAttribute("aria-expanded")).toBe("false");
    click(byTestId("mfa-show-url"));
    await waitFor(() => expect(byTestId("mfa-show-url")?.getAttribute("aria-expanded")).toBe("true"));
    expect(byTestId("mfa-otpauth-url")?.textContent).toContain("secret=JBSWY3DPEHPK3PXP");
    expect(calls.filter((call) => call.path === "/api/v1/mfa/provisioning")).toHaveLength(1);
  });

  it("says since when it is set up, and offers a retry when the status cannot be read", async () => {
    serve(() => code("135790"));
    render();
    await waitFor(() => expect(byTestId("mfa-code")?.textContent).toBe("135 790"));
    expect(text()).toContain("Set up on ");
    unmount();
    vi.restoreAllMocks();
    let failing = true;
    const calls = serveApi((call) => (isStatus(call) ? (failing ? refusal(500, "common/internal", "x") : ok({ configured: true, provisionedAt: PROVISIONED_AT })) : code("135790")));
    render();
    await waitFor(() => expect(byTestId("mfa-status-error")?.textContent).toContain("Failed to read whether the authenticator is set up"));
    expect(calls.some((call) => call.path === "/api/v1/mfa/current-code")).toBe(false);
    failing = false;
    click([...document.querySelectorAll("button")].find((button) => button.textContent === "Try again"));
    await waitFor(() => expect(byTestId("mfa-code")?.textContent).toBe("135 790"));
  });

  it("asks before replacing the secret, saying the old codes stop working", async () => {
    const calls = serve((call) => (call.path === "/api/v1/mfa/provisioning" ? provisioning : code("135790")));
    render();
    await waitFor(() => expect(byTestId("mfa-rotate")).toBeTruthy());
    click(byTestId("mfa-rotate"));
    await waitFor(() => expect(byTestId("mfa-rotate-dialog")?.textContent).toContain("the old codes stop working"));
    expect(calls.some((call) => call.path === "/api/v1/mfa/provisioning")).toBe(false);
    click(byTestId("mfa-rotate-confirm"));
    await waitFor(() => expect(byTestId("mfa-qr")).toBeTruthy());
    expect(calls.filter((call) => call.path === "/api/v1/mfa/provisioning")).toHaveLength(1);
  });
});
