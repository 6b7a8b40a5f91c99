import { randomUUID } from "node:crypto";
import { test as base } from "@playwright/test";
import {
  check,
  failures,
  languages,
  openSession,
  PAGE_BOOT_MS,
  schemes,
  seed,
  writePartial,
  type Language,
  type Role,
  type Scheme,
  type Seed,
  type Session,
} from "./a11y-support";
import { expect } from "./support";

/**
 * axe-core (WCAG 2.0/2.1 A and AA, 2.2 AA) over every route of apps/web/src/app/router.tsx, logged
 * out, as a customer and as an administrator, light and dark, English and Persian (right to left),
 * plus the main dialogs and menus open. Any serious or critical violation fails the test; every
 * check is written to e2e/artifacts/axe-summary.json (merged by the config's global teardown).
 */

// The tests are independent: spread them over both workers. Each worker seeds its own data once.
base.describe.configure({ mode: "parallel" });

const test = base.extend<object, { data: Seed }>({
  data: [async ({ playwright }, use) => {
    const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${process.env.PORTAL_E2E_PORT}` });
    await use(await seed(request));
    await request.dispose();
  }, { scope: "worker" }],
});

/** A screen: its name in the summary, its path, and what to do on it before the check (open a dialog…). */
interface Screen {
  name: string;
  path: (data: Seed) => string;
  /** Language-dependent names of the few buttons the dialogs are opened with. */
  open?: (session: Session) => Promise<void>;
  /** Loaded as a page even after a screen reached inside the app: a tab of the screen before, whose heading stays. */
  load?: true;
}

const at = (name: string, path: string): Screen => ({ name, path: () => path });

/** Button names in the two languages checked (apps/web/src/locales/{en,fa}). */
const names = {
  newRequest: { en: "Request a licence", fa: "درخواست مجوز" },
  cancelRequest: { en: "Cancel request", fa: "لغو درخواست" },
  details: { en: "Details", fa: "جزئیات" },
  approve: { en: "Approve", fa: "تأیید" },
  addFeature: { en: "Add feature", fa: "افزودن ویژگی" },
  revokeVerification: { en: "Revoke verification", fa: "لغو تأیید" },
} satisfies Record<string, Record<Language, string>>;

const button = (session: Session, name: keyof typeof names) =>
  session.page.getByRole("main").getByRole("button", { name: names[name][session.language], exact: true }).first();

const guestScreens: Screen[] = [
  at("login", "/auth/login"),
  at("signup", "/auth/signup"),
  at("recover-password", "/auth/recover-password"),
  at("recover-password-email (no token)", "/auth/recover-password-email"),
  at("recover-password-email (form)", "/auth/recover-password-email?token=abc"),
  at("verify-email (no token)", "/auth/verify-email"),
  at("404", "/404"),
];

const customerScreens: Screen[] = [
  at("dashboard", "/dashboard"),
  at("my-licenses/requests", "/my-licenses/requests"),
  { ...at("my-licenses/purchased", "/my-licenses/purchased"), load: true },
  at("license-requests", "/license-requests"),
  at("purchased-licenses", "/purchased-licenses"),
  at("settings", "/settings"),
  at("updates", "/updates"),
  at("preferences", "/preferences"),
  at("projects", "/projects"),
  at("payments", "/payments"),
  at("billing", "/billing"),
  at("pricing-plans", "/pricing-plans"),
  at("pricing-plans/custom-license", "/pricing-plans/custom-license"),
  { name: "pricing-plans/confirmation/:planId", path: (data) => `/pricing-plans/confirmation/${data.planId}` },
  at("faq", "/faq"),
  at("my-tickets", "/my-tickets"),
  { name: "my-tickets/:uuid", path: (data) => `/my-tickets/${data.ticketId}` },
  at("my-tickets/:uuid (not found)", `/my-tickets/${randomUUID()}`),
  at("create-new-ticket", "/create-new-ticket"),
  // Dialogs and menus, opened the way a person would.
  { name: "dialog: request form", path: () => "/license-requests", open: async (s) => button(s, "newRequest").click() },
  { name: "dialog: cancel request (confirm)", path: () => "/license-requests", open: async (s) => button(s, "cancelRequest").click() },
  { name: "drawer: licence details", path: () => "/purchased-licenses", open: async (s) => button(s, "details").click() },
  { name: "menu: profile", path: () => "/dashboard", open: async (s) => s.page.getByTestId("profile-menu-button").click() },
  { name: "menu: notifications", path: () => "/dashboard", open: async (s) => s.page.getByTestId("notifications-button").click() },
  { name: "menu: messages", path: () => "/dashboard", open: async (s) => s.page.getByTestId("messages-button").click() },
  { name: "dialog: demo request", path: () => "/faq", open: async (s) => s.page.getByTestId("faq-demo-open").click() },
  {
    name: "dialog: close ticket (confirm)",
    path: (data) => `/my-tickets/${data.ticketId}`,
    open: async (s) => s.page.getByTestId("ticket-action-close").click(),
  },
];

const adminScreens: Screen[] = [
  at("admin dashboard", "/admin/dashboard"),
  at("admin/license-requests", "/admin/license-requests"),
  at("admin/plans", "/admin/plans"),
  at("admin/plans/create", "/admin/plans/create"),
  { name: "admin/plans/:id", path: (data) => `/admin/plans/${data.planId}` },
  { name: "admin/plans/:id/edit", path: (data) => `/admin/plans/${data.planId}/edit` },
  { name: "admin/plans/:id (floating plan)", path: (data) => `/admin/plans/${data.floatingPlanId}` },
  { name: "admin/plans/:id/edit (floating plan, every policy field)", path: (data) => `/admin/plans/${data.floatingPlanId}/edit` },
  at("admin/users", "/admin/users"),
  at("admin/resolution-center", "/admin/resolution-center"),
  { name: "admin/resolution-center/:uuid", path: (data) => `/admin/resolution-center/${data.ticketId}` },
  at("admin/resolution-center/:uuid (not found)", `/admin/resolution-center/${randomUUID()}`),
  at("admin/purchased-licenses", "/admin/purchased-licenses"),
  { name: "drawer: licence details, floating seats", path: (data) => `/admin/purchased-licenses?license=${data.floatingLicenseId}` },
  at("admin/manage-features", "/admin/manage-features"),
  at("admin/manage-services", "/admin/manage-services"),
  at("admin/log-monitor", "/admin/log-monitor"),
  { name: "drawer: audit event", path: () => "/admin/log-monitor", open: async (s) => s.page.getByTestId("audit-details").first().click() },
  at("admin/mfa-authenticator", "/admin/mfa-authenticator"),
  at("admin/outbox", "/admin/outbox"),
  at("admin/webhooks", "/admin/webhooks"),
  at("faq (admin)", "/faq"),
  at("faq/manage", "/faq/manage"),
  at("faq/demo-requests", "/faq/demo-requests"),
  at("admin/admin-updates", "/admin/admin-updates"),
  at("admin/admin-updates (history)", "/admin/admin-updates?view=history"),
  at("admin/admin-updates/new", "/admin/admin-updates/new"),
  { name: "admin/admin-updates/drafts/:id", path: (data) => `/admin/admin-updates/drafts/${data.draftUpdateId}` },
  { name: "drawer: update details", path: (data) => `/admin/admin-updates?update=${data.draftUpdateId}` },
  {
    name: "dialog: revoke verification (confirm)",
    path: () => "/admin/admin-updates?view=history&status=verified",
    open: async (s) => s.page.getByRole("main").getByRole("button", { name: new RegExp(`^${names.revokeVerification[s.language]}: `) }).first().click(),
  },
  { name: "license-requests/edit/:id", path: (data) => `/license-requests/edit/${data.pendingRequestId}` },
  {
    name: "dialog: approve user, e-mail unverified (two choices)",
    path: (data) => `/admin/users?status=pending&q=${encodeURIComponent(data.pendingEmail)}`,
    open: async (s) => {
      await s.page.getByTestId("user-actions").first().click();
      await s.page.getByTestId("user-action-approve").click();
    },
  },
  { name: "dialog: approve request (confirm)", path: () => "/admin/license-requests", open: async (s) => button(s, "approve").click() },
  { name: "dialog: feature form", path: () => "/admin/manage-features", open: async (s) => button(s, "addFeature").click() },
  { name: "dialog: FAQ entry form", path: () => "/faq/manage", open: async (s) => s.page.getByTestId("faq-add").click() },
  { name: "dialog: FAQ category names", path: () => "/faq/manage", open: async (s) => s.page.getByTestId("faq-rename-categories").click() },
  { name: "menu: profile (admin)", path: () => "/admin/users", open: async (s) => s.page.getByTestId("profile-menu-button").click() },
];

/**
 * Moves the app to `target` the way its own links do (React Router follows history and popstate),
 * without loading the page again; answers once the new screen shows a heading of its own.
 */
async function navigateInApp(session: Session, target: string): Promise<void> {
  const { page } = session;
  await page.evaluate((path) => {
    document.querySelectorAll("h1").forEach((heading) => heading.setAttribute("data-a11y-previous", ""));
    history.pushState(null, "", path);
    dispatchEvent(new PopStateEvent("popstate", { state: null }));
  }, target);
  await expect(page.locator("h1:not([data-a11y-previous])").first()).toBeVisible({ timeout: PAGE_BOOT_MS });
}

/**
 * `first`: the sweep's first part, which also checks the shell (top bar and sidebar) on its first screen.
 *
 * A part's first screen is loaded as a page, the next ones are reached inside the app, as a person
 * moves between them: a full load of each screen cost more than the check itself (16 admin screens
 * with their checks: Chromium 19.6 s of CPU and 29 s of wall time by page loads, 12.4 s and 15 s
 * inside the app, on a 2-core machine). A screen is loaded as a page after one that opened a dialog
 * or menu (the shell's menus stay open across an in-app move), and when only its query differs from
 * the screen before or it is a tab of that screen (`load`): the same page stays mounted with its heading.
 */
async function checkScreens(session: Session, screens: Screen[], data: Seed, { first }: { first: boolean }): Promise<void> {
  for (const [index, screen] of screens.entries()) {
    const target = screen.path(data);
    const previous = index > 0 ? screens[index - 1]! : undefined;
    const samePage = new URL(session.page.url()).pathname === new URL(target, "http://host").pathname;
    if (previous && !previous.open && !samePage && !screen.load) await navigateInApp(session, target);
    else await session.page.goto(target);
    if (screen.open) {
      await expect(session.page.locator("h1").first()).toBeVisible({ timeout: PAGE_BOOT_MS });
      await screen.open(session);
      await expect(session.page.locator("[role=dialog], [role=menu]").first()).toBeVisible();
    }
    // The shell once per role, scheme and language, and with its menus open.
    await check(session, screen.name, { withShell: (first && index === 0) || screen.name.startsWith("menu") });
  }
}

function tokenFor(role: Role, data: Seed): string | undefined {
  return role === "admin" ? data.adminToken : role === "customer" ? data.customerToken : undefined;
}

const screensOf: Record<Role, Screen[]> = { guest: guestScreens, customer: customerScreens, admin: adminScreens };

/**
 * Every screen is checked in both schemes and in both languages. Guests' few screens get every
 * pairing; the customer's and the admin's ~20 screens each get light English and dark Persian: colour
 * contrast depends on the scheme and layout on the direction, and checking all four pairings of each
 * doubled the suite's wall time (CI's 20-minute budget) without a failure the two did not find.
 */
const combinations: Record<Role, [Scheme, Language][]> = {
  guest: schemes.flatMap((scheme) => languages.map((language): [Scheme, Language] => [scheme, language])),
  customer: [["light", "en"], ["dark", "fa"]],
  admin: [["light", "en"], ["dark", "fa"]],
};

/**
 * A role's sweep in parts of at most this many screens, each a test of its own, so that both workers
 * share the long ones: the administrator's 37 screens took 4.0–4.1 min as one test beside the other
 * worker (load 6–7), some 6.5 s a screen; the customer's 27 screens make 3 parts, the guest's 7 one.
 */
const SCREENS_PER_TEST = 10;

/** `screens` cut into as few parts as SCREENS_PER_TEST allows, of sizes differing by one at most. */
function partsOf(screens: Screen[]): Screen[][] {
  const count = Math.ceil(screens.length / SCREENS_PER_TEST);
  const size = Math.ceil(screens.length / count);
  return Array.from({ length: count }, (_, index) => screens.slice(index * size, (index + 1) * size));
}

// The check itself can fail: an image without a text alternative and grey text on white (2.8:1) are
// found, and only they. (Text in the background's own colour would not do: axe leaves it "incomplete".)
test("axe: the check finds what it must", async ({ browser }) => {
  const session = await openSession(browser, "guest", "light", "en");
  try {
    await session.page.goto("/auth/login");
    await session.page.evaluate(() => {
      const image = Object.assign(document.createElement("img"), { src: "data:image/gif;base64,R0lGODlhAQABAAAAACw=" });
      image.id = "a11y-probe-image";
      const faint = Object.assign(document.createElement("p"), { id: "a11y-probe-text", textContent: "Barely there" });
      faint.style.cssText = "color:#999999;background:#ffffff";
      document.querySelector("main, body")!.prepend(image, faint);
    });
    await check(session, "login with two faults put in");
    expect(failures(session.results).map((line) => line.replace(/ — .*/, "")).sort()).toEqual([
      "guest/light/en login with two faults put in: color-contrast (serious) #a11y-probe-text",
      "guest/light/en login with two faults put in: image-alt (critical) #a11y-probe-image",
    ]);
  } finally {
    await session.context.close();
  }
});

for (const role of ["guest", "customer", "admin"] as const) {
  const parts = partsOf(screensOf[role]);
  for (const [scheme, language] of combinations[role]) {
    for (const [part, screens] of parts.entries()) {
      const label = parts.length > 1 ? `, screens ${part * parts[0]!.length + 1}–${part * parts[0]!.length + screens.length} of ${screensOf[role].length}` : "";
      test(`axe: ${role}, ${scheme}, ${language}${label}`, async ({ browser, data }) => {
        // About a minute for 10 screens at CI's load (6.5 s a screen); 3 minutes were not enough for 9
        // beside three other test runs (load 20).
        test.setTimeout(300_000);
        const session = await openSession(browser, role, scheme as Scheme, language as Language, tokenFor(role, data));
        try {
          await checkScreens(session, screens, data, { first: part === 0 });
          if (role === "guest" && part === parts.length - 1) {
            // The route error page: the 404 page's chunk fails to load (as after a deploy).
            await session.page.route(/not-found-page[-.][^/]*\.js$/, (route) => route.abort());
            await session.page.goto("/404");
            await expect(session.page.getByRole("alert")).toBeVisible();
            await check(session, "route error page");
          }
        } finally {
          writePartial(`${role}-${scheme}-${language}-${part + 1}`, session.results);
          await session.context.close();
        }
        expect(failures(session.results), "serious or critical axe violations").toEqual([]);
      });
    }
  }
}
