import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { commonConfig, E2E_SUPPORT_URL, freePorts } from "./config-common";

/**
 * Issue 15's scale-out check: two API processes (the built `apps/server/dist/server.js`) on one fresh
 * PostgreSQL database, one Redis and one DATA_DIR, behind `scripts/round-robin-proxy.mjs`, so that
 * consecutive requests of one journey go to different processes. The browser journey
 * (journey.spec.ts) runs through the proxy, then scale-out.spec.ts checks what only two processes can
 * get wrong. Needs TEST_DATABASE_URL and TEST_REDIS_URL; without them its one test is skipped.
 *
 *   npx playwright test -c playwright.scale-out.config.ts     (after `npm run build`)
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const enabled = Boolean(databaseUrl && redisUrl);

/** Runs one statement on the PostgreSQL server of TEST_DATABASE_URL, synchronously. */
function runSql(statement: string): void {
  const script = "const c=new (require('pg').Client)(process.env.URL);c.connect().then(()=>c.query(process.env.SQL)).finally(()=>c.end())";
  execFileSync(process.execPath, ["-e", script], { env: { ...process.env, URL: databaseUrl, SQL: statement }, stdio: ["ignore", "ignore", "inherit"] });
}

if (enabled && !process.env.PORTAL_E2E_PORT) {
  const [proxyPort, firstPort, secondPort] = freePorts(3);
  process.env.PORTAL_E2E_PORT = String(proxyPort);
  process.env.PORTAL_SCALE_OUT_UPSTREAMS = `http://127.0.0.1:${firstPort},http://127.0.0.1:${secondPort}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-scale-out-e2e-"));
  process.env.PORTAL_E2E_DATA_DIR = dataDir;
  const name = `portal_scale_out_e2e_${process.pid}`;
  runSql(`create database "${name}"`);
  const url = new URL(databaseUrl!);
  url.pathname = `/${name}`;
  process.env.PORTAL_SCALE_OUT_DATABASE_URL = url.toString();
  process.on("exit", () => {
    rmSync(dataDir, { recursive: true, force: true });
    // The servers are stopped by now; `force` ends a connection a killed one may have left.
    runSql(`drop database if exists "${name}" with (force)`);
  });
}
process.env.PORTAL_E2E_ADMIN_EMAIL ??= "e2e-admin@example.com";
process.env.PORTAL_E2E_ADMIN_PASSWORD ??= "E2e-admin-pass-1!";

const baseURL = `http://127.0.0.1:${process.env.PORTAL_E2E_PORT}`;
const upstreams = (process.env.PORTAL_SCALE_OUT_UPSTREAMS ?? "").split(",").filter(Boolean);

/** One API process; both share the database, Redis and DATA_DIR (keys, files, mail outbox). */
const apiProcess = (upstream: string) => ({
  command: "node ../apps/server/dist/server.js",
  url: `${upstream}/api/v1/health`,
  reuseExistingServer: false,
  timeout: 90_000,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
  env: {
    PORT: new URL(upstream).port,
    HOST: "127.0.0.1",
    DATA_DIR: process.env.PORTAL_E2E_DATA_DIR!,
    DATABASE_URL: process.env.PORTAL_SCALE_OUT_DATABASE_URL!,
    REDIS_URL: redisUrl!,
    PUBLIC_URL: baseURL,
    TRUST_PROXY: "1",
    ADMIN_EMAIL: process.env.PORTAL_E2E_ADMIN_EMAIL!,
    ADMIN_PASSWORD: process.env.PORTAL_E2E_ADMIN_PASSWORD!,
    LOG_LEVEL: "warn",
    AUTH_RATE_LIMIT_PER_MINUTE: "1000",
    SUPPORT_URL: E2E_SUPPORT_URL,
  },
});

const journey = "journey through two API processes";

export default defineConfig({
  ...commonConfig(baseURL),
  outputDir: "./test-results/scale-out",
  // One worker: requests then alternate between the processes in the order the journey makes them.
  workers: 1,
  projects: enabled
    ? [
        { name: journey, testMatch: /journey\.spec\.ts$/, use: { ...devices["Desktop Chrome"] } },
        { name: "what two processes share", testMatch: /scale-out\.spec\.ts$/, dependencies: [journey] },
      ]
    : [{ name: "scale-out (needs TEST_DATABASE_URL and TEST_REDIS_URL)", testMatch: /scale-out\.spec\.ts$/ }],
  webServer: enabled
    ? [
        ...upstreams.map(apiProcess),
        {
          command: `node ../scripts/round-robin-proxy.mjs ${process.env.PORTAL_E2E_PORT} ${upstreams.join(" ")}`,
          url: `${baseURL}/__proxy/upstreams`,
          reuseExistingServer: false,
          timeout: 30_000,
          stdout: "ignore",
          stderr: "pipe",
        },
      ]
    : undefined,
});
