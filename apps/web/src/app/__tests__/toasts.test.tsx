import { MantineProvider } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { act } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { NotificationsHost } from "../notifications-host";
import { TOAST_AUTO_CLOSE_MS } from "@/lib/config";
import { mount, stubBrowserApis, unmount } from "@/test/dom";
import { notifyError, notifyLoading, notifyMessage, notifySuccess } from "@/lib/notify";

/**
 * One toast per flow: a toast under a flow's id replaces the one showing, and lives its own full
 * time. The app's toast host (5 s) under fake timers, so every millisecond is the test's to move.
 */

beforeAll(stubBrowserApis);
beforeEach(() => {
  vi.useFakeTimers();
  mount(
    <MantineProvider env="test">
      <NotificationsHost />
    </MantineProvider>,
  );
});
afterEach(() => {
  unmount();
  // The toast store outlives a mounted tree.
  notifications.clean();
  vi.useRealTimers();
});

/** Past Mantine's exit transition (250 ms): a toast that is closing has left the page. */
const EXIT_MS = 300;

const toasts = () => [...document.querySelectorAll(".mantine-Notification-root")].map((toast) => toast.textContent ?? "");
/** Moves the clock in small steps, each rendered, as timers set by a render (the exit transition's) come due within `ms`. */
function wait(ms: number): void {
  for (let left = ms; left > 0; left -= 10) act(() => vi.advanceTimersByTime(Math.min(10, left)));
}
const now = (show: () => void) => act(show);

describe("toasts under a flow id", () => {
  it("a toast on its own closes after the host's time", () => {
    now(() => notifySuccess("Saved.", { id: "flow" }));
    expect(toasts()).toEqual(["Saved."]);
    wait(TOAST_AUTO_CLOSE_MS - 100);
    expect(toasts()).toEqual(["Saved."]);
    wait(100 + EXIT_MS);
    expect(toasts()).toEqual([]);
  });

  it("a success replacing a warning keeps its own full time, not what was left of the warning's", () => {
    now(() => notifyMessage("Check the paths.", "warning", { id: "flow" }));
    wait(TOAST_AUTO_CLOSE_MS - 1000);
    expect(toasts()).toEqual([expect.stringContaining("Check the paths.")]);

    now(() => notifySuccess("Files uploaded.", { id: "flow" }));
    expect(toasts()).toContain("Files uploaded.");
    // The warning leaves with its exit transition: one toast for the flow.
    wait(EXIT_MS);
    expect(toasts()).toEqual(["Files uploaded."]);
    // Past the warning's five seconds (its timer must not close the success) …
    wait(TOAST_AUTO_CLOSE_MS - EXIT_MS - 100);
    expect(toasts()).toEqual(["Files uploaded."]);
    // … and gone after the success's own five seconds.
    wait(100 + EXIT_MS);
    expect(toasts()).toEqual([]);
  });

  it("an error replacing an error of the same flow gets a fresh time too", () => {
    now(() => notifyError(new Error("first"), { id: "flow" }));
    wait(TOAST_AUTO_CLOSE_MS - 200);
    now(() => notifyMessage("Second refusal.", "error", { id: "flow" }));
    wait(TOAST_AUTO_CLOSE_MS - 200);
    expect(toasts()).toEqual([expect.stringContaining("Second refusal.")]);
    wait(200 + EXIT_MS);
    expect(toasts()).toEqual([]);
  });

  it("a loading toast stays until its result replaces it, and the result closes after its own time", () => {
    now(() => notifyLoading("Downloading a.lic…", { id: "download-a" }));
    wait(3 * TOAST_AUTO_CLOSE_MS);
    expect(toasts()).toEqual(["Downloading a.lic…"]);

    now(() => notifySuccess("a.lic downloaded.", { id: "download-a" }));
    wait(EXIT_MS);
    expect(toasts()).toEqual(["a.lic downloaded."]);
    wait(TOAST_AUTO_CLOSE_MS - 2 * EXIT_MS);
    expect(toasts()).toEqual(["a.lic downloaded."]);
    wait(2 * EXIT_MS);
    expect(toasts()).toEqual([]);
  });

  it("flows keep to themselves: a toast replaces only its own flow's, and one without an id replaces none", () => {
    now(() => notifyLoading("Downloading a.lic…", { id: "download-a" }));
    now(() => notifyLoading("Downloading b.lic…", { id: "download-b" }));
    now(() => notifySuccess("Copied."));
    now(() => notifyMessage("b.lic failed.", "error", { id: "download-b" }));
    wait(EXIT_MS);
    expect(toasts()).toEqual(["Downloading a.lic…", "Copied.", expect.stringContaining("b.lic failed.")]);
  });

  it("a flow's toast closed by hand (or by its timer) does not stop the flow's next toast", () => {
    now(() => notifyMessage("Refused.", "error", { id: "flow" }));
    wait(TOAST_AUTO_CLOSE_MS + EXIT_MS);
    expect(toasts()).toEqual([]);
    now(() => notifySuccess("Done.", { id: "flow" }));
    expect(toasts()).toEqual(["Done."]);
    act(() => (document.querySelector<HTMLElement>(".mantine-Notification-root button[aria-label='Close']") ?? undefined)!.click());
    wait(EXIT_MS);
    expect(toasts()).toEqual([]);
    now(() => notifySuccess("Done again.", { id: "flow" }));
    wait(TOAST_AUTO_CLOSE_MS - 100);
    expect(toasts()).toEqual(["Done again."]);
  });
});
