import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, startOidcProvider, type TestOidcProvider } from "@portal/test-support/oidc-provider";
import type { Page } from "@playwright/test";
import { check, failures, openSession, writePartial } from "./a11y-support";
import { expect, test } from "./support";

/**
 * Issue 32: single sign-on in Chromium through the identity provider's own login form. The spec
 * starts a real OpenID provider (oidc-provider, its development login form) on 127.0.0.1 and a portal
 * process of its own configured for it (the suite's shared server has no OIDC_ISSUER).
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const serverScript = path.join(here, "..", "..", "apps", "server", "dist", "server.js");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the portal stopped: ${log()}`);
    try {
      const answer = await fetch(url);
      if (answer.ok) {
        const health = (await answer.json()) as { sso?: string };
        if (health.sso === "ok") return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the portal did not become healthy with single sign-on: ${log()}`);
}

/**
 * The provider's development pages ask for a web font from the internet and for a favicon it does
 * not have: the browser gets empty answers instead, so nothing leaves 127.0.0.1 and no failed load
 * reaches the console.
 */
async function keepToLoopback(page: Page): Promise<void> {
  await page.route(
    (url) => url.hostname !== "127.0.0.1" || (url.origin === provider.issuer && url.pathname === "/favicon.ico"),
    (route) => route.fulfill({ status: 200, contentType: "text/plain", body: "" }),
  );
}

let provider: TestOidcProvider;
let portal: ChildProcess;
let portalUrl: string;
let dataDir: string;

test.describe("single sign-on", () => {
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async () => {
    const port = await freePort();
    portalUrl = `http://127.0.0.1:${port}`;
    provider = await startOidcProvider([`${portalUrl}/api/v1/auth/oidc/callback`]);
    dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-e2e-sso-"));
    let output = "";
    portal = spawn(process.execPath, [serverScript], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: portalUrl,
        DATA_DIR: dataDir,
        ADMIN_EMAIL: "sso-admin@example.com",
        ADMIN_PASSWORD: "Sso-admin-pass-1!",
        LOG_LEVEL: "warn",
        AUTH_RATE_LIMIT_PER_MINUTE: "1000",
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID,
        OIDC_CLIENT_SECRET,
        OIDC_DISPLAY_NAME: "Example IdP",
        OIDC_AUTO_APPROVE_DOMAINS: "staff.example.com",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    portal.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    await waitForHealth(`${portalUrl}/api/v1/health`, portal, () => output);
  });

  test.afterAll(async () => {
    if (portal && portal.exitCode === null) {
      const stopped = new Promise((resolve) => portal.once("exit", resolve));
      portal.kill("SIGTERM");
      await stopped;
    }
    await provider?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("a new colleague signs in through the provider's login form and lands where they were going", async ({ page }) => {
    const login = `colleague-${Date.now().toString(36)}`;
    provider.accounts.set(login, { email: `${login}@staff.example.com`, email_verified: true, given_name: "Casey", family_name: "Colleague" });

    await keepToLoopback(page);
    await page.goto(`${portalUrl}/auth/login?redirect=%2Fpreferences`);
    const button = page.getByRole("link", { name: "Sign in with Example IdP" });
    await expect(button).toBeVisible();
    await button.click();

    // The provider's own page.
    await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill("any-password");
    await page.getByRole("button", { name: "Sign-in" }).click();

    // Back at the portal: the one-time code is exchanged and leaves the address bar.
    await expect(page).toHaveURL(`${portalUrl}/preferences`);
    await expect(page.getByTestId("sso-identities")).toContainText(`${login}@staff.example.com`);
    await expect(page.getByTestId("sso-identities")).toContainText(provider.issuer);
  });

  test("axe: the login page with its single sign-on button, and the refusal's toast, in light English and dark Persian", async ({ browser }) => {
    for (const [scheme, language] of [["light", "en"], ["dark", "fa"]] as const) {
      const session = await openSession(browser, "guest", scheme, language);
      try {
        await keepToLoopback(session.page);
        await session.page.goto(`${portalUrl}/auth/login`);
        await expect(session.page.getByTestId("sso-button")).toBeVisible();
        await check(session, "auth/login (single sign-on on)");
        await session.page.goto(`${portalUrl}/auth/login?sso_error=auth%2Fsso_email_unverified`);
        await expect(session.page.locator(".mantine-Notification-root")).toBeVisible();
        await check(session, "auth/login (single sign-on refused)", { withShell: false });
      } finally {
        writePartial(`sso-${scheme}-${language}`, session.results);
        await session.context.close();
      }
      expect(failures(session.results), "serious or critical axe violations").toEqual([]);
    }
  });

  test("screenshots: the login page with its single sign-on button, light/dark × en/tr × 1440/390, and Persian", async ({ browser }) => {
    const artifacts = path.join(here, "..", "artifacts");
    mkdirSync(artifacts, { recursive: true });
    const variants = [
      ...(["light", "dark"] as const).flatMap((theme) => (["en", "tr"] as const).flatMap((language) => [1440, 390].map((width) => ({ theme, language, width })))),
      { theme: "dark" as const, language: "fa" as const, width: 390 },
    ];
    for (const { theme, language, width } of variants) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
      await context.addInitScript(([storedTheme, storedLanguage]) => {
        localStorage.setItem("theme", storedTheme!);
        localStorage.setItem("language", storedLanguage!);
      }, [theme, language]);
      const page = await context.newPage();
      await keepToLoopback(page);
      await page.goto(`${portalUrl}/auth/login`);
      await expect(page.getByTestId("sso-button")).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), "page width").toBeLessThanOrEqual(width);
      await page.screenshot({ path: path.join(artifacts, `sso-login-${theme}-${language}-${width}.png`), animations: "disabled" });
      await context.close();
    }
  });

  test("an address the provider has not verified is refused with a translated message", async ({ page }) => {
    const login = `unverified-${Date.now().toString(36)}`;
    provider.accounts.set(login, { email: `${login}@staff.example.com`, email_verified: false });

    await keepToLoopback(page);
    await page.goto(`${portalUrl}/auth/login`);
    await page.getByRole("link", { name: "Sign in with Example IdP" }).click();
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill("any-password");
    await page.getByRole("button", { name: "Sign-in" }).click();

    await expect(page).toHaveURL(`${portalUrl}/auth/login`);
    await expect(page.getByText("Your identity provider has not verified your e-mail address")).toBeVisible();
  });
});
