import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import { check, failures, openSession, writePartial, type ScreenResult } from "./a11y-support";
import { admin, apiLogin, expect, openAs, PASSWORD, readyAccount, signedInPage, test } from "./support";

/**
 * Issue 28 in the browser: a customer creates an API token in Preferences → API tokens, copies the
 * secret (shown once), calls the API with it, and revokes it; the API then refuses it. Then the
 * screens (list, create dialog, the secret, the empty state, an administrator's view of a user's
 * tokens) in light/dark × en/tr/fa × desktop/phone, and axe in light/dark × en/fa.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const artifacts = path.join(here, "..", "artifacts");
mkdirSync(artifacts, { recursive: true });
/** Where the helper that built these screens looks at them (left out when the variable is unset). */
const notesShots = process.env.API_TOKENS_SHOTS_DIR;
if (notesShots) mkdirSync(notesShots, { recursive: true });

interface Envelope<T> {
  status: "success";
  data: T;
}
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function me(request: APIRequestContext, token: string): Promise<{ id: string; email: string }> {
  const response = await request.get("/api/v1/auth/me", { headers: auth(token) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as Envelope<{ id: string; email: string }>).data;
}

async function createToken(request: APIRequestContext, token: string, body: object): Promise<{ token: { id: string }; secret: string }> {
  const response = await request.post("/api/v1/api-tokens", { headers: auth(token), data: body });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as Envelope<{ token: { id: string }; secret: string }>).data;
}

test.describe("API tokens", () => {
  test("a customer creates a token, copies it, calls the API with it and revokes it", async ({ page, request, context }) => {
    const email = await readyAccount(request, "tokens-journey", "Tülay");
    const session = await apiLogin(request, email, PASSWORD);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);

    await openAs(page, session, "/preferences");
    await page.getByTestId("preferences-api-tokens").click();
    await expect(page).toHaveURL(/\/preferences\/api-tokens$/);
    await expect(page.getByRole("heading", { level: 1, name: "API tokens" })).toBeVisible();
    await expect(page.getByTestId("api-tokens-empty")).toBeVisible();

    await page.getByTestId("api-token-create").click();
    const dialog = page.getByRole("dialog", { name: "Create an API token" });
    await dialog.getByLabel("Name").fill("Build pipeline");
    // A customer is offered no administrator's scope.
    await expect(dialog.getByTestId("api-token-scope-users:write")).toHaveCount(0);
    await dialog.getByTestId("api-token-scope-tickets:write").check();
    await dialog.getByTestId("api-token-submit").click();

    const secretDialog = page.getByRole("dialog", { name: "Copy your new API token" });
    await expect(secretDialog.getByText("This is the only time you will see this token")).toBeVisible();
    const secret = (await secretDialog.getByTestId("api-token-secret").textContent())!.trim();
    expect(secret).toMatch(/^pt_[A-Za-z0-9_-]{43}$/);
    await secretDialog.getByTestId("api-token-copy").click();
    await expect(secretDialog.getByTestId("api-token-copy")).toHaveText("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    // The copied secret is a credential of its own (the test calls only its own server, 127.0.0.1).
    const answer = await request.get("/api/v1/auth/me", { headers: auth(secret) });
    expect(answer.status(), await answer.text()).toBe(200);
    expect(((await answer.json()) as Envelope<{ email: string }>).data.email).toBe(email.toLowerCase());

    await secretDialog.getByTestId("api-token-done").click();
    await expect(secretDialog).toBeHidden();
    const row = page.getByTestId("api-token-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Build pipeline");
    await expect(row).toContainText(`${secret.slice(0, 12)}…`);
    await expect(row).toContainText("tickets:write");
    await expect(row).toHaveAttribute("data-status", "active");
    // Never shown again: not on the page, not in the list's answer.
    await expect(page.getByText(secret)).toHaveCount(0);

    await row.getByTestId("api-token-revoke").click();
    const confirm = page.getByTestId("api-token-revoke-dialog");
    await expect(confirm).toContainText("Build pipeline");
    await page.getByTestId("api-token-revoke-confirm").click();
    await expect(row).toHaveAttribute("data-status", "revoked");
    await expect(row.getByTestId("api-token-revoke")).toHaveCount(0);

    const refused = await request.get("/api/v1/auth/me", { headers: auth(secret) });
    expect(refused.status()).toBe(401);
  });

  test("an administrator sees a user's tokens from the users list and revokes one", async ({ page, request }) => {
    const email = await readyAccount(request, "tokens-owner", "Owen");
    const session = await apiLogin(request, email, PASSWORD);
    await createToken(request, session, { name: "CRM", scopes: ["read"] });
    const adminToken = await apiLogin(request, admin.email, admin.password);

    await openAs(page, adminToken, `/admin/users?q=${encodeURIComponent(email)}`);
    await page.getByTestId("user-actions").first().click();
    await page.getByTestId("user-action-api-tokens").click();
    await expect(page.getByRole("heading", { level: 1, name: /^API tokens of \u2068?Owen User\u2069?$/ })).toBeVisible();
    const row = page.getByTestId("api-token-row");
    await expect(row).toHaveCount(1);
    await row.getByTestId("api-token-revoke").click();
    await page.getByTestId("api-token-revoke-confirm").click();
    await expect(row).toHaveAttribute("data-status", "revoked");
  });

  test("screenshots: list, create dialog, secret shown once, empty state, a user's tokens for an administrator; light/dark × en/tr/fa × desktop/phone; axe", async ({ browser, request }) => {
    test.setTimeout(900_000);
    const adminToken = await apiLogin(request, admin.email, admin.password);
    const ownerEmail = await readyAccount(request, "tokens-shots", "Şebnem");
    const ownerSession = await apiLogin(request, ownerEmail, PASSWORD);
    const owner = await me(request, ownerSession);
    const used = await createToken(request, ownerSession, { name: "Billing sync", scopes: ["read", "licenses:write"] });
    await request.get("/api/v1/licenses", { headers: auth(used.secret) });
    const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await createToken(request, ownerSession, { name: "Support desk integration", scopes: ["read", "tickets:write"], expiresAt: inAMonth });
    const old = await createToken(request, ownerSession, { name: "Old CRM", scopes: ["read"] });
    await request.delete(`/api/v1/api-tokens/${old.token.id}`, { headers: auth(ownerSession) });
    const emptyEmail = await readyAccount(request, "tokens-empty", "Emre");
    const emptySession = await apiLogin(request, emptyEmail, PASSWORD);

    const title = { en: "API tokens", tr: "API belirteçleri", fa: "توکن‌های API" } as const;
    const shoot = async (page: Page, name: string) => {
      await page.evaluate(() => document.fonts.ready);
      const file = `${name}.png`;
      await page.screenshot({ path: path.join(artifacts, file), animations: "disabled", fullPage: true });
      if (notesShots) await page.screenshot({ path: path.join(notesShots, file), animations: "disabled", fullPage: true });
    };
    let made = 0;
    for (const width of [1440, 390]) {
      for (const theme of ["light", "dark"] as const) {
        for (const language of ["en", "tr", "fa"] as const) {
          const at = `${theme}-${language}-${width}`;
          const owned = await signedInPage(browser, ownerSession, { width, theme, language });
          await owned.page.goto("/preferences/api-tokens");
          await expect(owned.page.getByRole("heading", { level: 1, name: title[language] })).toBeVisible();
          await expect(owned.page.getByTestId("api-token-row")).toHaveCount(3 + made, { timeout: 30_000 });
          await shoot(owned.page, `api-tokens-list-${at}`);
          await owned.page.getByTestId("api-token-create").click();
          const form = owned.page.getByTestId("api-token-form");
          await form.getByTestId("api-token-name").fill("Build pipeline");
          await form.getByTestId("api-token-scope-tickets:write").check();
          await shoot(owned.page, `api-tokens-create-${at}`);
          await form.getByTestId("api-token-submit").click();
          await expect(owned.page.getByTestId("api-token-secret")).toBeVisible();
          made += 1;
          await shoot(owned.page, `api-tokens-secret-${at}`);
          await owned.page.getByTestId("api-token-done").click();
          expect(owned.errors, "console errors and warnings").toEqual([]);
          await owned.context.close();

          const empty = await signedInPage(browser, emptySession, { width, theme, language });
          await empty.page.goto("/preferences/api-tokens");
          await expect(empty.page.getByTestId("api-tokens-empty")).toBeVisible({ timeout: 30_000 });
          await shoot(empty.page, `api-tokens-empty-${at}`);
          await empty.context.close();

          const administrator = await signedInPage(browser, adminToken, { width, theme, language });
          await administrator.page.goto(`/admin/users/${owner.id}/api-tokens`);
          await expect(administrator.page.getByTestId("api-token-row")).toHaveCount(3 + made, { timeout: 30_000 });
          await shoot(administrator.page, `api-tokens-admin-user-${at}`);
          if (width === 1440) {
            await administrator.page.goto("/preferences/api-tokens");
            await administrator.page.getByTestId("api-token-create").click();
            await expect(administrator.page.getByTestId("api-token-scope-audit:read")).toBeVisible();
            await shoot(administrator.page, `api-tokens-create-admin-${at}`);
          }
          expect(administrator.errors, "console errors and warnings").toEqual([]);
          await administrator.context.close();
        }
      }
    }

    const results: ScreenResult[] = [];
    for (const scheme of ["light", "dark"] as const) {
      for (const language of ["en", "fa"] as const) {
        const owned = await openSession(browser, "customer", scheme, language, ownerSession);
        await owned.page.goto("/preferences/api-tokens");
        await expect(owned.page.getByTestId("api-token-row").first()).toBeVisible({ timeout: 30_000 });
        await check(owned, "api tokens");
        await owned.page.getByTestId("api-token-create").click();
        await owned.page.getByTestId("api-token-name").fill("Axe");
        await check(owned, "api tokens: create dialog", { withShell: false });
        await owned.page.getByTestId("api-token-submit").click();
        await expect(owned.page.getByTestId("api-token-secret")).toBeVisible();
        await check(owned, "api tokens: secret", { withShell: false });
        await owned.page.getByTestId("api-token-done").click();
        await owned.page.getByTestId("api-token-revoke").first().click();
        await expect(owned.page.getByTestId("api-token-revoke-confirm")).toBeVisible();
        await check(owned, "api tokens: revoke dialog", { withShell: false });
        results.push(...owned.results);
        await owned.context.close();

        const empty = await openSession(browser, "customer", scheme, language, emptySession);
        await empty.page.goto("/preferences/api-tokens");
        await expect(empty.page.getByTestId("api-tokens-empty")).toBeVisible({ timeout: 30_000 });
        await check(empty, "api tokens: empty", { withShell: false });
        results.push(...empty.results);
        await empty.context.close();

        const administrator = await openSession(browser, "admin", scheme, language, adminToken);
        await administrator.page.goto(`/admin/users/${owner.id}/api-tokens`);
        await expect(administrator.page.getByTestId("api-token-row").first()).toBeVisible({ timeout: 30_000 });
        await check(administrator, "admin user api tokens");
        results.push(...administrator.results);
        await administrator.context.close();
      }
    }
    writePartial("api-tokens", results);
    expect(failures(results)).toEqual([]);
  });
});
