import { localStorageColorSchemeManager, MantineProvider } from "@mantine/core";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { applyStoredColorScheme, storedColorScheme } from "@/lib/color-scheme";
import { storageKeys } from "@/lib/storage";
import { act } from "react";
import { mount, stubBrowserApis, unmount } from "@/test/dom";

/** A `prefers-color-scheme` the test flips, with the listeners Mantine registers. */
function mockSystemScheme(dark: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const state = { dark };
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query.includes("prefers-color-scheme: dark") ? state.dark : false;
        },
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
  return {
    set(next: boolean) {
      state.dark = next;
      act(() => {
        for (const listener of listeners) listener({ matches: next, media: "(prefers-color-scheme: dark)" } as MediaQueryListEvent);
      });
    },
  };
}

beforeAll(stubBrowserApis);
afterEach(() => {
  unmount();
  vi.restoreAllMocks();
});

const attribute = () => document.documentElement.getAttribute("data-mantine-color-scheme");

describe("theme auto", () => {
  it("starts with the system's scheme when the stored theme is auto", () => {
    window.localStorage.setItem(storageKeys.theme, "auto");
    mockSystemScheme(true);
    expect(storedColorScheme()).toBe("dark");
    expect(applyStoredColorScheme()).toBe("dark");
    expect(attribute()).toBe("dark");
    vi.restoreAllMocks();
    mockSystemScheme(false);
    expect(storedColorScheme()).toBe("light");
  });

  it("keeps an explicit light or dark whatever the system says", () => {
    mockSystemScheme(true);
    window.localStorage.setItem(storageKeys.theme, "light");
    expect(storedColorScheme()).toBe("light");
    window.localStorage.setItem(storageKeys.theme, "dark");
    expect(storedColorScheme()).toBe("dark");
  });

  it("follows the system live while the app runs", () => {
    window.localStorage.setItem(storageKeys.theme, "auto");
    const system = mockSystemScheme(false);
    mount(
      <MantineProvider colorSchemeManager={localStorageColorSchemeManager({ key: storageKeys.theme })} defaultColorScheme="light">
        <span />
      </MantineProvider>,
    );
    expect(attribute()).toBe("light");
    system.set(true);
    expect(attribute()).toBe("dark");
    system.set(false);
    expect(attribute()).toBe("light");
  });
});
