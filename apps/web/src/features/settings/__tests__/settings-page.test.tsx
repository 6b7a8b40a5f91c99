import { localStorageColorSchemeManager, MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { UserSettings } from "@portal/contract";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDisplaySettings, resetDisplaySettings } from "@/lib/display-settings";
import { changeLanguage, currentLanguage } from "@/lib/i18n";
import { storageKeys } from "@/lib/storage";
import { click, mount, stubBrowserApis, unmount, waitFor } from "@/test/dom";
import { UserSettingsSync } from "../components/user-settings-sync";
import { SettingsPage } from "../pages/settings-page";

beforeAll(stubBrowserApis);
beforeEach(() => {
  window.localStorage.setItem(storageKeys.token, "test-token");
  resetDisplaySettings();
  document.documentElement.removeAttribute("data-mantine-color-scheme");
});
afterEach(async () => {
  unmount();
  vi.restoreAllMocks();
  await changeLanguage("en", { persist: false });
});

const stored: UserSettings = { theme: "light", language: "en", sidebarCollapsed: false, tableDensity: "comfortable", timeZone: null };

const savedAt = { "last-modified": "Mon, 23 Nov 2026 10:00:00 GMT" };

function envelope(data: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(data), { status, headers: { "content-type": "application/json", ...headers } });
}

/** GET answers `initial` (as saved settings unless `saved` is false); each PUT waits until the test settles it. */
function fakeServer(initial: UserSettings, saved = true) {
  const puts: { body: unknown; settle: (response: Response) => void }[] = [];
  const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    expect(String(input)).toMatch(/\/api\/v1\/settings$/);
    if ((init?.method ?? "GET") === "GET") return envelope({ status: "success", data: initial }, 200, saved ? savedAt : {});
    const body: unknown = JSON.parse(String(init?.body));
    return new Promise<Response>((resolve) => puts.push({ body, settle: resolve }));
  });
  return { fetchSpy, puts };
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const colorSchemeManager = localStorageColorSchemeManager({ key: storageKeys.theme });
  mount(
    <MantineProvider env="test" colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <UserSettingsSync />
        <SettingsPage />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const scheme = () => document.documentElement.getAttribute("data-mantine-color-scheme");
const radio = (group: string, value: string) => document.querySelector<HTMLInputElement>(`[data-testid="${group}"] input[value="${value}"]`);

describe("settings page", { timeout: 30_000 }, () => {
  it("applies the account's saved settings when they arrive, and remembers them on this device", async () => {
    fakeServer({ ...stored, theme: "dark", language: "tr", tableDensity: "compact", timeZone: "Europe/Istanbul", sidebarCollapsed: true });
    renderPage();
    await waitFor(() => expect(scheme()).toBe("dark"));
    await waitFor(() => expect(currentLanguage()).toBe("tr"));
    expect(window.localStorage.getItem(storageKeys.theme)).toBe("dark");
    expect(window.localStorage.getItem(storageKeys.language)).toBe("tr");
    expect(getDisplaySettings()).toEqual({ tableDensity: "compact", timeZone: "Europe/Istanbul", sidebarCollapsed: true });
    expect(JSON.parse(window.localStorage.getItem(storageKeys.settings)!)).toEqual(getDisplaySettings());
  });

  it("leaves this device's theme and language alone for an account that never saved, and stores them with its first save", async () => {
    window.localStorage.setItem(storageKeys.theme, "dark");
    await changeLanguage("tr");
    const { fetchSpy, puts } = fakeServer(stored, false);
    renderPage();
    await waitFor(() => expect(radio("settings-density", "compact")).not.toBeNull());
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(scheme()).toBe("dark");
    expect(currentLanguage()).toBe("tr");
    // The page shows what the device shows.
    expect(radio("settings-theme", "dark")!.checked).toBe(true);
    click(radio("settings-density", "compact"));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.body).toEqual({ theme: "dark", language: "tr", sidebarCollapsed: false, tableDensity: "compact", timeZone: null });
    expect(getDisplaySettings().tableDensity).toBe("compact");
    puts[0]!.settle(envelope({ status: "success", data: puts[0]!.body }, 200, savedAt));
    await waitFor(() => expect(document.body.textContent).toContain("Değişiklikler otomatik olarak kaydedilir"));
    // Saved now: the next change sends only itself.
    click(radio("settings-theme", "light"));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]!.body).toEqual({ theme: "light" });
    await waitFor(() => expect(scheme()).toBe("light"));
  });

  it("applies a change at once and sends only that field", async () => {
    const { puts } = fakeServer(stored);
    renderPage();
    await waitFor(() => expect(radio("settings-theme", "dark")).not.toBeNull());
    click(radio("settings-theme", "dark"));
    // Applied before the server has answered.
    await waitFor(() => expect(scheme()).toBe("dark"));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.body).toEqual({ theme: "dark" });
    expect(document.body.textContent).toContain("Saving…");
    puts[0]!.settle(envelope({ status: "success", data: { ...stored, theme: "dark" } }, 200, savedAt));
    await waitFor(() => expect(document.body.textContent).toContain("Changes are saved automatically"));
    expect(scheme()).toBe("dark");
    expect(radio("settings-theme", "dark")!.checked).toBe(true);
  });

  it("puts a refused change back and leaves the others", async () => {
    const { puts } = fakeServer(stored);
    renderPage();
    await waitFor(() => expect(radio("settings-density", "compact")).not.toBeNull());
    click(radio("settings-density", "compact"));
    await waitFor(() => expect(getDisplaySettings().tableDensity).toBe("compact"));
    click(radio("settings-theme", "dark"));
    await waitFor(() => expect(puts).toHaveLength(2));
    // The density is refused; the theme is saved.
    puts[0]!.settle(envelope({ status: "error", code: "common/validation", message: "Invalid", detail: [{ loc: ["body", "tableDensity"], msg: "Table density must be comfortable or compact", type: "enum" }] }, 422));
    await waitFor(() => expect(getDisplaySettings().tableDensity).toBe("comfortable"));
    expect(radio("settings-density", "comfortable")!.checked).toBe(true);
    expect(scheme()).toBe("dark");
    puts[1]!.settle(envelope({ status: "success", data: { ...stored, theme: "dark" } }, 200, savedAt));
    await waitFor(() => expect(document.body.textContent).toContain("Changes are saved automatically"));
    expect(scheme()).toBe("dark");
    expect(getDisplaySettings().tableDensity).toBe("comfortable");
  });

  it("shows the error with a retry when the settings cannot be loaded", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => envelope({ status: "error", code: "common/internal", message: "boom" }, 500));
    renderPage();
    await waitFor(() => expect(document.querySelector('[data-testid="settings-error"]')).not.toBeNull());
    fetchSpy.mockImplementation(async () => envelope({ status: "success", data: stored }));
    click([...document.querySelectorAll("button")].find((button) => button.textContent === "Try again"));
    await waitFor(() => expect(radio("settings-theme", "light")!.checked).toBe(true));
  });
});
