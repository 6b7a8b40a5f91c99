import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";

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
 * The e-mail verification link the server wrote for `email` (no SMTP in tests: each message is an
 * .eml file in DATA_DIR/mail). Undefined when the server sends none — a build without e-mail
 * verification lets the account log in without it.
 */
export async function verificationLinkFor(email: string, waitMs = 3000): Promise<string | undefined> {
  const mailDir = path.join(process.env.PORTAL_E2E_DATA_DIR!, "mail");
  const deadline = Date.now() + waitMs;
  do {
    let files: string[] = [];
    try {
      files = readdirSync(mailDir).filter((name) => name.endsWith(".eml"));
    } catch {
      // no mail directory (yet)
    }
    for (const file of files) {
      const text = decodeQuotedPrintable(readFileSync(path.join(mailDir, file), "utf8"));
      if (!text.toLowerCase().includes(email.toLowerCase())) continue;
      const link = /https?:\/\/\S+\/auth\/verify-email\?token=[^\s"<>]+/.exec(text)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  } while (Date.now() < deadline);
  return undefined;
}

/** Where a server build with e-mail verification wants it: open the mailed link in the browser. */
export async function verifyEmailIfAsked(page: Page, email: string): Promise<void> {
  const link = await verificationLinkFor(email);
  if (!link) return;
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByTestId("email-verified")).toBeVisible();
}

/** Same, without a browser: for accounts the tests only need to exist. */
export async function verifyEmailThroughApi(request: APIRequestContext, email: string): Promise<void> {
  const link = await verificationLinkFor(email);
  if (!link) return;
  const token = new URL(link).searchParams.get("token");
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
