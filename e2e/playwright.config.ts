import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { commonConfig, E2E_SUPPORT_URL, freePorts } from "./config-common";

/**
 * End-to-end journeys in Debian's Chromium against the real server (`npm run build` first: the
 * root `npm test` does). The runner starts `node ../apps/server/dist/server.js` itself, on a free
 * port with a fresh data directory; workers inherit both through the environment.
 */
if (!process.env.PORTAL_E2E_PORT) {
  process.env.PORTAL_E2E_PORT = String(freePorts(1)[0]);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-e2e-"));
  process.env.PORTAL_E2E_DATA_DIR = dataDir;
  process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
}
process.env.PORTAL_E2E_ADMIN_EMAIL ??= "e2e-admin@example.com";
process.env.PORTAL_E2E_ADMIN_PASSWORD ??= "E2e-admin-pass-1!";

const port = process.env.PORTAL_E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  ...commonConfig(baseURL),
  // Runs with its own configuration, on two API processes behind a proxy (playwright.scale-out.config.ts).
  testIgnore: /scale-out\.spec\.ts$/,
  // Merges the accessibility spec's per-test results into artifacts/axe-summary.json.
  globalTeardown: "./tests/a11y-teardown.ts",
  // PORTAL_SCREENSHOTS=0 leaves out the screenshot matrices (every screen in light/dark × en/tr/fa ×
  // desktop/phone, written to artifacts/ for people to look at: about half the suite's time). CI sets
  // it to stay within its time budget; the axe checks, which visit every screen in light/dark × en/fa
  // and fail on a violation, still run. `npm run screenshots` runs the matrices alone.
  grepInvert: process.env.PORTAL_SCREENSHOTS === "0" ? /screenshot/i : undefined,
  outputDir: "./test-results",
  workers: 2,
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "node ../apps/server/dist/server.js",
    url: `${baseURL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: port!,
      HOST: "127.0.0.1",
      DATA_DIR: process.env.PORTAL_E2E_DATA_DIR!,
      ADMIN_EMAIL: process.env.PORTAL_E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: process.env.PORTAL_E2E_ADMIN_PASSWORD,
      LOG_LEVEL: "warn",
      // The journeys log in more often than a person would.
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      SUPPORT_URL: E2E_SUPPORT_URL,
      // The webhook journey's receiver listens on plain http://127.0.0.1, and a failed delivery
      // is tried again within seconds instead of half a minute.
      WEBHOOK_ALLOW_HTTP: "1",
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1",
      WEBHOOK_RETRY_MIN_SECONDS: "1",
    },
  },
});
