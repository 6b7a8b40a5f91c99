import "@testing-library/jest-dom/vitest";
import { notifications } from "@mantine/notifications";
import { afterEach, beforeAll, beforeEach } from "vitest";
import { initI18n, loadEnglishAreas, loadEnglishFeature } from "@/lib/i18n";
import { toastHostMounted } from "@/lib/notify";

// Tests mount Mantine's toast container themselves (test/app.tsx), not the app's lazy one.
toastHostMounted();

// jsdom has no matchMedia; Mantine and the sidebar hook ask it.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

beforeAll(async () => {
  await initI18n("en");
  // In the app these arrive with the main layout; components under test get them up front.
  await loadEnglishAreas();
  await loadEnglishFeature("tickets");
  await loadEnglishFeature("updates");
  await loadEnglishFeature("logMonitor");
  await loadEnglishFeature("faq");
  await loadEnglishFeature("mfa");
  await loadEnglishFeature("outbox");
});

beforeEach(() => {
  window.localStorage.clear();
});

// The toast store is the module's, not a mounted tree's: files share it when they share a worker.
afterEach(() => {
  notifications.clean();
});
