import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import type { AxeResults } from "axe-core";
import { admin, apiLogin, expect, PASSWORD, planBody, publishUpdateThroughApi, readyAccount, uploadUpdateThroughApi, verifyLicenseThroughApi } from "./support";

/** WCAG 2.0/2.1 A and AA, and 2.2 AA (the issue's rule set). */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export type Role = "guest" | "customer" | "admin";
export type Scheme = "light" | "dark";
export type Language = "en" | "fa";

export const schemes: Scheme[] = ["light", "dark"];
export const languages: Language[] = ["en", "fa"];

type Impact = "critical" | "serious" | "moderate" | "minor";

/** axe-core itself, put into a page once per document (a client-side navigation keeps it). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** What the checks keep of one axe violation: its rule, impact, and the failing elements with axe's message. */
export interface AxeViolation {
  id: string;
  impact: Impact;
  nodes: { target: string; message: string }[];
}

/**
 * axe-core's run over the page once it is still (`settle`: mid-fade, a dialog's text is paler than it
 * will be), WCAG tags of AXE_TAGS, leaving out the elements that `exclude`'s selectors match; only the
 * violations come back, trimmed to what a report shows.
 *
 * axe.run in the page itself rather than @axe-core/playwright's AxeBuilder: that put axe's 560 KB
 * into the page again on every check and finished each run in a new blank page; over 16 admin
 * screens it cost Chromium 26.5 s of CPU and the test runner 6.3 s, against 19.6 s and 1.1 s for this
 * (measured on a 2-core machine). The app has no frames, which AxeBuilder would also have checked.
 */
export async function axeViolations(page: Page, { exclude = [] }: { exclude?: string[] } = {}): Promise<AxeViolation[]> {
  await settle(page);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ([tags, excluded]) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> } }).axe;
      const { violations } = await axe.run(
        { exclude: excluded.map((selector) => [selector]) },
        { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] },
      );
      return violations.map((violation) => ({
        id: violation.id,
        impact: (violation.impact ?? "minor") as Impact,
        nodes: violation.nodes.map((node) => ({ target: node.target.join(" "), message: node.any[0]?.message ?? "" })),
      }));
    },
    [AXE_TAGS, exclude] as const,
  );
}

/** What fails a check: a serious or critical violation. */
const isSerious = (impact: Impact) => impact === "serious" || impact === "critical";

/** The page's serious and critical axe violations once it is still, one line per failing element. */
export async function seriousAxeFailures(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((violation) => isSerious(violation.impact))
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target}`));
}

export interface ScreenResult {
  screen: string;
  path: string;
  role: Role;
  scheme: Scheme;
  language: Language;
  violations: Record<Impact, number>;
  /** rule id → impact and the number of elements that fail it. */
  rules: Record<string, { impact: Impact; nodes: number; targets: string[] }>;
  /** Serious or critical failures accepted for now (see knownExceptions). */
  excepted: string[];
}

/**
 * Serious or critical violations accepted for now, each with where it lives and why it is not fixed
 * here. Matched on screen name, rule id and the failing element's selector. Empty: nothing is excepted.
 */
export const knownExceptions: { screen: RegExp; rule: string; target: RegExp; reason: string }[] = [];

const here = path.dirname(fileURLToPath(import.meta.url));
/** One file per test (workers run in parallel); the config's global teardown merges them. */
export const partialsDir = path.join(here, "..", "test-results", "axe-partials");
export const summaryFile = path.join(here, "..", "artifacts", "axe-summary.json");

export function writePartial(name: string, results: ScreenResult[]): void {
  mkdirSync(partialsDir, { recursive: true });
  writeFileSync(path.join(partialsDir, `${name.replace(/[^a-z0-9-]+/gi, "_")}.json`), JSON.stringify(results));
}

/** Merges every test's results into e2e/artifacts/axe-summary.json (sorted, so runs compare). */
export function mergePartials(): void {
  let files: string[];
  try {
    files = readdirSync(partialsDir).filter((name) => name.endsWith(".json"));
  } catch {
    return;
  }
  const results = files.flatMap((name) => JSON.parse(readFileSync(path.join(partialsDir, name), "utf8")) as ScreenResult[]);
  const key = (result: ScreenResult) => `${result.role} ${result.screen} ${result.scheme} ${result.language}`;
  results.sort((a, b) => key(a).localeCompare(key(b)));
  const totals: Record<string, Record<string, number>> = {};
  for (const result of results) {
    for (const [rule, { impact, nodes }] of Object.entries(result.rules)) {
      totals[`${rule} (${impact})`] ??= {};
      totals[`${rule} (${impact})`]![result.role] = (totals[`${rule} (${impact})`]![result.role] ?? 0) + nodes;
    }
  }
  mkdirSync(path.dirname(summaryFile), { recursive: true });
  writeFileSync(summaryFile, `${JSON.stringify({ checks: results.length, failingElementsByRule: totals, results }, null, 2)}\n`);
}

/** Counts API calls in flight, so a check can wait for the page's data rather than for a fixed time. */
function trackApiCalls(page: Page): () => number {
  let inFlight = 0;
  const done = (url: string) => {
    if (url.includes("/api/")) inFlight -= 1;
  };
  page.on("request", (request) => {
    if (request.url().includes("/api/")) inFlight += 1;
  });
  page.on("requestfinished", (request) => done(request.url()));
  page.on("requestfailed", (request) => done(request.url()));
  return () => inFlight;
}

export interface Session {
  context: BrowserContext;
  page: Page;
  role: Role;
  scheme: Scheme;
  language: Language;
  results: ScreenResult[];
}

/**
 * One browser context per role, scheme and language: the token, theme and language go into
 * localStorage before any page script runs (lib/storage, lib/color-scheme, lib/i18n read them there).
 */
export async function openSession(browser: Browser, role: Role, scheme: Scheme, language: Language, token?: string): Promise<Session> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: "reduce" });
  await context.addInitScript(
    ([storedTheme, storedLanguage, storedToken]) => {
      if (sessionStorage.getItem("a11y-seeded")) return;
      sessionStorage.setItem("a11y-seeded", "1");
      localStorage.setItem("theme", storedTheme!);
      localStorage.setItem("language", storedLanguage!);
      localStorage.setItem("sidebarMinimized", "false");
      if (storedToken) localStorage.setItem("token", storedToken);
    },
    [scheme, language, token ?? ""],
  );
  const page = await context.newPage();
  const inFlight = trackApiCalls(page);
  (page as Page & { apiCallsInFlight?: () => number }).apiCallsInFlight = inFlight;
  return { context, page, role, scheme, language, results: [] };
}

/** How long a page may take to show its heading, and then its data, after a navigation (the app's boot under load). */
export const PAGE_BOOT_MS = 30_000;

/** Waits until the page shows its heading, has no API call in flight or loader showing, and nothing moves. */
async function settle(page: Page): Promise<void> {
  const inFlight = (page as Page & { apiCallsInFlight?: () => number }).apiCallsInFlight ?? (() => 0);
  // After a navigation the app boots first (its scripts, the session, the route's chunk): beside the
  // other worker's axe runs on a loaded 2-core machine that alone took over 10 s ("Loading…" at load 19).
  await expect(page.locator("h1, [role=dialog], [role=menu]").first()).toBeVisible({ timeout: PAGE_BOOT_MS });
  await expect
    .poll(
      async () => {
        if (inFlight() > 0) return false;
        return page.evaluate(
          () =>
            !document.querySelector(".mantine-Loader-root, [aria-busy=true], [data-loading=true]") &&
            document.getAnimations().every((animation) => animation.playState !== "running"),
        );
      },
      { intervals: [50, 50, 100, 100, 200], timeout: PAGE_BOOT_MS },
    )
    .toBe(true);
  // Mantine's transitions end in a frame; one more frame lets the last style land.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Runs axe over the page as it is now and records the result under `screen`. The shell (top bar
 * and sidebar) is the same on every screen: `withShell: false` leaves it out, since axe takes
 * seconds a page on a busy machine; each role, scheme and language checks it on one screen.
 */
export async function check(session: Session, screen: string, { withShell = true } = {}): Promise<void> {
  const { page } = session;
  const started = Date.now();
  const violations = await axeViolations(page, { exclude: withShell ? [] : ["header", "[data-testid=sidebar]"] });
  if (process.env.AXE_TIMING) console.log(`${screen}: settled and checked in ${Date.now() - started} ms`);
  const result: ScreenResult = {
    screen,
    path: new URL(page.url()).pathname,
    role: session.role,
    scheme: session.scheme,
    language: session.language,
    violations: { critical: 0, serious: 0, moderate: 0, minor: 0 },
    rules: {},
    excepted: [],
  };
  for (const violation of violations) {
    result.violations[violation.impact] += violation.nodes.length;
    result.rules[violation.id] = {
      impact: violation.impact,
      nodes: violation.nodes.length,
      targets: violation.nodes.slice(0, 5).map((node) => `${node.target}${node.message ? ` — ${node.message}` : ""}`),
    };
    for (const { target } of violation.nodes) {
      const exception = knownExceptions.find(
        (known) => known.screen.test(screen) && known.rule === violation.id && known.target.test(target),
      );
      if (exception) result.excepted.push(`${violation.id} ${target}`);
    }
  }
  session.results.push(result);
}

/** Serious and critical failures not in knownExceptions, one line each, for the test's assertion. */
export function failures(results: ScreenResult[]): string[] {
  return results.flatMap((result) =>
    Object.entries(result.rules)
      .filter(([, rule]) => isSerious(rule.impact))
      .flatMap(([id, rule]) =>
        rule.targets
          .filter((target) => !result.excepted.includes(`${id} ${target.split(" — ")[0]}`))
          .map((target) => `${result.role}/${result.scheme}/${result.language} ${result.screen}: ${id} (${rule.impact}) ${target}`),
      ),
  );
}

interface Envelope<T> {
  data: T;
}

export interface Seed {
  adminToken: string;
  customerToken: string;
  planId: string;
  pendingRequestId: string;
  /** The customer's ticket with a reply and an internal note (the thread pages, the messages dropdown). */
  ticketId: string;
  /** An update still a draft (its drawer, its wizard at step 2). */
  draftUpdateId: string;
  /** A pending registration whose e-mail is unverified (the approve dialog's two choices). */
  pendingEmail: string;
  /** A floating plan (trial, heartbeat, perpetual fallback, offline days: every policy field shown). */
  floatingPlanId: string;
  /** A licence on it with two live seats and a checked-in one (the installations panel's seats). */
  floatingLicenseId: string;
}

let counter = 0;
function suffix(): string {
  counter += 1;
  return `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
}

/**
 * A catalogue (two features, a service, a plan), a customer with a project, a card, a billing
 * address, licence requests in every state (so licences, status badges and notifications show),
 * two tickets (a thread with a reply and an internal note) and users in every state, all through the API.
 */
export async function seed(request: APIRequestContext): Promise<Seed> {
  const adminToken = await apiLogin(request, admin.email, admin.password);
  const asAdmin = { Authorization: `Bearer ${adminToken}` };
  const post = async <T>(url: string, headers: Record<string, string>, data?: unknown): Promise<T> => {
    const response = await request.post(url, { headers, data });
    expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
    return ((await response.json()) as Envelope<T>).data;
  };
  const id = suffix();
  const featureIds: string[] = [];
  for (const [index, name] of [`Network Access ${id}`, `Log Vault ${id}`].entries()) {
    featureIds.push((await post<{ id: string }>("/api/v1/features", asAdmin, { name, description: "Axe check", price: 100 + index * 50 })).id);
  }
  await post("/api/v1/services", asAdmin, { name: `Onboarding ${id}`, description: "Axe check" });
  // Priced above the other specs' plans: the pricing carousel loads the cheapest first.
  const plan = await post<{ id: string }>("/api/v1/plans", asAdmin, planBody(`Starter ${id}`, featureIds, 4999));

  const email = await readyAccount(request, "axe", "Ava");
  const customerToken = await apiLogin(request, email, PASSWORD);
  const asCustomer = { Authorization: `Bearer ${customerToken}` };
  await post("/api/v1/projects", asCustomer, { name: "Head office", description: "Network access control" });
  await post("/api/v1/payment-methods", asCustomer, {
    holderName: "Ava User",
    brand: "visa",
    last4: "4242",
    expMonth: 9,
    expYear: new Date().getFullYear() + 1,
    isDefault: true,
  });
  const address = await request.put("/api/v1/billing-address", {
    headers: asCustomer,
    data: { line1: "1 Main Street", city: "Lisbon", postalCode: "1000-001", country: "PT", taxLocation: "Portugal" },
  });
  expect(address.status(), await address.text()).toBe(200);

  const requestIds: string[] = [];
  for (const body of [{ planId: plan.id }, { featureIds }, { planId: plan.id }, { featureIds: [featureIds[0]] }]) {
    requestIds.push((await post<{ id: string }>("/api/v1/license-requests", asCustomer, { quantity: 1, ...body })).id);
  }
  await post(`/api/v1/license-requests/${requestIds[0]}/approve`, asAdmin);
  await post(`/api/v1/license-requests/${requestIds[1]}/approve`, asAdmin);
  await post(`/api/v1/license-requests/${requestIds[2]}/reject`, asAdmin, { reason: "Please choose a plan with more activations." });
  // A free trial the customer started (issue 29): the dashboard's Trials card, the trial badge and the
  // licence policy in the list and in the drawer (the newest licence, opened first), "Trial used" on
  // the pricing page.
  const trialPlan = await post<{ id: string }>("/api/v1/plans", asAdmin, { ...planBody(`Trial ${id}`, featureIds, 4998), trialDays: 14 });
  await post(`/api/v1/plans/${trialPlan.id}/trial`, asCustomer);

  // Tickets: one in progress with a reply and an internal note, one resolved, for the lists, badges and threads.
  const ticket = await post<{ id: string }>("/api/v1/tickets", asCustomer, {
    subject: "Activation fails on the second server",
    type: "technical",
    priority: "high",
    message: "The activation answers FINGERPRINT_MISMATCH.\nThe first server works.",
  });
  await post(`/api/v1/tickets/${ticket.id}/messages`, asAdmin, { body: "Moved hardware last week, per the CRM.", internal: true });
  await post(`/api/v1/tickets/${ticket.id}/messages`, asAdmin, { body: "Please release the old installation first, then activate again." });
  await post(`/api/v1/tickets/${ticket.id}/in-progress`, asAdmin);
  const billing = await post<{ id: string }>("/api/v1/tickets", asCustomer, { subject: "Invoice needs our VAT number", type: "billing", priority: "low", message: "Please add it." });
  await post(`/api/v1/tickets/${billing.id}/resolve`, asAdmin);

  // A pending registration, and a locked and a disabled account, for the users table's badges.
  const pendingEmail = `pending-${id}@example.com`;
  await request.post("/api/v1/auth/register", {
    data: { firstname: "Paxton", lastname: "Pending", email: pendingEmail, password: PASSWORD },
  });
  const users = await request.get("/api/v1/users", { headers: asAdmin, params: { pageSize: 100 } });
  const items = ((await users.json()) as Envelope<{ items: { id: string; email: string; status: string }[] }>).data.items;
  const locked = await readyAccount(request, "axe-locked", "Axel");
  const disabled = await readyAccount(request, "axe-disabled", "Daxa");
  const refreshed = await request.get("/api/v1/users", { headers: asAdmin, params: { pageSize: 100 } });
  const all = [...items, ...((await refreshed.json()) as Envelope<{ items: { id: string; email: string }[] }>).data.items];
  const idOf = (address: string) => all.find((user) => user.email === address.toLowerCase())!.id;
  await post(`/api/v1/users/${idOf(locked)}/lock`, asAdmin);
  const patched = await request.patch(`/api/v1/users/${idOf(disabled)}`, { headers: asAdmin, data: { status: "disabled" } });
  expect(patched.status(), await patched.text()).toBe(200);

  // Updates: a draft, and a published one verified for one of the customer's two licences (the
  // history's Verified, Not Verified and Partially Verified badges).
  const draftUpdate = await uploadUpdateThroughApi(request, adminToken, [{ name: "portal.ini", path: "config/portal.ini", data: Buffer.from("[portal]\n") }]);
  const published = await publishUpdateThroughApi(request, adminToken, {
    header: "Faster activation",
    type: "minor",
    changeLog: "Activation takes one request.",
    commands: ["systemctl restart portal"],
  });
  const licenses = await request.get("/api/v1/licenses", { headers: asCustomer, params: { pageSize: 100 } });
  const licenseIds = ((await licenses.json()) as Envelope<{ items: { id: string }[] }>).data.items.map((license) => license.id);
  await verifyLicenseThroughApi(request, adminToken, published.id, licenseIds[0]!);

  // The FAQ: a popular question with a Markdown answer in English and Persian, and a demo request for the admin list.
  const categories = ((await (await request.get("/api/v1/faq/categories", { headers: asAdmin })).json()) as Envelope<{ id: string; key: string }[]>).data;
  await post("/api/v1/faq", asAdmin, {
    categoryId: categories.find((category) => category.key === "network-access")!.id,
    popular: true,
    question: { en: `How does access control decide? ${id}`, fa: `کنترل دسترسی چگونه تصمیم می‌گیرد؟ ${id}` },
    answer: {
      en: "By **802.1X** first, then by the device's profile:\n\n- known users join their VLAN;\n- unknown devices wait in quarantine.\n\nSee [support](/my-tickets).",
      fa: "ابتدا با **802.1X** و سپس با مشخصات دستگاه:\n\n- کاربران شناخته‌شده به VLAN خود می‌پیوندند؛\n- دستگاه‌های ناشناس در قرنطینه می‌مانند.",
    },
  });
  // Enough questions for a two-digit count on the checked "All" chip: axe judges a one-digit count
  // too short to measure, and missed its contrast on the chip's tint.
  for (let index = 1; index <= 9; index += 1) {
    await post("/api/v1/faq", asAdmin, {
      categoryId: categories.find((category) => category.key === "support")!.id,
      popular: false,
      question: { en: `Where do I find answer ${index}? ${id}`, fa: `پاسخ ${index} را کجا بیابم؟ ${id}` },
      answer: { en: "In the support portal.", fa: "در درگاه پشتیبانی." },
    });
  }
  await post("/api/v1/demo-requests", asCustomer, { email: `axe-demo-${id}@example.com`, name: "Ava User", company: "Axe Labs", product: "Voice Platform", message: "A demo next week?" });

  // Floating seats: a plan with every policy field set, a licence of another customer on it, two
  // machines holding seats and one that checked in.
  const floatingPlan = await post<{ id: string }>("/api/v1/plans", asAdmin, {
    ...planBody(`Floating ${id}`, featureIds, 5999),
    maxActivations: 3,
    trialDays: 14,
    floating: true,
    heartbeatSeconds: 300,
    expirationStrategy: "perpetual_fallback",
    offlineTtlDays: 30,
  });
  const floatingOwner = await readyAccount(request, "axe-floating", "Flo");
  const asFloatingOwner = { Authorization: `Bearer ${await apiLogin(request, floatingOwner, PASSWORD)}` };
  const floatingRequest = await post<{ id: string }>("/api/v1/license-requests", asFloatingOwner, { planId: floatingPlan.id, quantity: 1 });
  const [floatingLicenseId] = (await post<{ licenseIds: string[] }>(`/api/v1/license-requests/${floatingRequest.id}/approve`, asAdmin)).licenseIds;
  const floatingKey = (await (await request.get(`/api/v1/licenses/${floatingLicenseId}`, { headers: asAdmin })).json()) as Envelope<{ key: string }>;
  for (const machine of ["build-01", "build-02", "laptop"]) await post("/api/v1/licenses/validate", {}, { key: floatingKey.data.key, fingerprint: `axe-${machine}-${id}` });
  await post("/api/v1/licenses/release", {}, { key: floatingKey.data.key, fingerprint: `axe-laptop-${id}` });

  return {
    adminToken,
    customerToken,
    planId: plan.id,
    pendingRequestId: requestIds[3]!,
    ticketId: ticket.id,
    draftUpdateId: draftUpdate.id,
    pendingEmail,
    floatingPlanId: floatingPlan.id,
    floatingLicenseId: floatingLicenseId!,
  };
}
