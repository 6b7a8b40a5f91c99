import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Locator, Page, Route } from "@playwright/test";
import { admin, apiLogin, expect, openAs, PASSWORD, planBody, readyAccount, scrollCarouselTo, signedInPage, test } from "./support";

/**
 * Issue 29 in the browser, the customer's side: an administrator (through the API) offers a plan with
 * a 14-day free trial → the customer starts it from the pricing page → My Issued Licences opens on
 * the new trial licence with its days left and its policy → the list filters by type → the card
 * then says "Trial used" → the dashboard lists the trial with a Buy link to the plan. Screenshots of
 * those screens in light/dark × en/tr/fa × 1440/390 under e2e/artifacts/ (trials-*.png).
 */

const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "artifacts");
mkdirSync(artifacts, { recursive: true });

interface Envelope<T> {
  data: T;
}

interface LicenseRow {
  id: string;
  key: string;
  type: string;
  status: string;
  planId: string;
  expiresAt: string;
  expired: boolean;
  expirationStrategy: string;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

let counter = 0;
const suffix = () => `${Date.now().toString(36)}${process.pid.toString(36)}${(counter += 1)}`;

async function created<T>(request: APIRequestContext, url: string, token: string, data?: unknown): Promise<T> {
  const response = await request.post(url, { headers: auth(token), data });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as Envelope<T>).data;
}

/** A feature and a plan with it, made by the administrator; `policy` adds the licensing model's fields. */
async function planThroughApi(request: APIRequestContext, adminToken: string, name: string, price: number, policy: Record<string, unknown>): Promise<{ id: string; name: string }> {
  const feature = await created<{ id: string }>(request, "/api/v1/features", adminToken, { name: `Trial feature ${name}`, description: "Trials journey", price: 20 });
  const plan = await created<{ id: string; name: string }>(request, "/api/v1/plans", adminToken, { ...planBody(name, [feature.id], price), ...policy });
  return plan;
}

async function myLicenses(request: APIRequestContext, token: string, params: Record<string, string> = {}): Promise<LicenseRow[]> {
  const response = await request.get("/api/v1/licenses", { headers: auth(token), params: { pageSize: 100, ...params } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as Envelope<{ items: LicenseRow[] }>).data.items;
}

let adminToken = "";
test.beforeAll(async ({ request }) => {
  adminToken = await apiLogin(request, admin.email, admin.password);
});

test("a customer starts a free trial from the pricing page and sees it in My Issued Licences with its days left", async ({ page, request }) => {
  test.setTimeout(120_000);
  // Cheap, so the pricing carousel (cheapest first) has it near the start.
  const plan = await planThroughApi(request, adminToken, `Trial Studio ${suffix()}`, 3, { trialDays: 14 });
  const email = await readyAccount(request, "trial", "Tara");
  const token = await apiLogin(request, email, PASSWORD);

  await openAs(page, token, "/pricing-plans");
  const card = page.getByTestId("plan-card").filter({ has: page.getByRole("heading", { name: plan.name }) });
  await scrollCarouselTo(page, card);
  // What happens is said on the card; the plan's own action stays beside the trial.
  await expect(card.getByTestId("trial-note")).toHaveText("No card needed · 14 days · then buy to keep using");
  await expect(card.getByRole("link", { name: "Select plan" })).toBeVisible();
  await card.getByRole("button", { name: "Start 14-day free trial" }).click();

  // A success toast, and My Issued Licences open on the new licence.
  await expect(page.getByText(`Your free trial of ${plan.name} has started.`)).toBeVisible();
  await expect(page).toHaveURL(/\/my-licenses\/purchased\?license=[0-9a-f-]{36}$/);
  const licenseId = new URL(page.url()).searchParams.get("license")!;
  const [trial] = await myLicenses(request, token, { type: "trial" });
  expect(trial, "the trial licence, through the API").toMatchObject({ id: licenseId, type: "trial", status: "not_activated", planId: plan.id, expired: false });
  // expiresAt = now + 14 days (a minute's slack for a slow machine).
  expect(Math.abs(Date.parse(trial!.expiresAt) - (Date.now() + 14 * 86_400_000))).toBeLessThan(5 * 60_000);

  const drawer = page.getByTestId("license-detail");
  await expect(drawer.getByTestId("trial-badge")).toHaveText("Trial · 14 days left");
  await expect(drawer.getByTestId("policy-type")).toHaveText(/^Trial, ends /);
  await expect(drawer.getByTestId("policy-seats")).toHaveText("Node-locked: activates on up to 1 machine");
  await expect(drawer.getByTestId("policy-expiry")).toHaveText("Stops working: validation answers expired and no updates can be downloaded.");
  await expect(drawer.getByTestId("policy-offline")).toHaveText("Licence files stay valid until the licence expires.");
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();

  // The list: the trial's row says its days left beside its status.
  const table = page.getByTestId("licenses-table");
  const row = table.getByRole("row").filter({ hasText: plan.name });
  await expect(row.getByTestId("trial-badge")).toHaveText("Trial · 14 days left");
  await expect(row).toContainText("Not Activated");

  // The type filter, next to the status filter: Standard has none of this customer's, Trial has it.
  const typeFilter = page.getByTestId("license-type-filter");
  await typeFilter.getByText("Standard", { exact: true }).click();
  await expect(page).toHaveURL(/[?&]type=standard/);
  await expect(page.getByText("No issued licences")).toBeVisible();
  await typeFilter.getByText("Trial", { exact: true }).click();
  await expect(page).toHaveURL(/[?&]type=trial/);
  await expect(table.getByRole("row").filter({ hasText: plan.name })).toBeVisible();

  // Back on the pricing page the trial is used: the button says so and cannot be pressed.
  await page.goto("/pricing-plans");
  await scrollCarouselTo(page, card);
  await expect(card.getByRole("button", { name: "Trial used" })).toBeDisabled();
  await expect(card.getByRole("button", { name: "Start 14-day free trial" })).toHaveCount(0);
  // The server agrees: a second trial of the plan is refused.
  const again = await request.post(`/api/v1/plans/${plan.id}/trial`, { headers: auth(token) });
  expect(again.status()).toBe(409);
  expect(JSON.stringify(await again.json())).toContain("trial/already_used");

  // The dashboard lists the running trial with its days left and a Buy link to the plan's order.
  await page.goto("/dashboard");
  const trials = page.getByTestId("trials-card");
  await expect(trials.getByRole("heading", { name: "Trials" })).toBeVisible();
  const trialRow = trials.getByTestId("trial-row").filter({ hasText: plan.name });
  await expect(trialRow.getByTestId("trial-days-left")).toHaveText("14 days left");
  await expect(trialRow.getByRole("link", { name: `Buy ${plan.name}` })).toHaveAttribute("href", `/pricing-plans/confirmation/${plan.id}`);
  await trialRow.getByRole("link", { name: trial!.key }).click();
  await expect(page).toHaveURL(new RegExp(`/my-licenses/purchased\\?license=${licenseId}$`));
  await expect(page.getByTestId("license-detail").getByTestId("trial-badge")).toHaveText("Trial · 14 days left");

  // The administrator sees the trial in All Issued Licences, and filters by type.
  await openAs(page, adminToken, `/admin/purchased-licenses?type=trial&q=${encodeURIComponent(trial!.key)}`);
  await expect(page.getByTestId("licenses-table").getByRole("row").filter({ hasText: plan.name }).getByTestId("trial-badge")).toHaveText("Trial · 14 days left");
});

test("a plan without a trial offers none, and a customer with no trials has no Trials card", async ({ page, request }) => {
  const plan = await planThroughApi(request, adminToken, `No Trial ${suffix()}`, 3, {});
  const email = await readyAccount(request, "notrial", "Nora");
  const token = await apiLogin(request, email, PASSWORD);
  await openAs(page, token, "/pricing-plans");
  const card = page.getByTestId("plan-card").filter({ has: page.getByRole("heading", { name: plan.name }) });
  await scrollCarouselTo(page, card);
  await expect(card.getByTestId("plan-trial")).toHaveCount(0);
  // Asking anyway: the contract's 404.
  const refused = await request.post(`/api/v1/plans/${plan.id}/trial`, { headers: auth(token) });
  expect(refused.status()).toBe(404);
  expect(JSON.stringify(await refused.json())).toContain("plan/not_found");
  await page.goto("/dashboard");
  await expect(page.getByTestId("figure-active")).toContainText("0");
  await expect(page.getByTestId("trials-card")).toHaveCount(0);
});

test.describe("screenshots", () => {
  // A customer with a running trial (and the trial of another plan used), a floating licence with
  // perpetual fallback and offline files, and a standard one.
  let shots: { token: string; trialPlan: string; floatingId: string; standardId: string; trialId: string };

  test.beforeAll(async ({ request }) => {
    const id = suffix();
    const trialPlan = await planThroughApi(request, adminToken, `Studio ${id}`, 4, { trialDays: 14 });
    const usedPlan = await planThroughApi(request, adminToken, `Team ${id}`, 5, { trialDays: 7 });
    const floatingPlan = await planThroughApi(request, adminToken, `Floating ${id}`, 6, {
      maxActivations: 5,
      floating: true,
      heartbeatSeconds: 600,
      expirationStrategy: "perpetual_fallback",
      offlineTtlDays: 30,
    });
    const email = await readyAccount(request, "trial-shots", "Selin");
    const token = await apiLogin(request, email, PASSWORD);
    for (const plan of [floatingPlan, trialPlan]) {
      const licenseRequest = await created<{ id: string }>(request, "/api/v1/license-requests", token, { planId: plan.id, quantity: 1 });
      await created(request, `/api/v1/license-requests/${licenseRequest.id}/approve`, adminToken);
    }
    await created(request, `/api/v1/plans/${usedPlan.id}/trial`, token);
    const trial = await created<{ id: string }>(request, `/api/v1/plans/${trialPlan.id}/trial`, token);
    const licenses = await myLicenses(request, token);
    const floatingId = licenses.find((license) => license.planId === floatingPlan.id)!.id;
    const standardId = licenses.find((license) => license.planId === trialPlan.id && license.type === "standard")!.id;
    shots = { token, trialPlan: trialPlan.name, floatingId, standardId, trialId: trial.id };
  });

  /**
   * Display only: no licence can be past its end in a fresh e2e database (the clock is not ours to
   * move here), so the list's answer is rewritten for the pictures: the 7-day trial has ended, the
   * floating licence expired (perpetual fallback: keeps working) and the standard one expired (revoke).
   */
  async function showExpiries(page: Page, ids: { floatingId: string; standardId: string }) {
    const past = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const rewrite = (license: LicenseRow & { type: string; seats: { used: number; max: number } }) => {
      if (license.id === ids.floatingId) return { ...license, expired: true, expiresAt: past, seats: { used: 3, max: license.seats.max } };
      if (license.id === ids.standardId) return { ...license, expired: true, expiresAt: past };
      if (license.type === "trial" && license.id !== shots.trialId) return { ...license, expired: true, expiresAt: past };
      return license;
    };
    await page.route(/\/api\/v1\/licenses(\/[0-9a-f-]{36})?(\?.*)?$/, async (route: Route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Envelope<unknown> & Record<string, unknown>;
      const data = body.data as { items?: never[] } & Record<string, unknown>;
      const changed = Array.isArray(data.items) ? { ...data, items: data.items.map(rewrite) } : rewrite(data as never);
      await route.fulfill({ response, json: { ...body, data: changed } });
    });
  }

  for (const width of [1440, 390] as const) {
    for (const theme of ["light", "dark"] as const) {
      test(`trial and licence policy screens at ${width}px, ${theme}, en, tr and fa`, async ({ browser }) => {
        test.setTimeout(300_000);
        for (const language of ["en", "tr", "fa"] as const) {
          const { context, page, errors } = await signedInPage(browser, shots.token, { width, theme, language });
          const shoot = async (name: string) => {
            await page.evaluate(() => document.fonts.ready);
            expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} page width`).toBeLessThanOrEqual(width);
            await page.screenshot({ path: path.join(artifacts, `trials-${name}-${theme}-${language}-${width}.png`), animations: "disabled" });
          };
          await page.goto("/pricing-plans");
          const card = page.getByTestId("plan-card").filter({ has: page.getByRole("heading", { name: shots.trialPlan }) });
          await expect(card.getByTestId("plan-trial").getByRole("button")).toBeDisabled();
          await scrollCarouselToAny(page, card, language);
          await shoot("pricing");

          await page.goto("/dashboard");
          await expect(page.getByTestId("trials-card")).toBeVisible();
          await page.getByTestId("trials-card").scrollIntoViewIfNeeded();
          await shoot("dashboard");

          await showExpiries(page, shots);
          await page.goto("/my-licenses/purchased");
          await expect(page.getByTestId("licenses-table").getByTestId("trial-badge")).toHaveCount(2);
          await shoot("list");
          await page.goto(`/my-licenses/purchased?license=${shots.floatingId}`);
          await expect(page.getByTestId("license-policy")).toBeVisible();
          await page.getByTestId("license-policy").scrollIntoViewIfNeeded();
          await shoot("detail-floating");
          await page.goto(`/my-licenses/purchased?license=${shots.trialId}`);
          await expect(page.getByTestId("license-policy")).toBeVisible();
          await shoot("detail-trial");
          expect(errors, "console errors").toEqual([]);
          await context.close();
        }
      });
    }
  }
});

/** The carousel's controls in the languages of the screenshots (apps/web/src/locales/{en,tr,fa}/commerce.ts). */
const carouselControls = {
  en: { previous: "Previous plans", next: "More plans" },
  tr: { previous: "Önceki planlar", next: "Diğer planlar" },
  fa: { previous: "طرح‌های قبلی", next: "طرح‌های بیشتر" },
} as const;

/** support.ts's scrollCarouselTo in any of the three languages, right to left too (there "more" lies to the left). */
async function scrollCarouselToAny(page: Page, card: Locator, language: keyof typeof carouselControls): Promise<void> {
  if (language === "en") return scrollCarouselTo(page, card);
  const viewport = page.getByTestId("pricing-carousel").locator(".mantine-Carousel-viewport");
  const rtl = (await page.evaluate(() => document.documentElement.dir)) === "rtl";
  for (let step = 0; step < 60; step += 1) {
    let previous = "";
    for (let poll = 0; poll < 40; poll += 1) {
      const now = JSON.stringify(await card.boundingBox());
      if (now === previous) break;
      previous = now;
      await page.waitForTimeout(100);
    }
    const [box, view] = [await card.boundingBox(), await viewport.boundingBox()];
    if (box && view && box.x >= view.x - 2 && box.x + box.width <= view.x + view.width + 2) return;
    const leftOfView = Boolean(box && view && box.x < view.x);
    const control = page.getByRole("button", { name: carouselControls[language][leftOfView !== rtl ? "previous" : "next"] });
    if (await control.isDisabled()) throw new Error("the plan is not in the carousel");
    await control.click();
  }
  throw new Error("the plan never came into view");
}
