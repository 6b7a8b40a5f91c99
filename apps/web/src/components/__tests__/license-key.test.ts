import { afterEach, describe, expect, it, vi } from "vitest";

const notify = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyMessage: vi.fn() }));
vi.mock("@/lib/notify", () => notify);

const { copyLicenseKey } = await import("../license-key");

const t = (key: "licenses.key.copied" | "licenses.key.copyFailed") =>
  key === "licenses.key.copied" ? "License key copied!" : "code copy failed.";

function stubClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, "clipboard", { value: writeText ? { writeText } : undefined, configurable: true });
}

describe("copyLicenseKey (spec section 8 texts)", () => {
  afterEach(() => {
    vi.clearAllMocks();
    stubClipboard(undefined);
  });

  it("writes the key and says \"License key copied!\"", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    stubClipboard(writeText);
    expect(await copyLicenseKey("K7Q2M-AAAAA", t)).toBe(true);
    expect(writeText).toHaveBeenCalledWith("K7Q2M-AAAAA");
    expect(notify.notifySuccess).toHaveBeenCalledWith("License key copied!");
  });

  it("says \"code copy failed.\" when the browser refuses", async () => {
    stubClipboard(vi.fn().mockRejectedValue(new DOMException("denied", "NotAllowedError")));
    expect(await copyLicenseKey("K7Q2M-AAAAA", t)).toBe(false);
    expect(notify.notifyMessage).toHaveBeenCalledWith("code copy failed.", "error");
  });

  it("says \"code copy failed.\" without a clipboard (insecure page)", async () => {
    stubClipboard(undefined);
    expect(await copyLicenseKey("K7Q2M-AAAAA", t)).toBe(false);
    expect(notify.notifyMessage).toHaveBeenCalledWith("code copy failed.", "error");
  });
});
