import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { admin, apiLogin, expect, readyAccount, signedInPage, test } from "./support";

const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "artifacts");
mkdirSync(artifacts, { recursive: true });

/** A refused login whose user agent carries `marker`: the log records it as a failure, findable by text. */
async function failLogin(request: APIRequestContext, marker: string, suffix = ""): Promise<void> {
  const response = await request.post("/api/v1/auth/token", {
    form: { username: `${marker}@example.com`, password: "Not-the-password-1!" },
    headers: { "user-agent": `E2E ${marker}${suffix}` },
  });
  expect(response.status()).toBe(401);
}

async function listedIds(request: APIRequestContext, token: string, query: Record<string, string>): Promise<string[]> {
  const response = await request.get("/api/v1/audit-events", { params: { ...query, pageSize: "100" }, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { items: { id: string }[] } }).data.items.map((item) => item.id);
}

const rows = (page: Page) => page.getByTestId("audit-table").locator("tbody tr[data-row-id]");

test.describe("log monitor", () => {
  test("an admin filters the log, exports exactly the filtered rows, opens one and follows new events live", async ({ browser, request }) => {
    test.setTimeout(120_000);
    const token = await apiLogin(request, admin.email, admin.password);
    const marker = `lm${Date.now().toString(36)}`;
    // One user agent a CSV must quote (comma, quotes) and one a spreadsheet would run as a formula.
    await failLogin(request, marker, ', "quoted"');
    await failLogin(request, marker);
    await failLogin(request, marker, " =1+1");

    const session = await signedInPage(browser, token);
    const { page } = session;
    await page.goto("/admin/log-monitor");
    await expect(page.getByRole("heading", { level: 1, name: "Log monitor" })).toBeVisible();
    await page.getByTestId("audit-search").fill(marker);
    await expect(rows(page)).toHaveCount(3);
    await page.getByTestId("audit-filter-outcome").getByText("Failure", { exact: true }).click();
    await expect(page).toHaveURL(/outcome=failure/);
    await expect(rows(page)).toHaveCount(3);
    await expect(rows(page).first().getByTestId("audit-action")).toHaveText("Failed sign-in");
    await expect(rows(page).first().getByTestId("audit-outcome")).toHaveText("Failure");
    await page.getByTestId("audit-filter-outcome").getByText("Success", { exact: true }).click();
    await expect(page.getByTestId("data-table-empty")).toBeVisible();
    await page.getByTestId("audit-filter-outcome").getByText("Failure", { exact: true }).click();
    await expect(rows(page)).toHaveCount(3);

    // The export holds exactly the rows the filters select, in the same order.
    const expected = await listedIds(request, token, { q: marker, outcome: "failure" });
    expect(expected).toHaveLength(3);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("audit-export").click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const records = parse(readFileSync((await download.path())!, "utf8"), { columns: true }) as Record<string, string>[];
    expect(records.map((record) => record.id)).toEqual(expected);
    expect(records.map((record) => record.userAgent).sort()).toEqual([`E2E ${marker} =1+1`, `E2E ${marker}`, `E2E ${marker}, "quoted"`].sort());
    expect(records.every((record) => record.outcome === "failure" && record.action === "auth.login_failed")).toBe(true);

    // Details open in a drawer as indented JSON.
    await rows(page).first().getByTestId("audit-details").click();
    await expect(page.getByTestId("audit-event-details")).toContainText('"reason": "unknown_user"');
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("audit-event-drawer")).toBeHidden();

    // Live follow: an event caused elsewhere appears on top without a reload.
    await page.getByTestId("audit-live-toggle").check();
    await expect(page.getByTestId("audit-live-status")).toHaveText("Following new events");
    await failLogin(request, marker, " live");
    await expect(rows(page)).toHaveCount(4);
    await expect(rows(page).first()).toContainText(`E2E ${marker} live`);

    // Turned off, it stops: the next one shows only after a reload.
    await page.getByTestId("audit-live-toggle").uncheck();
    await failLogin(request, marker, " after");
    await page.waitForTimeout(2500);
    await expect(rows(page)).toHaveCount(4);
    await page.reload();
    await expect(rows(page)).toHaveCount(5);
    expect(session.errors, "console errors").toEqual([]);
    await session.context.close();
  });

  test("an event names its target, which links to its admin page, in the viewer's language", async ({ browser, request }) => {
    const token = await apiLogin(request, admin.email, admin.password);
    const customer = await readyAccount(request, "lmtarget");
    const marker = `lt${Date.now().toString(36)}`;
    const refused = await request.post("/api/v1/auth/token", { form: { username: customer, password: "Not-the-password-1!" }, headers: { "user-agent": `E2E ${marker}` } });
    expect(refused.status()).toBe(401);

    const session = await signedInPage(browser, token, { language: "tr" });
    const { page } = session;
    await page.goto(`/admin/log-monitor?q=${marker}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).getByTestId("audit-action")).toHaveText("Başarısız oturum açma");
    await expect(rows(page).getByTestId("audit-target")).toContainText("Kullanıcı");
    const link = rows(page).getByTestId("audit-target-link");
    await expect(link).toHaveText(customer);
    await link.click();
    await expect(page).toHaveURL(/\/admin\/users\?q=/);
    const users = page.getByTestId("users-table").locator("tbody tr[data-row-id]");
    await expect(users).toHaveCount(1);
    await expect(users).toContainText(customer);
    expect(session.errors, "console errors").toEqual([]);
    await session.context.close();
  });
});
