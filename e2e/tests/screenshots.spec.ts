import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { admin, apiLogin, expect, PASSWORD, readyAccount, screenshotPage, signedInPage, test } from "./support";

/**
 * Login, sign-up and dashboard in light/dark × en/tr/fa × 1440px/390px, written to e2e/artifacts/
 * for people to look at (spec sections 2 and 9: layouts, right-to-left Persian, phone widths).
 */
const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "artifacts");
mkdirSync(artifacts, { recursive: true });

const themes = ["light", "dark"] as const;
const languages = ["en", "tr", "fa"] as const;
const widths = [1440, 390] as const;

const headings: Record<(typeof languages)[number], { login: string; signup: string; dashboard: string }> = {
  en: { login: "Log in", signup: "Create an account", dashboard: "Welcome back" },
  tr: { login: "Giriş yap", signup: "Hesap oluşturun", dashboard: "Tekrar hoş geldiniz" },
  fa: { login: "ورود", signup: "ایجاد حساب کاربری", dashboard: "خوش برگشتید" },
};

test.describe("screenshots", () => {
  let token = "";

  test.beforeAll(async ({ request }) => {
    token = await apiLogin(request, admin.email, admin.password);
  });

  for (const width of widths) {
    test(`login, sign-up and dashboard at ${width}px in light/dark × en/tr/fa`, async ({ browser }) => {
      // 18 page loads: the default minute ran out on a loaded machine (load 25, 61 s).
      test.setTimeout(180_000);
      // One browser context per width: its cache makes the 18 page loads quick.
      const context = await browser.newContext({
        viewport: { width, height: width > 600 ? 900 : 844 },
        deviceScaleFactor: 1,
        reducedMotion: "reduce",
        ...(width < 600 ? { isMobile: true, hasTouch: true } : {}),
      });
      const consoleErrors: string[] = [];
      const page = await context.newPage();
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning") consoleErrors.push(message.text());
      });
      page.on("pageerror", (error) => consoleErrors.push(error.message));
      await page.goto("/404");

      for (const theme of themes) {
        for (const language of languages) {
          const shoot = async (name: string) => {
            await page.evaluate(() => document.fonts.ready);
            await page.screenshot({ path: path.join(artifacts, `${name}-${theme}-${language}-${width}.png`), animations: "disabled" });
          };
          await page.evaluate(
            ([storedTheme, storedLanguage]) => {
              localStorage.clear();
              localStorage.setItem("theme", storedTheme);
              localStorage.setItem("language", storedLanguage);
            },
            [theme, language] as const,
          );

          await page.goto("/auth/login");
          await expect(page.getByRole("heading", { level: 1, name: headings[language].login })).toBeVisible();
          await expect(page.locator("html")).toHaveAttribute("dir", language === "fa" ? "rtl" : "ltr");
          await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", theme);
          await shoot("login");

          await page.goto("/auth/signup");
          await expect(page.getByRole("heading", { level: 1, name: headings[language].signup })).toBeVisible();
          await shoot("signup");

          await page.evaluate((value) => localStorage.setItem("token", value), token);
          await page.goto("/dashboard");
          await expect(page.getByRole("heading", { level: 1, name: new RegExp(headings[language].dashboard) })).toBeVisible();
          await shoot("dashboard");
        }
      }

      expect(consoleErrors, "console errors and warnings").toEqual([]);
      await context.close();
    });
  }

  for (const width of widths) {
    test(`settings and billing at ${width}px in light/dark × en/tr/fa`, async ({ browser, request }) => {
      test.setTimeout(180_000);
      // A customer who never saved settings: the theme and language this browser stores are the ones shown.
      const customer = await apiLogin(request, await readyAccount(request, `shots-settings-${width}`), PASSWORD);
      const { context, page, errors } = await screenshotPage(browser, width);
      await page.goto("/404");
      const titles = {
        en: { settings: "Settings", billing: "Orders and invoices" },
        tr: { settings: "Ayarlar", billing: "Siparişler ve faturalar" },
        fa: { settings: "تنظیمات", billing: "سفارش‌ها و صورت‌حساب‌ها" },
      } satisfies Record<(typeof languages)[number], Record<string, string>>;
      for (const theme of themes) {
        for (const language of languages) {
          await page.evaluate(
            ([storedTheme, storedLanguage, storedToken]) => {
              localStorage.clear();
              localStorage.setItem("theme", storedTheme);
              localStorage.setItem("language", storedLanguage);
              localStorage.setItem("token", storedToken);
            },
            [theme, language, customer] as const,
          );
          for (const screen of ["settings", "billing"] as const) {
            await page.goto(`/${screen}`);
            await expect(page.getByRole("heading", { level: 1, name: titles[language][screen] })).toBeVisible();
            await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", theme);
            if (screen === "settings") await expect(page.getByTestId("settings-save-state")).toBeVisible();
            await page.evaluate(() => document.fonts.ready);
            await page.screenshot({ path: path.join(artifacts, `${screen}-${theme}-${language}-${width}.png`), animations: "disabled", fullPage: true });
          }
        }
      }
      expect(errors, "console errors and warnings").toEqual([]);
      await context.close();
    });
  }
});

test.describe("screenshots: log monitor", () => {
  const titles: Record<(typeof languages)[number], string> = { en: "Log monitor", tr: "Kayıt izleyici", fa: "پایش گزارش‌ها" };

  for (const width of widths) {
    test(`log monitor at ${width}px in light/dark × en/tr/fa, with its event drawer`, async ({ browser, request }) => {
      test.setTimeout(180_000);
      const token = await apiLogin(request, admin.email, admin.password);
      // A refused login, so the list shows a failure beside the successes.
      await request.post("/api/v1/auth/token", { form: { username: "nobody@example.com", password: "Wrong-pass-1!" } });
      for (const theme of themes) {
        for (const language of languages) {
          const session = await signedInPage(browser, token, { width, theme, language });
          const { page } = session;
          const shoot = async (name: string) => {
            await page.evaluate(() => document.fonts.ready);
            // The page never scrolls sideways on a phone: the table scrolls inside its own box.
            expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} page width`).toBeLessThanOrEqual(width);
            await page.screenshot({ path: path.join(artifacts, `${name}-${theme}-${language}-${width}.png`), animations: "disabled" });
          };
          await page.goto("/admin/log-monitor");
          await expect(page.getByRole("heading", { level: 1, name: titles[language] })).toBeVisible();
          await expect(page.locator("html")).toHaveAttribute("dir", language === "fa" ? "rtl" : "ltr");
          await expect(page.getByTestId("audit-table").locator("tbody tr[data-row-id]").first()).toBeVisible();
          await shoot("log-monitor");
          await page.getByTestId("audit-details").first().click();
          await expect(page.getByTestId("audit-event-drawer")).toBeVisible();
          await shoot("log-monitor-drawer");
          expect(session.errors, "console errors and warnings").toEqual([]);
          await session.context.close();
        }
      }
    });
  }
});
