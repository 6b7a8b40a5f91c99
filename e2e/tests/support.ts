import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { totp, zipOf } from "@portal/test-support";

export const admin = {
  email: process.env.PORTAL_E2E_ADMIN_EMAIL!,
  password: process.env.PORTAL_E2E_ADMIN_PASSWORD!,
};

export const PASSWORD = "Str0ng-pass!word";

let counter = 0;
/** A unique e-mail per call, per worker, per run. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

interface ConsoleEntry {
  type: string;
  text: string;
  url: string;
}

/**
 * Every test page records console errors and uncaught exceptions. A failed API call shows up in
 * Chromium's console as "Failed to load resource"; a test that expects a refusal lists the API paths
 * it allows (`allowFailedRequests`), anything else fails the test.
 */
export const test = base.extend<{ consoleErrors: ConsoleEntry[]; allowFailedRequests: (pattern: RegExp) => void }>({
  consoleErrors: async ({ page }, use) => {
    const entries: ConsoleEntry[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") {
        entries.push({ type: message.type(), text: message.text(), url: message.location().url });
      }
    });
    page.on("pageerror", (error) => entries.push({ type: "pageerror", text: `${error.name}: ${error.message}`, url: "" }));
    await use(entries);
  },
  allowFailedRequests: [
    async ({ consoleErrors }, use) => {
      const allowed: RegExp[] = [];
      await use((pattern) => allowed.push(pattern));
      const unexpected = consoleErrors.filter(
        (entry) => !(entry.text.startsWith("Failed to load resource") && allowed.some((pattern) => pattern.test(entry.url))),
      );
      expect(unexpected, "console errors and warnings").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The server's answer envelope. */
interface Envelope<T> {
  status: "success";
  data: T;
}

export async function apiLogin(request: APIRequestContext, username: string, password: string): Promise<string> {
  const response = await request.post("/api/v1/auth/token", { form: { username, password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as Envelope<{ access_token: string }>).data.access_token;
}

/** Approves a pending sign-up the way an administrator's tool would: find it by e-mail, approve it. */
export async function approveThroughApi(request: APIRequestContext, email: string): Promise<void> {
  const token = await apiLogin(request, admin.email, admin.password);
  const headers = { Authorization: `Bearer ${token}` };
  const list = await request.get("/api/v1/users", { params: { status: "pending", q: email }, headers });
  expect(list.status()).toBe(200);
  const { items } = ((await list.json()) as Envelope<{ items: { id: string; email: string }[] }>).data;
  const user = items.find((item) => item.email === email.toLowerCase());
  expect(user, `pending user ${email}`).toBeTruthy();
  const approve = await request.post(`/api/v1/users/${user!.id}/approve`, { headers });
  expect(approve.status(), await approve.text()).toBe(200);
  await request.post("/api/v1/auth/logout", { headers });
}

export async function registerThroughApi(request: APIRequestContext, email: string, firstname = "Test"): Promise<void> {
  const response = await request.post("/api/v1/auth/register", {
    data: { firstname, lastname: "User", email, password: PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(201);
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Every message the servers have written (no SMTP in tests: each is an .eml file in its process's
 * DATA_DIR/mail; the scale-out run has two processes with a DATA_DIR each).
 */
export function mailFiles(): string[] {
  const dataDirs = (process.env.PORTAL_E2E_DATA_DIRS ?? process.env.PORTAL_E2E_DATA_DIR!).split(",");
  return dataDirs.flatMap((dataDir) => {
    const mailDir = path.join(dataDir, "mail");
    try {
      return readdirSync(mailDir)
        .filter((name) => name.endsWith(".eml"))
        .map((name) => path.join(mailDir, name));
    } catch {
      return []; // no mail directory (yet)
    }
  });
}

/** The first link to `route` in a message the server wrote for `email`. Undefined when none arrives within `waitMs`. */
export async function mailedLink(email: string, route: string, waitMs = 3000): Promise<URL | undefined> {
  const deadline = Date.now() + waitMs;
  do {
    for (const file of mailFiles()) {
      const text = decodeQuotedPrintable(readFileSync(file, "utf8"));
      if (!text.toLowerCase().includes(email.toLowerCase())) continue;
      for (const [candidate] of text.matchAll(/https?:\/\/[^\s"<>]+/g)) {
        const link = new URL(candidate);
        if (link.pathname === route && link.searchParams.get("token")) return link;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  } while (Date.now() < deadline);
  return undefined;
}

/** The e-mail verification link; undefined for a server build without e-mail verification. */
export function verificationLinkFor(email: string): Promise<URL | undefined> {
  return mailedLink(email, "/auth/verify-email");
}

/** Where a server build with e-mail verification wants it: open the mailed link in the browser. */
export async function verifyEmailIfAsked(page: Page, email: string): Promise<void> {
  const link = await verificationLinkFor(email);
  if (!link) return;
  await page.goto(link.pathname + link.search);
  await expect(page.getByTestId("email-verified")).toBeVisible();
}

/** Same, without a browser: for accounts the tests only need to exist. */
export async function verifyEmailThroughApi(request: APIRequestContext, email: string): Promise<void> {
  const link = await verificationLinkFor(email);
  if (!link) return;
  const token = link.searchParams.get("token");
  const response = await request.post("/api/v1/auth/verify-email", { data: { token } });
  expect(response.status(), await response.text()).toBe(200);
}

export async function loginThroughUi(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel("Email or username").fill(username);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** The sidebar's navigation (by test id: its accessible name changes with the language). */
export function sidebar(page: Page) {
  return page.getByTestId("sidebar").getByRole("navigation");
}

/** An approved account with a verified e-mail, made through the API. */
export async function readyAccount(request: APIRequestContext, prefix: string, firstname = "Test"): Promise<string> {
  const email = uniqueEmail(prefix);
  await registerThroughApi(request, email, firstname);
  await approveThroughApi(request, email);
  await verifyEmailThroughApi(request, email);
  return email;
}

/** Turns two-factor authentication on for an account, as its owner would; answers the secret and recovery codes. */
export async function enableTwoFactor(request: APIRequestContext, email: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const token = await apiLogin(request, email, PASSWORD);
  const headers = { Authorization: `Bearer ${token}` };
  const setup = await request.post("/api/v1/auth/2fa/setup", { headers });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = ((await setup.json()) as Envelope<{ secret: string }>).data;
  const enable = await request.post("/api/v1/auth/2fa/enable", { headers, data: { code: totp(secret) } });
  expect(enable.status(), await enable.text()).toBe(200);
  const { recoveryCodes } = ((await enable.json()) as Envelope<{ recoveryCodes: string[] }>).data;
  await request.post("/api/v1/auth/logout", { headers });
  return { secret, recoveryCodes };
}

/**
 * A page for screenshots at `width` (below 600px a touch phone, 844px high; else 900px high), with
 * motion reduced, and the console errors and warnings it collects for the test to check at the end.
 */
export async function screenshotPage(browser: Browser, width: number): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width, height: width > 600 ? 900 : 844 },
    deviceScaleFactor: 1,
    reducedMotion: "reduce",
    ...(width < 600 ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
}

/** A browser page signed in with a token, in a theme and language, at a width (the login screen has its own journeys). */
export async function signedInPage(
  browser: Browser,
  token: string,
  options: { width?: number; theme?: "light" | "dark"; language?: string } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { context, page, errors } = await screenshotPage(browser, options.width ?? 1440);
  await page.goto("/404");
  await page.evaluate(
    ([value, theme, language]) => {
      localStorage.setItem("token", value);
      localStorage.setItem("theme", theme);
      localStorage.setItem("language", language);
    },
    [token, options.theme ?? "light", options.language ?? "en"] as const,
  );
  return { context, page, errors };
}

/** A catalogue plan's body for POST /api/v1/plans: yearly, USD, one activation, three releases a month. */
export function planBody(name: string, featureIds: string[], price: number): Record<string, unknown> {
  return {
    name,
    description: "One product for a single site.",
    price,
    currency: "USD",
    billingPeriod: "yearly",
    durationDays: 365,
    maxActivations: 1,
    maxReleasesPer30Days: 3,
    featureIds,
    serviceIds: [],
    active: true,
  };
}

export const sha256Of = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** The newest published version by precedence, and the next one above it (`bump` a major or a minor). */
export async function nextUpdateVersion(request: APIRequestContext, adminToken: string, bump: "major" | "minor"): Promise<string> {
  const response = await request.get("/api/v1/updates", {
    headers: { Authorization: `Bearer ${adminToken}` },
    params: { status: "published", sort: "version", order: "desc", pageSize: 1 },
  });
  expect(response.status(), await response.text()).toBe(200);
  const latest = ((await response.json()) as Envelope<{ items: { version: string }[] }>).data.items[0]?.version ?? "1.0.0";
  const [major = 1, minor = 0] = latest.split(/[.-]/).map(Number);
  return bump === "major" ? `${major + 1}.0.0` : `${major}.${minor + 1}.0`;
}

/** Step 1 through the API: backend.zip and frontend.zip (small real ZIPs) and extras; answers the draft. */
export async function uploadUpdateThroughApi(
  request: APIRequestContext,
  adminToken: string,
  extras: { name: string; path: string; data: Buffer }[] = [],
): Promise<{ id: string; files: { name: string; path: string; sha256: string; size: number }[] }> {
  const packageOf = (name: string) => zipOf([{ name: `${name}/index.js`, data: `// ${name} of an e2e update\n` }]);
  const form = new FormData();
  form.append("backend", new Blob([new Uint8Array(packageOf("server"))]), "backend.zip");
  form.append("frontend", new Blob([new Uint8Array(packageOf("web"))]), "frontend.zip");
  for (const extra of extras) {
    form.append("extras", new Blob([new Uint8Array(extra.data)]), extra.name);
    form.append("extraPaths", extra.path);
  }
  const response = await request.post("/api/v1/updates", { headers: { Authorization: `Bearer ${adminToken}` }, multipart: form });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as Envelope<{ id: string; files: { name: string; path: string; sha256: string; size: number }[] }>).data;
}

/**
 * An update published through the API: uploaded, its commands, then its change log at the next minor
 * version (read again and retried when another worker published in between).
 */
export async function publishUpdateThroughApi(
  request: APIRequestContext,
  adminToken: string,
  changeLog: { header: string; type: "major" | "minor"; changeLog: string; commands?: string[] },
): Promise<{ id: string; version: string }> {
  const headers = { Authorization: `Bearer ${adminToken}` };
  const draft = await uploadUpdateThroughApi(request, adminToken);
  const commands = await request.put(`/api/v1/updates/${draft.id}/commands`, { headers, data: { commands: changeLog.commands ?? [] } });
  expect(commands.status(), await commands.text()).toBe(200);
  for (let attempt = 0; ; attempt += 1) {
    const version = await nextUpdateVersion(request, adminToken, "minor");
    const published = await request.put(`/api/v1/updates/${draft.id}/changelog`, {
      headers,
      data: { header: changeLog.header, version, type: changeLog.type, changeLog: changeLog.changeLog },
    });
    if (published.status() === 409 && attempt < 5) continue;
    expect(published.status(), await published.text()).toBe(200);
    return { id: draft.id, version };
  }
}

/** Verifies a licence for an update, as an administrator's Verify does. */
export async function verifyLicenseThroughApi(request: APIRequestContext, adminToken: string, updateId: string, licenseId: string): Promise<void> {
  const response = await request.post(`/api/v1/updates/${updateId}/verifications`, { headers: { Authorization: `Bearer ${adminToken}` }, data: { licenseId } });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * A licence issued to a customer through the API: a feature and a plan of their own (catalogue names
 * are unique), the customer's request, the administrator's approval. Answers the licence.
 */
export async function issuedLicenseThroughApi(request: APIRequestContext, adminToken: string, customerToken: string, name: string): Promise<{ id: string; key: string }> {
  const asAdmin = { Authorization: `Bearer ${adminToken}` };
  const asCustomer = { Authorization: `Bearer ${customerToken}` };
  const created = async (url: string, headers: Record<string, string>, data: unknown): Promise<string> => {
    const response = await request.post(url, { headers, data });
    expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
    return ((await response.json()) as Envelope<{ id: string }>).data.id;
  };
  const unique = `${name} ${Date.now().toString(36)}${process.pid.toString(36)}${(counter += 1)}`;
  const featureId = await created("/api/v1/features", asAdmin, { name: `Gateway ${unique}`, description: "For the updates journey", price: 120 });
  const planId = await created("/api/v1/plans", asAdmin, planBody(`Edge ${unique}`, [featureId], 899));
  const requestId = await created("/api/v1/license-requests", asCustomer, { planId, quantity: 1 });
  await created(`/api/v1/license-requests/${requestId}/approve`, asAdmin, undefined);
  const licenses = await request.get("/api/v1/licenses", { headers: asCustomer, params: { pageSize: 100, sort: "issuedAt", order: "desc" } });
  expect(licenses.status()).toBe(200);
  const [license] = ((await licenses.json()) as Envelope<{ items: { id: string; key: string }[] }>).data.items;
  expect(license, "the issued licence").toBeTruthy();
  return license!;
}

/** A .req file as a customer's product writes it: line 1 the licence key, line 2 JSON about the installation. */
export function reqFile(key: string, installation: Record<string, string>): Buffer {
  return Buffer.from(`${key}\n${JSON.stringify(installation)}\n`, "utf8");
}

/** Moves the pricing carousel until `card` is fully inside its viewport. */
export async function scrollCarouselTo(page: Page, card: Locator): Promise<void> {
  const viewport = page.getByTestId("pricing-carousel").locator(".mantine-Carousel-viewport");
  // Other specs add plans to the same catalogue: up to 60 steps through it.
  for (let step = 0; step < 60; step += 1) {
    // Let the carousel come to rest first (a slow machine animates slowly).
    let previous = "";
    for (let poll = 0; poll < 40; poll += 1) {
      const now = JSON.stringify(await card.boundingBox());
      if (now === previous) break;
      previous = now;
      await page.waitForTimeout(100);
    }
    const [box, view] = [await card.boundingBox(), await viewport.boundingBox()];
    if (box && view && box.x >= view.x - 2 && box.x + box.width <= view.x + view.width + 2) return;
    const control = page.getByRole("button", { name: box && view && box.x < view.x ? "Previous plans" : "More plans" });
    if (await control.isDisabled()) throw new Error("the plan is not in the carousel");
    await control.click();
  }
  throw new Error("the plan never came into view");
}

/** Opens `route` signed in with `token`, in the given language and theme. */
export async function openAs(page: Page, token: string, route: string, options: { language?: string; theme?: string } = {}): Promise<void> {
  if (!page.url().startsWith("http")) await page.goto("/404");
  await page.evaluate(
    ([value, language, theme]) => {
      localStorage.setItem("token", value);
      localStorage.setItem("language", language);
      localStorage.setItem("theme", theme);
    },
    [token, options.language ?? "en", options.theme ?? "light"] as const,
  );
  await page.goto(route);
}
