import type { Page } from "@playwright/test";
import { admin, apiLogin, expect, PASSWORD, planBody, readyAccount, signedInPage, test } from "./support";

/** Issue 25 items 11–12 where only a browser shows them: the pricing carousel's layout and language. */
const tag = `${Date.now().toString(36)}${process.pid.toString(36)}`;

async function customerWithCustomPlan(request: Parameters<typeof apiLogin>[0]): Promise<string> {
  const adminToken = await apiLogin(request, admin.email, admin.password);
  const asAdmin = { Authorization: `Bearer ${adminToken}` };
  const featureIds: string[] = [];
  for (const name of ["Access", "Logs", "Guest Wi-Fi", "Posture", "Reports"]) {
    const feature = await request.post("/api/v1/features", { headers: asAdmin, data: { name: `${name} ${tag}`, description: "Identity-based access.", price: 120 } });
    expect(feature.status(), await feature.text()).toBe(201);
    featureIds.push(((await feature.json()) as { data: { id: string } }).data.id);
  }
  // A plan card taller than the custom-plan card (five features listed), as a phone must not stretch the short one to.
  const plan = await request.post("/api/v1/plans", { headers: asAdmin, data: planBody(`Layout plan ${tag}`, featureIds, 10) });
  expect(plan.status(), await plan.text()).toBe(201);
  // More plans than the carousel's first page (12), as in a full run: the custom card comes after them all.
  const offered = await request.get("/api/v1/plans", { headers: asAdmin, params: { active: "true", pageSize: 1 } });
  const { total } = ((await offered.json()) as { data: { total: number } }).data;
  for (let index = total; index < 14; index += 1) {
    const filler = await request.post("/api/v1/plans", { headers: asAdmin, data: planBody(`Filler ${index} ${tag}`, featureIds.slice(0, 1), 20 + index) });
    expect(filler.status(), await filler.text()).toBe(201);
  }
  const email = await readyAccount(request, "pricing-layout", "Lale");
  const token = await apiLogin(request, email, PASSWORD);
  const custom = await request.post("/api/v1/plans/custom", { headers: { Authorization: `Bearer ${token}` }, data: { featureIds: featureIds.slice(0, 1) } });
  expect(custom.status(), await custom.text()).toBeLessThan(300);
  return token;
}

const customCard = (page: Page) => page.getByTestId("custom-plan-card");

test.describe("pricing plans layout", () => {
  let token = "";
  test.beforeAll(async ({ request }) => {
    token = await customerWithCustomPlan(request);
  });

  for (const language of ["en", "tr"]) {
    test(`the current-plan badge shows its whole text on the custom-plan card at 1440px (${language})`, async ({ browser }) => {
      const { context, page } = await signedInPage(browser, token, { width: 1440, language });
      await page.goto("/pricing-plans");
      const label = customCard(page).getByTestId("current-plan-badge").locator(".mantine-Badge-label");
      await expect(label).toBeInViewport();
      const cut = await label.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(cut).toBeLessThanOrEqual(0);
      await context.close();
    });
  }

  test("on a phone the custom-plan card has no empty band, and the carousel is as tall as the card in view", async ({ browser }) => {
    const { context, page } = await signedInPage(browser, token, { width: 390 });
    await page.goto("/pricing-plans");
    const card = customCard(page);
    await expect(card).toBeInViewport();
    // No empty band inside: every block of the card is as tall as its text (the description used to
    // grow to fill a card stretched to the tallest plan's height).
    const band = await card.evaluate((element) =>
      Math.max(
        ...[...element.querySelectorAll("p")].map((block) => {
          const range = document.createRange();
          range.selectNodeContents(block);
          return block.getBoundingClientRect().height - range.getBoundingClientRect().height;
        }),
      ),
    );
    expect(band).toBeLessThan(8);
    const planCard = await page.getByTestId("plan-card").first().boundingBox();
    expect((await card.boundingBox())!.height).toBeLessThan(planCard!.height - 40);
    const [cardBox, viewport] = await Promise.all([card.boundingBox(), page.locator(".mantine-Carousel-viewport").boundingBox()]);
    expect(viewport!.height - cardBox!.height).toBeLessThan(8);
    await context.close();
  });

  test("the carousel announces and names its slides in the interface language", async ({ browser }) => {
    for (const [language, status] of [
      ["tr", /^Plan \d+ \/ \d+$/],
      ["fa", /^طرح [۰-۹]+ از [۰-۹]+$/],
    ] as const) {
      const { context, page } = await signedInPage(browser, token, { width: 1440, language });
      await page.goto("/pricing-plans");
      const carousel = page.getByTestId("pricing-carousel");
      await expect(customCard(page)).toBeVisible();
      // Mantine's "Slide 3 of 3" is out of the accessibility tree; the page's own status speaks the language.
      await expect(page.getByRole("status").filter({ hasText: /Slide/ })).toHaveCount(0);
      await expect(page.getByTestId("pricing-carousel-status")).toHaveText(status);
      await expect(carousel.getByRole("tablist")).not.toHaveAttribute("aria-label", "Slides");
      await expect(carousel.getByRole("group").first()).not.toHaveAttribute("aria-label", "Carousel slide");
      await context.close();
    }
  });
});
