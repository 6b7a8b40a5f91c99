import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import { admin, apiLogin, expect, PASSWORD, readyAccount, screenshotPage, test } from "./support";

/**
 * The list screens built on components/list-screen (features, services, projects, admin plans,
 * users), each as a list and with its modal open (the edit form, or the confirmation where there is
 * no form), in light/dark × en/tr × 1440px/390px, written to e2e/artifacts/list-*.png for people to
 * look at.
 */
const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "artifacts");
mkdirSync(artifacts, { recursive: true });

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const tag = `${Date.now().toString(36)}${process.pid.toString(36)}`;

async function create(request: APIRequestContext, token: string, resource: string, data: Record<string, unknown>): Promise<{ id: string }> {
  const response = await request.post(`/api/v1/${resource}`, { headers: auth(token), data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data;
}

interface Screen {
  name: string;
  route: string;
  token: string;
  /** Opens the screen's modal. */
  open: (page: Page) => Promise<void>;
}

const firstRow = (page: Page) => page.locator("tbody tr").first();

test.describe("list screen screenshots", () => {
  // 40 page loads and 40 modals per width on a machine shared by several test runs.
  test.describe.configure({ timeout: 480_000 });

  let adminToken = "";
  let customerToken = "";

  test.beforeAll(async ({ request }) => {
    adminToken = await apiLogin(request, admin.email, admin.password);
    const feature = await create(request, adminToken, "features", { name: `Network Access Control ${tag}`, description: "Identity-based access for wired and wireless networks.", price: 499 });
    await create(request, adminToken, "features", { name: `Log Management ${tag}`, description: "", price: 129.5 });
    const service = await create(request, adminToken, "services", { name: `Installation ${tag}`, description: "On-site or remote installation by our engineers." });
    await create(request, adminToken, "plans", {
      name: `Starter ${tag}`,
      description: "One product for a single site.",
      price: 499,
      currency: "USD",
      billingPeriod: "yearly",
      durationDays: 365,
      maxActivations: 1,
      featureIds: [feature.id],
      serviceIds: [service.id],
    });
    const email = await readyAccount(request, "list-shots", "Deniz");
    customerToken = await apiLogin(request, email, PASSWORD);
    await create(request, customerToken, "projects", { name: "Istanbul HQ", description: "Network access control for the head office" });
    await create(request, customerToken, "projects", { name: "Izmir branch" });
  });

  for (const width of [1440, 390]) {
    test(`features, services, projects, plans and users: list and modal at ${width}px in light/dark × en/tr`, async ({ browser }) => {
      const editFirst = async (page: Page) => {
        await firstRow(page).getByRole("button").first().click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await expect(page.getByRole("dialog").getByRole("textbox").first()).not.toHaveValue("");
      };
      const screens: Screen[] = [
        { name: "features", route: `/admin/manage-features?q=${tag}`, token: adminToken, open: editFirst },
        { name: "services", route: `/admin/manage-services?q=${tag}`, token: adminToken, open: editFirst },
        { name: "projects", route: "/projects", token: customerToken, open: editFirst },
        {
          name: "plans",
          route: `/admin/plans?q=${tag}`,
          token: adminToken,
          open: async (page) => {
            await firstRow(page).getByRole("button").last().click();
            await expect(page.getByRole("dialog")).toBeVisible();
          },
        },
        {
          name: "users",
          route: "/admin/users",
          token: adminToken,
          open: async (page) => {
            await page.getByTestId("user-actions").first().click();
            await page.getByRole("menuitem").first().click();
            await expect(page.getByRole("dialog")).toBeVisible();
          },
        },
      ];

      const { context, page, errors } = await screenshotPage(browser, width);
      await page.goto("/404");
      for (const theme of ["light", "dark"]) {
        for (const language of ["en", "tr"]) {
          for (const screen of screens) {
            await page.evaluate(
              ([token, storedLanguage, storedTheme]) => {
                localStorage.setItem("token", token);
                localStorage.setItem("language", storedLanguage);
                localStorage.setItem("theme", storedTheme);
              },
              [screen.token, language, theme] as const,
            );
            await page.goto(screen.route);
            await expect(page.locator("html")).toHaveAttribute("lang", language);
            await expect(firstRow(page)).toBeVisible();
            await expect(page.getByTestId("data-table-skeleton")).toHaveCount(0);
            await page.evaluate(() => document.fonts.ready);
            const file = (suffix: string) => path.join(artifacts, `list-${screen.name}${suffix}-${theme}-${language}-${width}.png`);
            await page.screenshot({ path: file(""), fullPage: true, animations: "disabled" });
            await screen.open(page);
            await page.screenshot({ path: file("-modal"), animations: "disabled" });
            await page.keyboard.press("Escape");
            await expect(page.getByRole("dialog")).toHaveCount(0);
          }
        }
      }
      expect(errors, "console errors and warnings").toEqual([]);
      await context.close();
    });
  }
});

test.describe("lists on a phone", () => {
  test("rows are cards: status, priority and the row's actions are in sight, with no sideways scroll", async ({ browser, request }) => {
    const adminToken = await apiLogin(request, admin.email, admin.password);
    const email = await readyAccount(request, "list-phone", "Pia");
    const customerToken = await apiLogin(request, email, PASSWORD);
    const ticket = await create(request, customerToken, "tickets", { subject: `Phone cards ${tag}`, type: "technical", priority: "high", message: "The installer stops." });
    expect(ticket.id).toBeTruthy();

    const { context, page, errors } = await screenshotPage(browser, 390);
    await page.goto("/404");
    await page.evaluate((token) => localStorage.setItem("token", token), adminToken);
    for (const route of [`/admin/resolution-center?q=${tag}`, `/admin/users?q=${encodeURIComponent(email)}`, "/admin/plans"]) {
      await page.goto(route);
      await expect(firstRow(page)).toBeVisible();
      await expect(page.getByTestId("data-table-skeleton")).toHaveCount(0);
      // Nothing of the table lies past the screen's edge: no column waits behind a sideways scroll.
      const overflow = await page.locator("table").evaluate((table) => {
        const scroller = table.closest(".mantine-Table-scrollContainer") ?? table.parentElement!;
        return scroller.scrollWidth - scroller.clientWidth;
      });
      expect(overflow, route).toBeLessThanOrEqual(1);
      for (const cell of await firstRow(page).locator("td").all()) {
        const box = (await cell.boundingBox())!;
        expect(box.x, route).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, route).toBeLessThanOrEqual(390);
      }
    }
    // The ticket's status and priority, by their column names, in the card.
    await page.goto(`/admin/resolution-center?q=${tag}`);
    // The list answers from its cache first and then from the server: wait for the server's rows.
    await expect(page.getByTestId("data-table-skeleton")).toHaveCount(0);
    const card = page.locator("tbody tr").filter({ hasText: `Phone cards ${tag}` });
    await expect(card).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByTestId("ticket-status")).toBeInViewport();
    await expect(card.getByText("Priority")).toBeVisible();
    await expect(card.getByText("High")).toBeInViewport();
    expect(errors, "console errors and warnings").toEqual([]);
    await context.close();
  });
});
