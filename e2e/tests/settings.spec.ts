import type { Page } from "@playwright/test";
import { apiLogin, expect, loginThroughUi, PASSWORD, readyAccount, test } from "./support";

/**
 * Settings follow the account: chosen on one device, they are applied when the user logs in on
 * another (a fresh browser context), with every time shown in the chosen zone.
 */

const zone = "Asia/Tokyo";

/** The full date and time the thread shows for `iso`, as Intl in this browser writes it in `timeZone`. */
function expectedStamp(page: Page, iso: string, language: string, timeZone: string) {
  return page.evaluate(
    ([instant, lang, tz]) => new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "medium", timeZone: tz }).format(new Date(instant!)),
    [iso, language, timeZone] as const,
  );
}

test("settings chosen on one device are applied at login on another", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const email = await readyAccount(request, "settings");
  const token = await apiLogin(request, email, PASSWORD);
  const created = await request.post("/api/v1/tickets", {
    headers: { Authorization: `Bearer ${token}` },
    data: { subject: "When was this written?", type: "general", priority: "low", message: "A message with a time." },
  });
  expect(created.status(), await created.text()).toBe(201);
  const ticket = ((await created.json()) as { data: { id: string } }).data;
  await request.post("/api/v1/auth/logout", { headers: { Authorization: `Bearer ${token}` } });

  // Device one: English and light, as a first visit is.
  const first = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await first.newPage();
  await page.goto("/auth/login");
  await loginThroughUi(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");

  // Each change applies at once.
  await page.getByTestId("settings-theme").getByText("Dark", { exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  await page.getByTestId("settings-density").getByText("Compact", { exact: true }).click();
  // The switch shows the cached settings, which a save changes after cancelling the settings query
  // (an await): its state follows the click a moment later, which check() refuses, so click and wait.
  const collapsed = page.getByRole("switch", { name: "Start with the sidebar collapsed" });
  await collapsed.click();
  await expect(collapsed).toBeChecked();
  await expect(page.getByTestId("sidebar")).toHaveAttribute("data-minimized", "true");
  await page.getByRole("combobox", { name: "Time zone" }).fill("Tokyo");
  await page.getByRole("option", { name: /Asia\/Tokyo/ }).click();
  await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue(/\(UTC\+09:00\) Asia\/Tokyo/);
  await page.getByRole("combobox", { name: "Language" }).click();
  await page.getByRole("option", { name: "Türkçe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ayarlar" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "tr");
  await expect(page.getByTestId("settings-save-state")).toHaveText("Değişiklikler otomatik olarak kaydedilir");

  // Saved on the server.
  const check = await apiLogin(request, email, PASSWORD);
  const stored = await request.get("/api/v1/settings", { headers: { Authorization: `Bearer ${check}` } });
  expect(((await stored.json()) as { data: unknown }).data).toEqual({ theme: "dark", language: "tr", sidebarCollapsed: true, tableDensity: "compact", timeZone: zone });
  await request.post("/api/v1/auth/logout", { headers: { Authorization: `Bearer ${check}` } });

  await page.getByRole("button", { name: "Profil menüsünü aç" }).click();
  await page.getByTestId("logout").click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await first.close();

  // Device two: nothing stored, so the login page is English and light; the login brings the rest.
  const second = await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: "America/New_York" });
  const other = await second.newPage();
  await other.goto("/auth/login");
  await expect(other.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
  await loginThroughUi(other, email, PASSWORD);
  await expect(other.getByRole("heading", { level: 1, name: /Tekrar hoş geldiniz/ })).toBeVisible();
  await expect(other.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  await expect(other.locator("html")).toHaveAttribute("lang", "tr");
  await expect(other.getByTestId("sidebar")).toHaveAttribute("data-minimized", "true");

  // Lists in compact rows.
  await other.goto("/my-tickets");
  await expect(other.locator("table[data-density]").first()).toHaveAttribute("data-density", "compact");

  // The thread's time in Tokyo, not in this browser's New York.
  await other.goto(`/my-tickets/${ticket.id}`);
  const stamp = other.locator("time[title]").first();
  await expect(stamp).toBeVisible();
  const iso = (await stamp.getAttribute("datetime"))!;
  const tokyo = await expectedStamp(other, iso, "tr", zone);
  expect(tokyo).not.toBe(await expectedStamp(other, iso, "tr", "America/New_York"));
  await expect(stamp).toHaveAttribute("title", tokyo);

  // A reload paints with them before the server answers again.
  await other.reload();
  await expect(other.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  expect(await other.evaluate(() => [localStorage.getItem("theme"), localStorage.getItem("language"), JSON.parse(localStorage.getItem("settings")!)])).toEqual([
    "dark",
    "tr",
    { tableDensity: "compact", timeZone: zone, sidebarCollapsed: true },
  ]);
  await second.close();
});

test("an unknown time zone is refused with 422 naming the field", async ({ request }) => {
  const email = await readyAccount(request, "settings-zone");
  const token = await apiLogin(request, email, PASSWORD);
  const response = await request.put("/api/v1/settings", { headers: { Authorization: `Bearer ${token}` }, data: { timeZone: "Mars/Olympus_Mons" } });
  expect(response.status()).toBe(422);
  expect(JSON.stringify(await response.json())).toContain("timeZone");
});

test("billing lists the orders (none yet: how to order) and says how payment works", async ({ browser, request }) => {
  const email = await readyAccount(request, "billing");
  const token = await apiLogin(request, email, PASSWORD);
  for (const [language, texts] of [
    ["en", { empty: "No orders yet", hours: "9:00", tax: "10% VAT" }],
    ["tr", { empty: "Henüz sipariş yok", hours: "9:00", tax: "%20 KDV" }],
  ] as const) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto("/404");
    await page.evaluate(([value, lang]) => (localStorage.setItem("token", value!), localStorage.setItem("language", lang!)), [token, language] as const);
    await page.goto("/billing");
    await expect(page.getByTestId("data-table-empty")).toContainText(texts.empty);
    await expect(page.getByTestId("enterprise-payment")).toContainText(texts.hours);
    await expect(page.getByTestId("tax-info")).toContainText(texts.tax);
    await page.getByTestId("enterprise-payment").getByRole("link").click();
    await expect(page).toHaveURL(/\/create-new-ticket$/);
    await context.close();
  }
});
