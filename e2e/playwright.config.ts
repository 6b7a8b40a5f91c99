import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end journeys in Debian's Chromium against the real server (`npm run build` first: the
 * root `npm test` does). The runner starts `node ../apps/server/dist/server.js` itself, on a free
 * port with a fresh data directory; workers inherit both through the environment.
 */
if (!process.env.PORTAL_E2E_PORT) {
  // A free port, found synchronously so every worker process reads the same one from the environment.
  process.env.PORTAL_E2E_PORT = execFileSync(
    process.execPath,
    ["-e", "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"],
    { encoding: "utf8" },
  ).trim();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-e2e-"));
  process.env.PORTAL_E2E_DATA_DIR = dataDir;
  process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
}
process.env.PORTAL_E2E_ADMIN_EMAIL ??= "e2e-admin@example.com";
process.env.PORTAL_E2E_ADMIN_PASSWORD ??= "E2e-admin-pass-1!";

const port = process.env.PORTAL_E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "./tests",
  // Merges the accessibility spec's per-test results into artifacts/axe-summary.json.
  globalTeardown: "./tests/a11y-teardown.ts",
  // PORTAL_SCREENSHOTS=0 leaves out the screenshot matrices (every screen in light/dark × en/tr/fa ×
  // desktop/phone, written to artifacts/ for people to look at: about half the suite's time). CI sets
  // it to stay within its time budget; the axe checks, which visit every screen in light/dark × en/fa
  // and fail on a violation, still run. `npm run screenshots` runs the matrices alone.
  grepInvert: process.env.PORTAL_SCREENSHOTS === "0" ? /screenshot/i : undefined,
  outputDir: "./test-results",
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // One retry under CI (a small shared machine); a test that passes only on retry is reported as flaky.
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ...(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? ([["json"]] as const) : [])],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    locale: "en-US",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
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
    },
  },
});
