import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext } from "@playwright/test";
import { admin, apiLogin, expect, PASSWORD, planBody, readyAccount, registerThroughApi, signedInPage, test, uniqueEmail } from "./support";

/**
 * The customer's and the admin's dashboards with data: figures that lead to their filtered lists,
 * the expiring licence's link, the charts; and screenshots of both in light/dark × en/tr/fa ×
 * 1440/390 px under e2e/artifacts/ for people to look at.
 */
const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "artifacts");
mkdirSync(artifacts, { recursive: true });

interface Envelope<T> {
  data: T;
}

/** A customer with an active licence expiring in 20 days, one not activated, a pending request and an open ticket. */
async function customerWithData(request: APIRequestContext): Promise<{ token: string; activeKey: string; activeId: string }> {
  const asAdmin = { Authorization: `Bearer ${await apiLogin(request, admin.email, admin.password)}` };
  const post = async <T>(url: string, headers: Record<string, string>, data?: unknown): Promise<T> => {
    const response = await request.post(url, { headers, data });
    expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
    return ((await response.json()) as Envelope<T>).data;
  };
  const id = Math.random().toString(36).slice(2, 8);
  const feature = await post<{ id: string }>("/api/v1/features", asAdmin, { name: `Dashboard feature ${id}`, description: "e2e", price: 10 });
  const plan = await post<{ id: string }>("/api/v1/plans", asAdmin, { ...planBody(`Dashboard plan ${id}`, [feature.id], 5000), durationDays: 20 });
  const email = await readyAccount(request, "dash", "Dana");
  const token = await apiLogin(request, email, PASSWORD);
  const asCustomer = { Authorization: `Bearer ${token}` };
  const approved = await post<{ id: string }>("/api/v1/license-requests", asCustomer, { planId: plan.id, quantity: 2 });
  const licenseRequest = await post<{ licenseIds: string[] }>(`/api/v1/license-requests/${approved.id}/approve`, asAdmin);
  await post("/api/v1/license-requests", asCustomer, { planId: plan.id, quantity: 1 });
  await post("/api/v1/tickets", asCustomer, { subject: "Dashboard question", type: "general", priority: "low", message: "Where do I see my licences?" });
  const activeId = licenseRequest.licenseIds[0]!;
  const license = await (await request.get(`/api/v1/licenses/${activeId}`, { headers: asCustomer })).json() as Envelope<{ key: string }>;
  await post("/api/v1/licenses/validate", {}, { key: license.data.key, fingerprint: `e2e-${id}` });
  return { token, activeKey: license.data.key, activeId };
}

test.describe("dashboards", () => {
  test("a customer sees their figures and follows them to the filtered lists and the expiring licence", async ({ browser, request }) => {
    const customer = await customerWithData(request);
    const { context, page, errors } = await signedInPage(browser, customer.token);
    await page.goto("/dashboard");
    await expect(page.getByTestId("figure-active-value")).toHaveText("1");
    await expect(page.getByTestId("figure-notActivated-value")).toHaveText("1");
    await expect(page.getByTestId("figure-expiringIn30Days-value")).toHaveText("1");
    await expect(page.getByTestId("figure-pendingRequests-value")).toHaveText("1");
    await expect(page.getByTestId("figure-open-value")).toHaveText("1");
    await expect(page.getByRole("img", { name: "1 active, 1 not activated, 0 deactivated" })).toBeVisible();
    await expect(page.getByTestId("activity-list").getByRole("link", { name: "Ticket opened" })).toBeVisible();

    await page.getByTestId("figure-pendingRequests").click();
    await expect(page).toHaveURL(/\/my-licenses\/requests\?status=pending/);
    await page.goBack();

    await page.getByTestId("expiring-link").filter({ hasText: customer.activeKey }).click();
    await expect(page).toHaveURL(new RegExp(`/my-licenses/purchased\\?license=${customer.activeId}`));
    await expect(page.getByRole("dialog")).toContainText(customer.activeKey);
    await page.goBack();

    await page.getByTestId("figure-active").click();
    await expect(page).toHaveURL(/\/my-licenses\/purchased\?status=active/);
    await expect(page.getByRole("main").getByText(customer.activeKey)).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a failed sign-in shows on the customer's dashboard as a security event, a settings change as itself", async ({ browser, request }) => {
    const email = await readyAccount(request, "dashsec", "Sam");
    const refused = await request.post("/api/v1/auth/token", { form: { username: email, password: "Not-the-password-1!" } });
    expect(refused.status()).toBe(401);
    const token = await apiLogin(request, email, PASSWORD);
    const saved = await request.put("/api/v1/settings", { headers: { Authorization: `Bearer ${token}` }, data: { tableDensity: "compact" } });
    expect(saved.status(), await saved.text()).toBe(200);
    const { context, page, errors } = await signedInPage(browser, token);
    await page.goto("/dashboard");
    const entries = page.getByTestId("activity-entry");
    await expect(entries.first()).toContainText("Display settings changed");
    const failed = entries.filter({ hasText: "Failed sign-in attempt" });
    await expect(failed).toHaveAttribute("data-security", "true");
    await expect(failed).toContainText("Security event:");
    await expect(page.getByTestId("activity-list")).not.toContainText("Account activity");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("an administrator sees the portal's figures and charts, each figure a link to its list", async ({ browser, request }) => {
    await registerThroughApi(request, uniqueEmail("pending"), "Pat");
    const token = await apiLogin(request, admin.email, admin.password);
    const { context, page, errors } = await signedInPage(browser, token);
    await page.goto("/admin/dashboard");
    await expect(page.getByTestId("admin-figure-pendingUsers-value")).not.toHaveText("0");
    await expect(page.getByRole("img", { name: /licences issued in the last 12 months/ })).toBeVisible();
    await expect(page.getByTestId("issued-chart").locator("rect")).toHaveCount(12);
    // No validation counted yet (other journeys run meanwhile): the chart says so instead of drawing empty bars.
    const validations = page.getByTestId("validations-chart");
    await expect(validations).toBeVisible();
    if ((await validations.getAttribute("data-empty")) === null) {
      await expect(page.getByRole("img", { name: /validations in the last 30 days/ })).toBeVisible();
      await expect(validations.locator("rect")).toHaveCount(30);
    } else {
      await expect(validations).toHaveText("No data yet: no licence has been validated in the last 30 days.");
    }
    await expect(page.getByTestId("live-hint")).toHaveText(/^Live installations: installations that have not been released/);
    await page.getByTestId("admin-figure-pendingUsers").click();
    await expect(page).toHaveURL(/\/admin\/users\?status=pending/);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const width of [1440, 390] as const) {
    test(`screenshots of both dashboards at ${width}px in light/dark × en/tr/fa`, async ({ browser, request }) => {
      test.setTimeout(180_000);
      const customer = await customerWithData(request);
      const adminToken = await apiLogin(request, admin.email, admin.password);
      for (const theme of ["light", "dark"] as const) {
        for (const language of ["en", "tr", "fa"] as const) {
          for (const [name, token, url, ready] of [
            ["dashboard", customer.token, "/dashboard", "figure-active-value"],
            ["admin-dashboard", adminToken, "/admin/dashboard", "admin-figure-pendingUsers-value"],
          ] as const) {
            const { context, page, errors } = await signedInPage(browser, token, { width, theme, language });
            await page.goto(url);
            await expect(page.getByTestId(ready)).toBeVisible();
            await expect(page.locator("html")).toHaveAttribute("dir", language === "fa" ? "rtl" : "ltr");
            await page.evaluate(() => document.fonts.ready);
            await page.screenshot({ path: path.join(artifacts, `${name}-data-${theme}-${language}-${width}.png`), animations: "disabled", fullPage: true });
            expect(errors, `${name} ${theme} ${language}`).toEqual([]);
            await context.close();
          }
        }
      }
    });
  }
});
