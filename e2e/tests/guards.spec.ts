import {
  admin,
  approveThroughApi,
  expect,
  loginThroughUi,
  PASSWORD,
  registerThroughApi,
  sidebar,
  test,
  uniqueEmail,
  verifyEmailThroughApi,
} from "./support";

test.describe("route guards (spec section 6)", () => {
  test("a non-admin opening /admin/users lands on the dashboard", async ({ page, request }) => {
    const email = uniqueEmail("customer");
    await registerThroughApi(request, email, "Casey");
    await approveThroughApi(request, email);
    await verifyEmailThroughApi(request, email);

    await page.goto("/auth/login");
    await loginThroughUi(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Casey" })).toBeVisible();

    // "/" goes to the dashboard, my-licenses to its requests tab.
    await page.goto("/");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/my-licenses");
    await expect(page).toHaveURL(/\/my-licenses\/requests$/);
    await expect(page.getByRole("tab", { name: "My License Requests" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("tab", { name: "My Issued Licenses" }).click();
    await expect(page).toHaveURL(/\/my-licenses\/purchased$/);

    // A logged-in visitor opening an /auth page goes to the dashboard too.
    await page.goto("/auth/signup");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("an anonymous visitor opening /admin/users logs in and comes back to it; every admin entry opens", async ({ page }) => {
    // No failed load is allowed: the MFA authenticator's page asks /mfa/status first and, before the
    // first setup, never asks for a current code (which would be 404 mfa/not_configured).
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/admin/users?q=smith");
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fadmin%2Fusers%3Fq%3Dsmith$/);

    await loginThroughUi(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin\/users\?q=smith$/);
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Admin Panel");

    const group = sidebar(page).getByTestId("admin-panel-group");
    await expect(group).toBeVisible();
    const entries: [label: string, path: string, title: string][] = [
      ["Dashboard", "/admin/dashboard", "Admin dashboard"],
      ["Licence requests", "/admin/license-requests", "Licence requests"],
      ["Orders", "/admin/orders", "Orders"],
      ["Users", "/admin/users", "Users"],
      ["Template plans", "/admin/plans", "Template plans"],
      ["Resolution center", "/admin/resolution-center", "Resolution center"],
      ["Issued licences", "/admin/purchased-licenses", "Issued licences"],
      ["Manage features", "/admin/manage-features", "Manage features"],
      ["Manage services", "/admin/manage-services", "Manage services"],
      ["Log monitor", "/admin/log-monitor", "Log monitor"],
      ["MFA authenticator", "/admin/mfa-authenticator", "MFA authenticator"],
      ["Updates", "/admin/admin-updates", "Updates"],
      ["Webhooks", "/admin/webhooks", "Webhooks"],
      // This server has no SMTP_URL: its mail waits in the outbox.
      ["Outbox", "/admin/outbox", "Outbox"],
    ];
    const adminLinks = sidebar(page).locator(`a[href^="/admin/"]`);
    await expect(adminLinks).toHaveCount(entries.length);
    for (const [index, [label, path, title]] of entries.entries()) {
      const link = adminLinks.nth(index);
      await expect(link).toHaveText(label);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    }
  });

  test("unknown paths go to the dashboard (login first), /auth to login, /404 back to the dashboard", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.goto("/my-licenses");
    await expect(page).toHaveURL(/\/auth\/login$/);

    await page.goto("/404");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to dashboard" }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test("a stale token is dropped and the visitor goes to login", async ({ page, allowFailedRequests }) => {
    allowFailedRequests(/\/api\/v1\/auth\/me$/);
    await page.goto("/auth/login");
    await page.evaluate(() => localStorage.setItem("token", "not-a-real-token"));
    await page.goto("/projects");
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });
});
