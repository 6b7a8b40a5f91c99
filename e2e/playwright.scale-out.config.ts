import { execFileSync } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { commonConfig, E2E_SUPPORT_URL, freePorts } from "./config-common";

/**
 * Issue 15's scale-out check: two API processes (the built `apps/server/dist/server.js`) on one fresh
 * PostgreSQL database, one Redis and one S3 bucket (s3rver, a real S3-protocol server, on 127.0.0.1),
 * each with a DATA_DIR of its own, behind `scripts/round-robin-proxy.mjs`, so that
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
  const [proxyPort, firstPort, secondPort, s3Port] = freePorts(4);
  process.env.PORTAL_E2E_PORT = String(proxyPort);
  process.env.PORTAL_SCALE_OUT_UPSTREAMS = `http://127.0.0.1:${firstPort},http://127.0.0.1:${secondPort}`;
  process.env.PORTAL_SCALE_OUT_S3_PORT = String(s3Port);
  // Nothing shared on disk: a DATA_DIR per process, the bucket's folder for s3rver alone.
  const dataDirs = [0, 1, 2].map(() => mkdtempSync(path.join(os.tmpdir(), "portal-scale-out-e2e-")));
  process.env.PORTAL_E2E_DATA_DIRS = dataDirs.slice(0, 2).join(",");
  process.env.PORTAL_SCALE_OUT_BUCKET_DIR = dataDirs[2];
  // With STORAGE_URL the keys come from their variables, the same in both processes.
  process.env.PORTAL_SCALE_OUT_SIGNING_KEY = generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  process.env.PORTAL_SCALE_OUT_TOTP_KEY = randomBytes(32).toString("hex");
  const name = `portal_scale_out_e2e_${process.pid}`;
  runSql(`create database "${name}"`);
  const url = new URL(databaseUrl!);
  url.pathname = `/${name}`;
  process.env.PORTAL_SCALE_OUT_DATABASE_URL = url.toString();
  process.on("exit", () => {
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
    // The servers are stopped by now; `force` ends a connection a killed one may have left.
    runSql(`drop database if exists "${name}" with (force)`);
  });
}
process.env.PORTAL_E2E_ADMIN_EMAIL ??= "e2e-admin@example.com";
process.env.PORTAL_E2E_ADMIN_PASSWORD ??= "E2e-admin-pass-1!";

const baseURL = `http://127.0.0.1:${process.env.PORTAL_E2E_PORT}`;
const upstreams = (process.env.PORTAL_SCALE_OUT_UPSTREAMS ?? "").split(",").filter(Boolean);

const bucket = "portal-scale-out";
const s3Endpoint = `http://127.0.0.1:${process.env.PORTAL_SCALE_OUT_S3_PORT}`;

/** One API process; both share the database, Redis and the bucket, and nothing on disk. */
const apiProcess = (upstream: string, index: number) => ({
  command: "node ../apps/server/dist/server.js",
  url: `${upstream}/api/v1/health`,
  reuseExistingServer: false,
  timeout: 90_000,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
  env: {
    PORT: new URL(upstream).port,
    HOST: "127.0.0.1",
    DATA_DIR: process.env.PORTAL_E2E_DATA_DIRS!.split(",")[index]!,
    STORAGE_URL: `s3://${bucket}/e2e`,
    S3_ENDPOINT: s3Endpoint,
    S3_REGION: "us-east-1",
    S3_FORCE_PATH_STYLE: "1",
    // s3rver's one account.
    AWS_ACCESS_KEY_ID: "S3RVER",
    AWS_SECRET_ACCESS_KEY: "S3RVER",
    LICENSE_SIGNING_KEY: process.env.PORTAL_SCALE_OUT_SIGNING_KEY!,
    TOTP_ENCRYPTION_KEY: process.env.PORTAL_SCALE_OUT_TOTP_KEY!,
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
        {
          // Started first: each API process checks the bucket before it listens. Any answer (s3rver's
          // 403 to an unsigned request included) means it is up.
          command: `node ../node_modules/s3rver/bin/s3rver.js --silent --address 127.0.0.1 --port ${process.env.PORTAL_SCALE_OUT_S3_PORT} --directory ${process.env.PORTAL_SCALE_OUT_BUCKET_DIR} --configure-bucket ${bucket}`,
          url: `${s3Endpoint}/`,
          reuseExistingServer: false,
          timeout: 30_000,
          stdout: "ignore" as const,
          stderr: "pipe" as const,
        },
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
