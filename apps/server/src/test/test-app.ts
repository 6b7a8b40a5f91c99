import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp, type AppDependencies } from "../app.js";
import { loadConfig, type Config } from "../config.js";
import type { DatabaseHandle } from "../db/client.js";
import { ensureFirstAdmin } from "../db/seed.js";
import { openSecondConnection, openTestDatabase } from "./database.js";

export const ADMIN_EMAIL = "admin@example.com";
export const ADMIN_PASSWORD = "Admin-pass-1!";

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  dataDir: string;
}

export type TestAppOptions = Pick<AppDependencies, "runJobs" | "logger">;

export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "portal-data-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
    LOG_LEVEL: "silent",
    PUBLIC_URL: "https://portal.example.com",
    // Tests log in hundreds of times from 127.0.0.1; the limiter has tests of its own.
    AUTH_RATE_LIMIT_PER_MINUTE: "100000",
    ...env,
  });
  const database = await openTestDatabase();
  await ensureFirstAdmin(database.db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, dataDir });
  const app = await buildApp({ config, database, ...options });
  await app.ready();
  return { app, database, config, dataDir };
}

/**
 * A second API process beside `first`: its own app, job runner and connection pool
 * (`openSecondConnection`) on the same database, with the same configuration and DATA_DIR (keys,
 * file store, mail outbox), as processes behind a load balancer share them. Close it with
 * `closeSecondProcess` before `first`.
 */
export async function createSecondProcess(first: TestApp, options: { runJobs?: boolean } = {}): Promise<TestApp> {
  const database = await openSecondConnection(first.database);
  const app = await buildApp({ config: first.config, database, ...options });
  await app.ready();
  return { app, database, config: first.config, dataDir: first.dataDir };
}

/** Closes a process made by `createSecondProcess`, leaving the DATA_DIR it shares with the first. */
export async function closeSecondProcess(second: TestApp): Promise<void> {
  await second.app.close();
  await second.database.close();
}

export async function closeTestApp(testApp: TestApp): Promise<void> {
  await testApp.app.close();
  await testApp.database.close();
  await rm(testApp.dataDir, { recursive: true, force: true });
}

/**
 * One app and database for the whole file, built before its first test and closed after its last;
 * `lateEnv` adds settings known only once earlier `beforeAll`s ran (a test server's address).
 */
export function useTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}, lateEnv?: () => Record<string, string>): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    Object.assign(holder, await createTestApp({ ...env, ...lateEnv?.() }, options));
  });
  afterAll(async () => {
    if (holder.app) await closeTestApp(holder);
  });
  return holder;
}
