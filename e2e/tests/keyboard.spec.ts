import type { Locator, Page } from "@playwright/test";
import { admin, apiLogin, expect, PASSWORD, readyAccount, sidebar, test } from "./support";

/**
 * Everything by keyboard: the login form, the sidebar group and the profile menu, dialogs that keep
 * focus inside and give it back to their trigger, and a focus ring that shows in both schemes.
 */

/** The focused element's outline, as the person sees it. */
async function focusRing(page: Page): Promise<{ tag: string; style: string; width: number }> {
  return page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return { tag: document.activeElement!.tagName, style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
}

/** Buttons and links show the theme's focus ring; text fields show focus by their border (Mantine's own). */
async function expectFocusRing(page: Page): Promise<void> {
  const ring = await focusRing(page);
  if (ring.tag === "INPUT" || ring.tag === "TEXTAREA") return;
  expect(ring.style, `focused ${ring.tag} has an outline`).not.toBe("none");
  expect(ring.width).toBeGreaterThanOrEqual(2);
}

/** Presses Tab until `target` has focus (at most `limit` times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 30): Promise<void> {
  for (let step = 0; step < limit; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

async function signIn(page: Page, token: string, scheme: "light" | "dark" = "light"): Promise<void> {
  await page.goto("/404");
  await page.evaluate(
    ([value, theme]) => {
      localStorage.setItem("token", value!);
      localStorage.setItem("theme", theme!);
      localStorage.setItem("sidebarMinimized", "false");
    },
    [token, scheme],
  );
}

test.describe("keyboard", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  for (const scheme of ["light", "dark"] as const) {
    test(`login form by Tab and Enter, focus visible (${scheme})`, async ({ page }) => {
      await page.goto("/404");
      await page.evaluate((theme) => localStorage.setItem("theme", theme), scheme);
      await page.goto("/auth/login");
      const username = page.getByLabel("Email or username");
      const password = page.getByRole("textbox", { name: "Password", exact: true });
      await tabTo(page, username);
      await page.keyboard.type(admin.email);
      await page.keyboard.press("Tab");
      await expect(password).toBeFocused();
      await page.keyboard.type(admin.password);
      // Every control after the password shows a focus ring.
      for (let step = 0; step < 3; step += 1) {
        await page.keyboard.press("Tab");
        await expectFocusRing(page);
      }
      await password.focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  }

  test("sidebar group and profile menu open with the keyboard; Escape gives focus back", async ({ page, request }) => {
    await signIn(page, await apiLogin(request, admin.email, admin.password), "dark");
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    // The Admin Panel group is a button that toggles its links.
    const group = sidebar(page).getByTestId("admin-panel-group");
    await expect(group).toHaveJSProperty("tagName", "BUTTON");
    await tabTo(page, group, 40);
    await expectFocusRing(page);
    const expanded = await group.getAttribute("aria-expanded");
    await page.keyboard.press("Enter");
    await expect(group).toHaveAttribute("aria-expanded", expanded === "true" ? "false" : "true");
    await page.keyboard.press("Enter");
    await expect(group).toHaveAttribute("aria-expanded", expanded ?? "false");

    // The profile menu: Enter opens it with focus on its first item, arrows move, Escape closes it.
    const profile = page.getByTestId("profile-menu-button");
    await profile.focus();
    await expectFocusRing(page);
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("menuitem").first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem").nth(1)).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(profile).toBeFocused();

    // The notifications popover likewise.
    const bell = page.getByTestId("notifications-button");
    await bell.focus();
    await page.keyboard.press("Enter");
    await expect(bell).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(bell).toHaveAttribute("aria-expanded", "false");
    await expect(bell).toBeFocused();
  });

  test("form and confirm dialogs: opened by keyboard, Tab stays inside, Escape returns focus to the trigger", async ({ page, request }) => {
    const adminToken = await apiLogin(request, admin.email, admin.password);
    const feature = await request.post("/api/v1/features", {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: { name: `Keyboard ${Date.now().toString(36)}${process.pid}`, description: "Keyboard check", price: 10 },
    });
    expect(feature.status(), await feature.text()).toBe(201);
    const featureId = ((await feature.json()) as { data: { id: string } }).data.id;
    const email = await readyAccount(request, "keyboard", "Kira");
    const token = await apiLogin(request, email, PASSWORD);
    const created = await request.post("/api/v1/license-requests", {
      headers: { Authorization: `Bearer ${token}` },
      data: { featureIds: [featureId], quantity: 1 },
    });
    expect(created.status(), await created.text()).toBe(201);

    await signIn(page, token);
    await page.goto("/license-requests");
    const main = page.getByRole("main");

    for (const [trigger, dialogName] of [
      [main.getByRole("button", { name: "Request a licence" }).first(), "Request a licence"],
      [main.getByRole("button", { name: "Cancel request" }).first(), "Cancel this licence request?"],
    ] as const) {
      await expect(trigger).toBeVisible();
      await trigger.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: dialogName });
      await expect(dialog).toBeVisible();
      for (let step = 0; step < 12; step += 1) {
        await page.keyboard.press(step % 4 === 3 ? "Shift+Tab" : "Tab");
        expect(await dialog.evaluate((element) => element.contains(document.activeElement)), `focus inside "${dialogName}" after ${step + 1} Tabs`).toBe(true);
      }
      await expectFocusRing(page);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(trigger).toBeFocused();
    }
  });
});
