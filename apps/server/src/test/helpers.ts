import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import yazl from "yazl";
import { afterAll, beforeAll, inject } from "vitest";
import type { License, LicenseRequest, Page, Plan, User } from "@portal/contract";
import { buildApp, type AppDependencies } from "../app.js";
import { loadConfig, type Config } from "../config.js";
import { openDatabase, type DatabaseHandle } from "../db/client.js";
import { ensureFirstAdmin } from "../db/seed.js";

export const ADMIN_EMAIL = "admin@example.com";
export const ADMIN_PASSWORD = "Admin-pass-1!";
export const GOOD_PASSWORD = "Str0ng-pass!";

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  dataDir: string;
}

let databaseCounter = 0;
const postgresUrls = new WeakMap<DatabaseHandle, string>();

/**
 * Another connection pool on the same test database, as a second API process would have; on
 * PGlite, which one process owns, the same handle.
 */
export async function openSecondConnection(database: DatabaseHandle): Promise<DatabaseHandle> {
  const url = postgresUrls.get(database);
  if (!url) return { ...database, close: async () => undefined };
  return openDatabase({ kind: "postgres", url, poolSize: 5 });
}

/**
 * A new PostgreSQL database copied from this run's migrated template; answers its URL. The run's
 * global teardown drops it with the others.
 */
export async function createTestPostgresDatabase(): Promise<string> {
  const baseUrl = process.env.TEST_DATABASE_URL!;
  const name = `portal_t_${inject("postgresRunId")}_${process.pid}_${databaseCounter++}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${inject("postgresTemplate")}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A database of its own for one test file: a copy of the migrated template on PGlite or PostgreSQL. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DATABASE === "postgres") {
    const url = await createTestPostgresDatabase();
    const handle = await openDatabase({ kind: "postgres", url, poolSize: 5 });
    postgresUrls.set(handle, url);
    return handle;
  }
  const template = await readFile(inject("pgliteTemplate"));
  return openDatabase({ kind: "pglite", loadDataDir: new Blob([template]) });
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

/** One app and database for the whole file, built before its first test and closed after its last. */
export function useTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    Object.assign(holder, await createTestApp(env, options));
  });
  afterAll(async () => {
    if (holder.app) await closeTestApp(holder);
  });
  return holder;
}

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}.${randomBytes(5).toString("hex")}@example.com`;
}

export function json<T = unknown>(response: LightMyRequestResponse): T {
  return response.json() as T;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export async function call(app: FastifyInstance, options: InjectOptions & { token?: string }) {
  const { token, headers, ...rest } = options;
  return app.inject({ ...rest, headers: { ...headers, ...(token ? bearer(token) : {}) } });
}

export async function loginRequest(app: FastifyInstance, username: string, password: string, extra: Record<string, string> = {}) {
  return app.inject({
    method: "POST",
    url: "/api/v1/auth/token",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ username, password, ...extra }).toString(),
  });
}

export async function loginAs(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await loginRequest(app, username, password);
  if (response.statusCode !== 200) throw new Error(`login as ${username} failed: ${response.statusCode} ${response.body}`);
  return json<{ data: { access_token: string } }>(response).data.access_token;
}

export function adminToken(app: FastifyInstance): Promise<string> {
  return loginAs(app, ADMIN_EMAIL, ADMIN_PASSWORD);
}

export interface NewUser {
  firstname?: string;
  lastname?: string;
  email?: string;
  userName?: string;
  password?: string;
}

export async function registerUser(app: FastifyInstance, overrides: NewUser = {}) {
  const body = {
    firstname: "Ada",
    lastname: "Lovelace",
    email: uniqueEmail(),
    password: GOOD_PASSWORD,
    ...overrides,
  };
  const response = await app.inject({ method: "POST", url: "/api/v1/auth/register", payload: body });
  return { response, body };
}

export interface SentMail {
  file: string;
  messageId: string;
  to: string;
  subject: string;
  body: string;
}

/** Every message in the DATA_DIR/mail outbox, oldest first. */
export async function outbox(dataDir: string): Promise<SentMail[]> {
  const directory = path.join(dataDir, "mail");
  const files = (await readdir(directory).catch(() => [] as string[])).filter((file) => file.endsWith(".eml")).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(path.join(directory, file), "utf8");
      const [head = "", ...rest] = raw.split("\n\n");
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(head)?.[1]?.trim() ?? "";
      const body = rest.join("\n\n").replace(/=\n/g, "").replace(/=3D/g, "=");
      return { file, messageId: header("Message-ID"), to: header("To"), subject: header("Subject"), body };
    }),
  );
}

/** Waits (mail goes out after the answer) for the newest message to `to` whose subject matches. */
export async function waitForMail(dataDir: string, to: string, subject: RegExp, timeoutMs = 3_000): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await outbox(dataDir)).filter((mail) => mail.to.includes(to) && subject.test(mail.subject)).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function linkToken(mail: SentMail): string {
  const match = /[?&]token=([A-Za-z0-9_%-]+)/.exec(mail.body);
  if (!match?.[1]) throw new Error(`no token link in mail "${mail.subject}"`);
  return decodeURIComponent(match[1]);
}

/** Opens the verification link mailed at sign-up, as the user would. */
export async function verifyEmailOf(testApp: TestApp, email: string): Promise<void> {
  const mail = await waitForMail(testApp.dataDir, email, /verify your e-mail/i);
  const response = await testApp.app.inject({
    method: "POST",
    url: "/api/v1/auth/verify-email",
    payload: { token: linkToken(mail) },
  });
  if (response.statusCode !== 200) throw new Error(`verify failed: ${response.statusCode} ${response.body}`);
}

/** A registered, e-mail-verified and approved customer, logged in. */
export async function createCustomer(testApp: TestApp, overrides: NewUser = {}) {
  const { app } = testApp;
  const { response, body } = await registerUser(app, overrides);
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const user = json<{ data: { user: User } }>(response).data.user;
  await verifyEmailOf(testApp, body.email);
  const approval = await call(app, {
    method: "POST",
    url: `/api/v1/users/${user.id}/approve`,
    token: await adminToken(app),
  });
  if (approval.statusCode !== 200) throw new Error(`approve failed: ${approval.statusCode} ${approval.body}`);
  const token = await loginAs(app, body.email, body.password);
  return { user: json<{ data: User }>(approval).data, token, email: body.email, password: body.password };
}

export function errorLoc(response: LightMyRequestResponse): (string | number)[][] {
  return json<{ detail: { loc: (string | number)[] }[] }>(response).detail.map((item) => item.loc);
}

export function firstError(response: LightMyRequestResponse) {
  const detail = json<{ detail: { loc: (string | number)[]; msg: string; type: string }[] }>(response).detail;
  return detail[0]!;
}

export interface FormFile {
  name: string;
  content: Buffer;
  type?: string;
  /** The form field; `attachments` unless named. */
  field?: string;
}

/** A multipart/form-data body with text fields and files, as a browser sends a form. */
export function multipartForm(fields: Record<string, string>, files: FormFile[] = []) {
  const boundary = `----portal-form-${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "attachments"}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? "application/octet-stream"}\r\n\r\n`,
      ),
      file.content,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart/form-data body with one file, as a browser would send it. */
export function multipartFile(field: string, filename: string, content: string | Buffer, contentType = "application/octet-stream") {
  return multipartForm({}, [{ field, name: filename, content: Buffer.isBuffer(content) ? content : Buffer.from(content), type: contentType }]);
}

export interface ZipEntry {
  name: string;
  content?: Buffer;
  mode?: number;
  compress?: boolean;
}

/** A real ZIP archive written by yazl. */
export function zipOf(entries: ZipEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    zip.addBuffer(entry.content ?? randomBytes(64), entry.name, { mode: entry.mode ?? 0o100644, compress: entry.compress ?? true, mtime: new Date(0) });
  }
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on("error", reject);
  });
}

let catalogueCounter = 0;

/** A new feature and a yearly plan holding it, made by the administrator. */
export async function createPlanWithFeature(testApp: TestApp, maxActivations = 2, maxReleasesPer30Days = 3) {
  const { app } = testApp;
  const admin = await adminToken(app);
  const counter = ++catalogueCounter;
  const featureResponse = await call(app, { method: "POST", url: "/api/v1/features", token: admin, payload: { name: `Licensed feature ${counter} ${randomBytes(4).toString("hex")}`, price: 5 } });
  if (featureResponse.statusCode !== 201) throw new Error(`feature failed: ${featureResponse.statusCode} ${featureResponse.body}`);
  const feature = json<{ data: { id: string; name: string } }>(featureResponse).data;
  const planResponse = await call(app, {
    method: "POST",
    url: "/api/v1/plans",
    token: admin,
    payload: { name: `Licensed plan ${counter}`, price: 100, currency: "USD", billingPeriod: "yearly", durationDays: 30, maxActivations, maxReleasesPer30Days, featureIds: [feature.id] },
  });
  if (planResponse.statusCode !== 201) throw new Error(`plan failed: ${planResponse.statusCode} ${planResponse.body}`);
  return { admin, plan: json<{ data: Plan }>(planResponse).data, feature };
}

/** A new customer (or the one given) holding `quantity` freshly issued licences of a new plan. */
export async function issueLicenses(
  testApp: TestApp,
  options: { quantity?: number; maxActivations?: number; maxReleasesPer30Days?: number; customer?: Awaited<ReturnType<typeof createCustomer>> } = {},
) {
  const { app } = testApp;
  const { admin, plan, feature } = await createPlanWithFeature(testApp, options.maxActivations, options.maxReleasesPer30Days);
  const customer = options.customer ?? (await createCustomer(testApp));
  const requested = await call(app, { method: "POST", url: "/api/v1/license-requests", token: customer.token, payload: { planId: plan.id, quantity: options.quantity ?? 1, note: "for the lab" } });
  if (requested.statusCode !== 201) throw new Error(`licence request failed: ${requested.statusCode} ${requested.body}`);
  const request = json<{ data: LicenseRequest }>(requested).data;
  const approved = await call(app, { method: "POST", url: `/api/v1/license-requests/${request.id}/approve`, token: admin });
  if (approved.statusCode !== 200) throw new Error(`approval failed: ${approved.statusCode} ${approved.body}`);
  const mine = json<{ data: Page<License> }>(await call(app, { method: "GET", url: "/api/v1/licenses?pageSize=100", token: customer.token })).data.items;
  const issued = new Set(json<{ data: LicenseRequest }>(approved).data.licenseIds);
  return { admin, plan, feature, customer, request: json<{ data: LicenseRequest }>(approved).data, licenses: mine.filter((license) => issued.has(license.id)) };
}

/** Every file under the test app's store (DATA_DIR/files), its temporary area included, sorted. */
export async function storedFiles(testApp: TestApp): Promise<string[]> {
  const root = path.join(testApp.dataDir, "files");
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** The files of uploads still in progress (the store's temporary area, DATA_DIR/files/tmp/<process tag>/): none once a request has ended. */
export async function temporaryFiles(testApp: TestApp): Promise<string[]> {
  const temporary = path.join(testApp.dataDir, "files", "tmp") + path.sep;
  return (await storedFiles(testApp)).filter((file) => file.startsWith(temporary));
}

/** Row counts of these tables under the names given: what a refused request must leave as it was. */
export async function rowCounts<Name extends string>(testApp: TestApp, tables: Record<Name, PgTable>): Promise<Record<Name, number>> {
  const counts = Object.fromEntries(Object.entries<PgTable>(tables).map(([name, table]) => [name, sql<number>`(select count(*)::int from ${table})`]));
  const [row] = await testApp.database.db.select(counts).from(sql`(select 1) as one`);
  return row as Record<Name, number>;
}

/** A process tag (lib/process-tag) of a process of this host that has ended: what a SIGKILLed server leaves in its leases and directories. */
export async function endedProcessTag(): Promise<string> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return [os.hostname(), child.pid, "started", "0badc0de"].join("~");
}
