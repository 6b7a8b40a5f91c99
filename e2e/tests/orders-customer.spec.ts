import { mkdirSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { seriousAxeFailures } from "./a11y-support";
import { admin, apiLogin, expect, PASSWORD, readyAccount, signedInPage, test } from "./support";

/**
 * The customer's side of orders against the real server: the billing list, an order with an offer
 * (read, download the offer PDF, accept after confirming), cancelling with a reason, the notice of a
 * missing billing address; axe on each screen and dialog (en/fa, light/dark); and screenshots of the
 * list and the order page in light/dark × en/tr/fa × desktop/phone, for people to look at
 * (PORTAL_ORDER_SHOTS, default e2e/artifacts/orders-customer).
 */
const shotsDir = process.env.PORTAL_ORDER_SHOTS ?? path.join(import.meta.dirname, "..", "artifacts", "orders-customer");
mkdirSync(shotsDir, { recursive: true });

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const tag = `${Date.now().toString(36)}${process.pid.toString(36)}`;

async function post<T = { id: string }>(request: APIRequestContext, token: string, url: string, data: Record<string, unknown> = {}, status = [200, 201]): Promise<T> {
  const response = await request.post(`/api/v1/${url}`, { headers: auth(token), data });
  expect(status, `${url}: ${await response.text()}`).toContain(response.status());
  return ((await response.json()) as { data: T }).data;
}

async function plan(request: APIRequestContext, adminToken: string, name: string, price: number): Promise<string> {
  const feature = await post(request, adminToken, "features", { name: `${name} feature ${tag}`, description: "", price });
  const created = await post(request, adminToken, "plans", {
    name: `${name} ${tag}`,
    description: "One product for a single site.",
    price,
    currency: "USD",
    billingPeriod: "yearly",
    durationDays: 365,
    maxActivations: 1,
    featureIds: [feature.id],
    serviceIds: [],
  });
  return created.id;
}

/** A customer with a Turkish billing address and orders: the first offered (10% off), the second waiting for its offer. */
async function customerWithOrders(request: APIRequestContext, adminToken: string, planIds: string[], prefix: string) {
  const email = await readyAccount(request, prefix, "Deniz");
  const token = await apiLogin(request, email, PASSWORD);
  const address = await request.put("/api/v1/billing-address", {
    headers: auth(token),
    data: { line1: "Büyükdere Cd. 185", city: "İstanbul", postalCode: "34394", country: "TR", taxLocation: "Şişli VD" },
  });
  expect(address.status(), await address.text()).toBe(200);
  const offered = (await post<{ orderId: string }>(request, token, `plans/${planIds[0]}/select`)).orderId;
  const pending = (await post<{ orderId: string }>(request, token, `plans/${planIds[1]}/select`)).orderId;
  const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString();
  await post(request, adminToken, `orders/${offered}/offer`, { discountPercent: 10, validUntil, message: "Ten percent off for choosing us this month." });
  return { token, offered, pending };
}

let adminToken = "";
let planIds: string[] = [];

test.beforeAll(async ({ request }) => {
  adminToken = await apiLogin(request, admin.email, admin.password);
  planIds = [await plan(request, adminToken, "Professional", 1200), await plan(request, adminToken, "Starter", 499)];
});

const openAs = async (page: Page, token: string, route: string) => {
  await page.goto("/404");
  await page.evaluate((value) => localStorage.setItem("token", value), token);
  await page.goto(route);
};

test("a customer reads an offer and accepts it; cancels another order with a reason", async ({ page, request }) => {
  const { token, offered, pending } = await customerWithOrders(request, adminToken, planIds, "orders-customer");
  await openAs(page, token, "/billing");
  await expect(page.getByRole("heading", { level: 1, name: "Orders and invoices" })).toBeVisible();
  const rows = page.getByTestId("orders-table").locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Offer received" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Awaiting offer" })).toHaveCount(1);

  // Filtered on the server.
  await page.getByTestId("orders-status-filter").selectOption("offered");
  await expect(page).toHaveURL(/status=offered/);
  await expect(rows).toHaveCount(1);

  await rows.first().getByTestId("order-link").click();
  await expect(page).toHaveURL(new RegExp(`/billing/orders/${offered}$`));
  await expect(page.getByTestId("order-notice")).toHaveAttribute("data-state", "offered");
  await expect(page.getByTestId("order-billing-address")).toContainText("Şişli VD");
  await expect(page.getByTestId("order-tax")).toContainText("20%");
  await expect(page.getByTestId("order-discount")).toContainText("10%");
  await expect(page.getByTestId("order-field-offerMessage")).toContainText("Ten percent off");

  await expect(page.getByTestId("order-document")).toHaveText("Download offer (PDF)");

  await page.getByTestId("order-accept").click();
  const dialog = page.getByRole("dialog", { name: "Accept this offer?" });
  await expect(dialog).toContainText("You accept offer");
  await dialog.getByRole("button", { name: "Accept offer" }).click();
  await expect(page.getByText("Offer accepted. Your invoice follows once we receive your payment.")).toBeVisible();
  await expect(page.getByTestId("order-notice")).toHaveAttribute("data-state", "accepted");
  await expect(page.getByTestId("order-accept")).toHaveCount(0);

  // The other order: cancelled with a reason.
  await page.goto(`/billing/orders/${pending}`);
  await expect(page.getByTestId("order-notice")).toHaveAttribute("data-state", "pending_offer");
  await expect(page.getByTestId("order-document")).toHaveCount(0);
  await page.getByTestId("order-cancel").click();
  const cancel = page.getByRole("dialog", { name: "Cancel this order?" });
  await cancel.getByRole("textbox", { name: "Reason (optional)" }).fill("We chose a bigger plan.");
  await cancel.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByTestId("order-notice")).toHaveAttribute("data-state", "cancelled");
  await expect(page.getByTestId("order-field-cancelReason")).toContainText("We chose a bigger plan.");
});

test("the offer downloads as a PDF from the order page", async ({ page, request }) => {
  const { token, offered } = await customerWithOrders(request, adminToken, planIds, "orders-download");
  await openAs(page, token, `/billing/orders/${offered}`);
  const download = page.waitForEvent("download");
  await page.getByTestId("order-document").click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^offer-O-\d{6}\.pdf$/);
  await expect(page.getByText(/downloaded\./)).toBeVisible();
  const bytes = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe("%PDF-");
});

test("an order without a billing address asks for one; another customer's order is not found", async ({ page, request, allowFailedRequests }) => {
  allowFailedRequests(/\/api\/v1\/orders\/[0-9a-f-]{36}$/);
  const email = await readyAccount(request, "orders-no-address", "Ali");
  const token = await apiLogin(request, email, PASSWORD);
  const { orderId } = await post<{ orderId: string }>(request, token, `plans/${planIds[1]}/select`);
  await openAs(page, token, `/billing/orders/${orderId}`);
  await expect(page.getByTestId("order-no-address")).toContainText("Add your billing address");
  await page.getByTestId("order-no-address").getByRole("link").click();
  await expect(page).toHaveURL(/\/payments\?tab=address$/);

  const other = await readyAccount(request, "orders-other", "Eve");
  await openAs(page, await apiLogin(request, other, PASSWORD), `/billing/orders/${orderId}`);
  await expect(page.getByText("Order not found")).toBeVisible();
});

test("a plan choice on the pricing page links to its new order", async ({ page, request }) => {
  const email = await readyAccount(request, "orders-choice", "Bea");
  const token = await apiLogin(request, email, PASSWORD);
  await openAs(page, token, `/pricing-plans/confirmation/${planIds[0]}`);
  await page.getByRole("button", { name: "Change my plan" }).click();
  const dialog = page.getByRole("dialog", { name: "Change your payment plan?" });
  await expect(dialog.getByTestId("offer-follows")).toContainText("We then send you an offer");
  await dialog.getByRole("button", { name: "Change my plan" }).click();
  await expect(page.getByText("You successfully changed your payment plan!")).toBeVisible();
  await page.getByTestId("placed-order-link").click();
  await expect(page).toHaveURL(/\/billing\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("order-notice")).toHaveAttribute("data-state", "pending_offer");
});

test("axe: billing, the order page and its dialogs in light/dark × en/fa", async ({ browser, request }) => {
  test.setTimeout(240_000);
  const { token, offered } = await customerWithOrders(request, adminToken, planIds, "orders-axe");
  const problems: string[] = [];
  for (const [theme, language] of [["light", "en"], ["dark", "fa"], ["dark", "en"], ["light", "fa"]] as const) {
    const { context, page } = await signedInPage(browser, token, { theme, language });
    const scan = async (name: string) => {
      for (const problem of await seriousAxeFailures(page)) problems.push(`${theme}/${language} ${name}: ${problem}`);
    };
    await page.goto("/billing");
    await expect(page.getByTestId("order-link").first()).toBeVisible();
    await scan("billing");
    await page.goto(`/billing/orders/${offered}`);
    await expect(page.getByTestId("order-accept")).toBeVisible();
    await scan("order");
    await page.getByTestId("order-accept").click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await scan("accept dialog");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByTestId("order-cancel").click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await scan("cancel dialog");
    await context.close();
  }
  expect(problems).toEqual([]);
});

test("screenshots: billing and an order with an offer in light/dark × en/tr/fa × 1440/390", async ({ browser, request }) => {
  test.setTimeout(300_000);
  const { token, offered } = await customerWithOrders(request, adminToken, planIds, "orders-shots");
  for (const width of [1440, 390]) {
    for (const theme of ["light", "dark"] as const) {
      for (const language of ["en", "tr", "fa"]) {
        const { context, page, errors } = await signedInPage(browser, token, { width, theme, language });
        await page.goto("/billing");
        await expect(page.getByTestId("order-link").first()).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: path.join(shotsDir, `billing-${theme}-${language}-${width}.png`), animations: "disabled", fullPage: true });
        await page.goto(`/billing/orders/${offered}`);
        await expect(page.getByTestId("order-accept")).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: path.join(shotsDir, `order-${theme}-${language}-${width}.png`), animations: "disabled", fullPage: true });
        if (width === 1440 && theme === "light") {
          await page.getByTestId("order-cancel").click();
          await expect(page.getByRole("dialog")).toBeVisible();
          await page.screenshot({ path: path.join(shotsDir, `order-cancel-dialog-${language}.png`), animations: "disabled" });
        }
        expect(errors, "console errors and warnings").toEqual([]);
        await context.close();
      }
    }
  }
});
