import { notifications, notificationsStore } from "@mantine/notifications";
import { afterEach, describe, expect, it, vi } from "vitest";
import { copyLicenseKey } from "../license-key";

/** The toasts shown, as the app's toast host would get them: message and colour. */
const shown = () => notificationsStore.getState().notifications.map((toast) => [String(toast.message), toast.color]);

const t = (key: "licenses.key.copied" | "licenses.key.copyFailed") =>
  key === "licenses.key.copied" ? "License key copied!" : "code copy failed.";

function stubClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, "clipboard", { value: writeText ? { writeText } : undefined, configurable: true });
}

describe("copyLicenseKey (spec section 8 texts)", () => {
  afterEach(() => {
    stubClipboard(undefined);
    notifications.clean();
  });

  it("writes the key and says \"License key copied!\"", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    stubClipboard(writeText);
    expect(await copyLicenseKey("K7Q2M-AAAAA", t)).toBe(true);
    expect(writeText).toHaveBeenCalledWith("K7Q2M-AAAAA");
    expect(shown()).toEqual([["License key copied!", "teal"]]);
  });

  it("says \"code copy failed.\" when the browser refuses", async () => {
    stubClipboard(vi.fn().mockRejectedValue(new DOMException("denied", "NotAllowedError")));
    expect(await copyLicenseKey("K7Q2M-AAAAA", t)).toBe(false);
    expect(shown()).toEqual([["code copy failed.", "red"]]);
  });

  it("says \"code copy failed.\" without a clipboard (insecure page)", async () => {
    stubClipboard(undefined);
    expect(await copyLicenseKey("K7Q2M-AAAAA", t)).toBe(false);
    expect(shown()).toEqual([["code copy failed.", "red"]]);
  });
});
