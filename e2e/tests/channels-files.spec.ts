import { createDecipheriv, createHash } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { check, failures, openSession, writePartial, type Language, type Scheme, type ScreenResult } from "./a11y-support";
import {
  admin,
  apiLogin,
  expect,
  issuedLicenseThroughApi,
  nextUpdateVersion,
  PASSWORD,
  publishUpdateThroughApi,
  readyAccount,
  reqFile,
  signedInPage,
  test,
  uploadUpdateThroughApi,
} from "./support";

/**
 * Issue 30 in the browser: an administrator publishes an update on the beta channel that needs a
 * feature the customer's licence lacks (the wizard's change log step) and yanks another one (with its
 * confirmation); the customer's update history shows the first as "Not offered" with both reasons and
 * the second as "Withdrawn"; the customer downloads an encrypted licence file from the licence drawer
 * (decrypted here with the licence key, as Keygen's verifiers do) and a machine file. Then
 * screenshots of the screens issue 30 touched.
 */

const shotsDir = process.env.PORTAL_SHOTS_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "artifacts");
mkdirSync(shotsDir, { recursive: true });

type Envelope<T> = { status: string; data: T };
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Keygen's scheme (API.md "Encrypted licence files"): the armoured body is base64 of {enc, sig, alg}; enc = ciphertext.iv.tag. */
function decryptFile(text: string, armour: string, secret: string): Record<string, unknown> {
  const body = text.replace(`-----BEGIN ${armour}-----`, "").replace(`-----END ${armour}-----`, "").replace(/\s+/g, "");
  const { enc, alg } = JSON.parse(Buffer.from(body, "base64").toString("utf8")) as { enc: string; sig: string; alg: string };
  expect(alg).toBe("aes-256-gcm+ed25519");
  const [ciphertext, iv, tag] = enc.split(".").map((part) => Buffer.from(part, "base64"));
  const decipher = createDecipheriv("aes-256-gcm", createHash("sha256").update(secret).digest(), iv!);
  decipher.setAuthTag(tag!);
  return JSON.parse(Buffer.concat([decipher.update(ciphertext!), decipher.final()]).toString("utf8")) as Record<string, unknown>;
}

/** Picks an option of a Mantine select or multi-select by its visible text (typing `search` first, for a searchable one). */
async function pick(page: Page, testId: string, option: string, search?: string) {
  const input = page.getByTestId(testId);
  await input.click();
  if (search) await input.fill(search);
  await page.getByRole("option", { name: option, exact: true }).click();
  // A multi-select stays open for the next pick.
  await page.keyboard.press("Escape");
}

test.describe("release channels, yank and encrypted files", () => {
  let adminToken = "";
  test.beforeAll(async ({ request }) => {
    adminToken = await apiLogin(request, admin.email, admin.password);
  });

  test("beta + required feature → 'not offered' and why; yank → 'Withdrawn'; encrypted licence file and machine file from the drawer", async ({ browser, request }) => {
    test.setTimeout(240_000);
    const email = await readyAccount(request, "kf-web");
    const customerToken = await apiLogin(request, email, PASSWORD);
    const license = await issuedLicenseThroughApi(request, adminToken, customerToken, "Channels");
    const unique = `${Date.now().toString(36)}${process.pid.toString(36)}`;
    const insightsName = `Insights ${unique}`;
    const created = await request.post("/api/v1/features", { headers: auth(adminToken), data: { name: insightsName, description: "Only some licences", price: 10 } });
    expect(created.status(), await created.text()).toBe(201);
    const insights = ((await created.json()) as Envelope<{ id: string; code: string }>).data;
    expect(insights.code).toMatch(/^INSIGHTS_/);

    // 1. The administrator publishes a draft on the beta channel, needing Insights (the change log step).
    const adminSession = await signedInPage(browser, adminToken);
    const adminPage = adminSession.page;
    const draft = await uploadUpdateThroughApi(request, adminToken);
    await adminPage.goto(`/admin/admin-updates/drafts/${draft.id}`);
    await adminPage.getByTestId("commands-send").click({ timeout: 30_000 });
    await expect(adminPage.getByTestId("wizard-changelog")).toBeVisible({ timeout: 30_000 });
    await expect(adminPage.getByTestId("changelog-channel")).toHaveValue("Stable");
    const betaVersion = await nextUpdateVersion(request, adminToken, "minor");
    await adminPage.getByTestId("changelog-version").fill(betaVersion);
    await adminPage.getByLabel("Minor").check();
    await adminPage.getByTestId("changelog-header").fill("Insights preview");
    await adminPage.getByTestId("changelog-text").fill("A first look at insights.");
    await pick(adminPage, "changelog-channel", "Beta");
    await pick(adminPage, "changelog-required-features", `${insightsName} (${insights.code})`, insightsName);
    await adminPage.getByTestId("changelog-publish").click();
    await expect(adminPage.getByTestId("wizard-finished")).toBeVisible();
    const beta = await request.get(`/api/v1/updates/${draft.id}`, { headers: auth(adminToken) });
    expect(((await beta.json()) as Envelope<{ channel: string; requiredFeatures: { id: string }[] }>).data).toMatchObject({ channel: "beta", requiredFeatures: [{ id: insights.id }] });

    // 2. A stable update the licence may take, then yanked from its drawer after the confirmation.
    const stable = await publishUpdateThroughApi(request, adminToken, { header: "Hotfix", type: "minor", changeLog: "Fixes." });
    await adminPage.goto(`/admin/admin-updates?update=${stable.id}`);
    // A loaded machine takes a while to load the page afresh.
    await expect(adminPage.getByTestId("update-detail")).toBeVisible({ timeout: 30_000 });
    await adminPage.getByTestId("update-drawer-yank").click();
    const dialog = adminPage.getByRole("dialog", { name: "Yank this update?" });
    await expect(dialog).toContainText(`${stable.version} is withdrawn at once from every list and every download, for every customer.`);
    await expect(dialog).toContainText("This cannot be undone");
    await dialog.getByRole("button", { name: "Yank update" }).click();
    await expect(adminPage.getByText(`${stable.version} was yanked.`)).toBeVisible();
    await expect(adminPage.getByTestId("update-detail").getByTestId("update-yanked")).toHaveText("Yanked");
    const yankedPackage = await request.get(`/api/v1/updates/${stable.id}/package`, { headers: auth(adminToken) });
    expect([404, 410]).toContain(yankedPackage.status());

    // 3. The customer's history: the beta update not offered, with both reasons; the yanked one withdrawn.
    const customer = await signedInPage(browser, customerToken);
    await customer.page.goto("/updates");
    const history = customer.page.getByTestId("history-table");
    const betaRow = history.getByRole("row").filter({ hasText: betaVersion });
    await expect(betaRow.getByTestId("availability")).toHaveAttribute("data-availability", "not-offered", { timeout: 30_000 });
    await expect(betaRow.getByTestId("availability")).toContainText("Not offered");
    await expect(betaRow.getByTestId("availability-reason")).toHaveText(["Beta channel", `Needs feature \u2068${insightsName}\u2069`]);
    const yankedRow = history.getByRole("row").filter({ hasText: stable.version });
    await expect(yankedRow.getByTestId("availability")).toHaveAttribute("data-availability", "withdrawn");
    await expect(yankedRow.getByTestId("availability")).toContainText("Withdrawn");

    // 4. An installation, then the licence drawer: encrypted licence file for 7 days, and the machine file.
    const upload = await request.post("/api/v1/req/auth", {
      headers: auth(customerToken),
      multipart: { file: { name: "edge-01.req", mimeType: "application/octet-stream", buffer: reqFile(license.key, { hostname: "edge-01" }) } },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    await customer.page.goto("/purchased-licenses");
    const row = customer.page.getByTestId("licenses-table").getByRole("row").filter({ hasText: license.key });
    await row.getByRole("button", { name: "Details" }).click({ timeout: 30_000 });
    const drawer = customer.page.getByRole("dialog", { name: "Licence details" });
    await expect(drawer.getByTestId("policy-channels")).toContainText("Stable");
    await expect(drawer.getByTestId("entitlement")).toHaveCount(1);
    await drawer.getByTestId("license-file-download").click();
    const fileDialog = customer.page.getByRole("dialog", { name: "Download licence file" });
    await expect(fileDialog).toContainText("reading it needs the licence key");
    await fileDialog.getByLabel("Encrypted (Keygen format)").check();
    await fileDialog.getByTestId("license-file-ttl").fill("7");
    const started = customer.page.waitForEvent("download");
    await fileDialog.getByRole("button", { name: "Download" }).click();
    const download = await started;
    expect(download.suggestedFilename()).toBe(`${license.key.replaceAll("-", "")}.encrypted.lic`);
    const text = readFileSync(await download.path(), "utf8");
    expect(text.startsWith("-----BEGIN LICENSE FILE-----")).toBe(true);
    const plaintext = decryptFile(text, "LICENSE FILE", license.key) as { meta: { ttl: number }; included: { type: string; attributes: { code: string } }[] };
    expect(plaintext.meta.ttl).toBe(7 * 86_400);
    expect(plaintext.included.filter((item) => item.type === "entitlements")).toHaveLength(1);
    await expect(customer.page.getByText(`\u2068${download.suggestedFilename()}\u2069 downloaded.`)).toBeVisible();

    const machineStarted = customer.page.waitForEvent("download");
    await drawer.getByTestId("installation").getByTestId("machine-file-download").click();
    const machine = readFileSync(await (await machineStarted).path(), "utf8");
    expect(machine.startsWith("-----BEGIN MACHINE FILE-----")).toBe(true);

    for (const session of [adminSession, customer]) {
      expect(session.errors).toEqual([]);
      await session.context.close();
    }
  });
});

test.describe("screenshots of issue 30's screens", () => {
  let adminToken = "";
  let customerToken = "";
  const data = { licenseId: "", licenseKey: "", planId: "", draftId: "", publishedId: "", featureQuery: "" };

  test.beforeAll(async ({ request }) => {
    test.setTimeout(180_000);
    adminToken = await apiLogin(request, admin.email, admin.password);
    const email = await readyAccount(request, "kf-web-shots", "Cora");
    customerToken = await apiLogin(request, email, PASSWORD);
    const license = await issuedLicenseThroughApi(request, adminToken, customerToken, "Shots");
    data.licenseId = license.id;
    data.licenseKey = license.key;
    const unique = `${Date.now().toString(36)}${process.pid.toString(36)}`;
    data.featureQuery = unique;
    const feature = async (name: string, code?: string) => {
      const response = await request.post("/api/v1/features", { headers: auth(adminToken), data: { name: `${name} ${unique}`, description: "Screenshots", price: 25, ...(code ? { code } : {}) } });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as Envelope<{ id: string; code: string }>).data;
    };
    const insights = await feature("Insights");
    await feature("Audit trail", `AUDIT_${unique.toUpperCase()}`);
    const planResponse = await request.post("/api/v1/plans", {
      headers: auth(adminToken),
      data: {
        name: `Channels ${unique}`,
        description: "Stable and beta",
        price: 499,
        currency: "USD",
        billingPeriod: "yearly",
        durationDays: 365,
        maxActivations: 2,
        maxReleasesPer30Days: 3,
        featureIds: [insights.id],
        serviceIds: [],
        active: true,
        offlineTtlDays: 30,
        channels: ["stable", "beta"],
      },
    });
    expect(planResponse.status(), await planResponse.text()).toBe(201);
    data.planId = ((await planResponse.json()) as Envelope<{ id: string }>).data.id;
    const channels = await request.put(`/api/v1/licenses/${license.id}/channels`, { headers: auth(adminToken), data: { channels: ["stable", "rc"] } });
    expect(channels.status(), await channels.text()).toBe(200);
    const upload = await request.post("/api/v1/req/auth", {
      headers: auth(customerToken),
      multipart: { file: { name: "edge.req", mimeType: "application/octet-stream", buffer: reqFile(license.key, { hostname: "edge-gw-01", os: "linux" }) } },
    });
    expect(upload.status(), await upload.text()).toBe(200);

    // A beta update needing Insights (not offered), a yanked one, a stable one on offer, and a draft for the wizard.
    const beta = await uploadUpdateThroughApi(request, adminToken);
    expect((await request.put(`/api/v1/updates/${beta.id}/commands`, { headers: auth(adminToken), data: { commands: [] } })).status()).toBe(200);
    const betaVersion = await nextUpdateVersion(request, adminToken, "minor");
    const betaPublished = await request.put(`/api/v1/updates/${beta.id}/changelog`, {
      headers: auth(adminToken),
      data: { header: "Insights preview", version: betaVersion, type: "minor", changeLog: "A first look.", channel: "beta", requiredFeatureIds: [insights.id] },
    });
    expect(betaPublished.status(), await betaPublished.text()).toBe(200);
    const yanked = await publishUpdateThroughApi(request, adminToken, { header: "Broken hotfix", type: "minor", changeLog: "Withdrawn." });
    expect((await request.post(`/api/v1/updates/${yanked.id}/yank`, { headers: auth(adminToken) })).status()).toBe(200);
    data.publishedId = (await publishUpdateThroughApi(request, adminToken, { header: "Faster activation", type: "minor", changeLog: "One request." })).id;
    data.draftId = (await uploadUpdateThroughApi(request, adminToken)).id;
  });

  for (const [scheme, language] of [["light", "en"], ["dark", "fa"]] as const) {
    test(`axe: issue 30's screens and dialogs, ${scheme}, ${language}`, async ({ browser }) => {
      test.setTimeout(300_000);
      const results: ScreenResult[] = [];
      const admin = await openSession(browser, "admin", scheme as Scheme, language as Language, adminToken);
      const a = admin.page;
      try {
        await a.goto(`/admin/manage-features?q=${data.featureQuery}`);
        await check(admin, "admin/manage-features (codes)", { withShell: false });
        await a.goto(`/admin/plans/${data.planId}/edit`);
        await check(admin, "admin/plans/:id/edit (channels)", { withShell: false });
        await a.goto(`/admin/purchased-licenses?license=${data.licenseId}`);
        await a.getByTestId("license-channels-change").click({ timeout: 30_000 });
        await check(admin, "dialog: licence channels", { withShell: false });
        await a.goto("/admin/admin-updates");
        await expect(a.getByTestId("update-yanked").first()).toBeVisible({ timeout: 30_000 });
        await check(admin, "admin/admin-updates (channels, yanked)", { withShell: false });
        await a.goto(`/admin/admin-updates?update=${data.publishedId}`);
        await a.getByTestId("update-drawer-yank").click({ timeout: 30_000 });
        await check(admin, "dialog: yank update (confirm)", { withShell: false });
        await a.goto(`/admin/admin-updates/drafts/${data.draftId}`);
        await a.getByTestId("commands-send").click({ timeout: 30_000 });
        await expect(a.getByTestId("changelog-required-features")).toBeEnabled({ timeout: 30_000 });
        await check(admin, "wizard step 3 (channel, required features)", { withShell: false });
      } finally {
        results.push(...admin.results);
        await admin.context.close();
      }
      const customer = await openSession(browser, "customer", scheme as Scheme, language as Language, customerToken);
      const c = customer.page;
      try {
        await c.goto("/updates");
        await expect(c.getByTestId("availability-reason").first()).toBeVisible({ timeout: 30_000 });
        await check(customer, "updates (not offered, withdrawn)", { withShell: false });
        await c.goto(`/purchased-licenses?license=${data.licenseId}`);
        await expect(c.getByTestId("machine-file-download").first()).toBeVisible({ timeout: 30_000 });
        await check(customer, "drawer: licence details (channels, entitlements, machine file)", { withShell: false });
        await c.getByTestId("license-file-download").click();
        await c.getByTestId("license-file-encrypted").click();
        await expect(c.getByTestId("license-file-ttl")).toBeVisible();
        await check(customer, "dialog: download licence file (encrypted)", { withShell: false });
      } finally {
        results.push(...customer.results);
        await customer.context.close();
      }
      writePartial(`kf-web-${scheme}-${language}`, results);
      expect(failures(results), "serious or critical axe violations").toEqual([]);
    });
  }

  const combos = [
    { theme: "light", language: "en", width: 1440 },
    { theme: "dark", language: "en", width: 1440 },
    { theme: "light", language: "tr", width: 1440 },
    { theme: "dark", language: "tr", width: 390 },
    { theme: "light", language: "en", width: 390 },
    { theme: "light", language: "fa", width: 1440 },
    { theme: "light", language: "fa", width: 390 },
  ] as const;

  for (const { theme, language, width } of combos) {
    test(`screenshot: issue 30 screens, ${theme} ${language} ${width}px`, async ({ browser }) => {
      test.setTimeout(300_000);
      const slow = { timeout: 30_000 };
      const shoot = async (page: Page, name: string) => {
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: path.join(shotsDir, `kf-${name}-${theme}-${language}-${width}.png`), animations: "disabled" });
      };
      const adminSession = await signedInPage(browser, adminToken, { width, theme, language });
      const a = adminSession.page;
      await a.goto(`/admin/manage-features?q=${data.featureQuery}`);
      await expect(a.getByTestId("feature-code").first()).toBeVisible(slow);
      await shoot(a, "features");
      await a.goto(`/admin/plans/${data.planId}/edit`);
      await expect(a.getByTestId("policy-channels")).toBeVisible(slow);
      await a.getByTestId("policy-channels").scrollIntoViewIfNeeded();
      await shoot(a, "plan-form");
      await a.goto(`/admin/plans/${data.planId}`);
      await expect(a.getByTestId("plan-policy")).toBeVisible(slow);
      await shoot(a, "plan-view");
      await a.goto(`/admin/purchased-licenses?q=${data.licenseKey}&license=${data.licenseId}`);
      await expect(a.getByTestId("policy-channels")).toBeVisible(slow);
      await a.getByTestId("policy-channels").scrollIntoViewIfNeeded();
      await shoot(a, "admin-license-drawer");
      await a.getByTestId("license-channels-change").click();
      await expect(a.getByTestId("license-channels-form")).toBeVisible();
      await shoot(a, "license-channels-form");
      await a.keyboard.press("Escape");
      await a.goto("/admin/admin-updates");
      await expect(a.getByTestId("update-yanked").first()).toBeVisible(slow);
      await shoot(a, "admin-updates");
      await a.goto(`/admin/admin-updates?update=${data.publishedId}`);
      await expect(a.getByTestId("update-drawer-yank")).toBeVisible(slow);
      await shoot(a, "update-drawer");
      await a.getByTestId("update-drawer-yank").click();
      await expect(a.getByTestId("update-yank-confirm")).toBeVisible();
      await shoot(a, "yank-dialog");
      await a.goto(`/admin/admin-updates/drafts/${data.draftId}`);
      await a.getByTestId("commands-send").click(slow);
      await expect(a.getByTestId("changelog-required-features")).toBeEnabled(slow);
      await a.getByTestId("changelog-channel").scrollIntoViewIfNeeded();
      await shoot(a, "wizard-changelog");

      const customer = await signedInPage(browser, customerToken, { width, theme, language });
      const c = customer.page;
      await c.goto("/updates");
      await expect(c.getByTestId("availability-reason").first()).toBeVisible(slow);
      await c.getByTestId("history-table").scrollIntoViewIfNeeded();
      await shoot(c, "customer-history");
      await c.goto(`/purchased-licenses?license=${data.licenseId}`);
      await expect(c.getByTestId("license-file-download")).toBeVisible(slow);
      await shoot(c, "customer-license-drawer");
      await c.getByTestId("installation").scrollIntoViewIfNeeded();
      await shoot(c, "customer-installations");
      await c.getByTestId("license-file-download").click();
      await c.getByTestId("license-file-encrypted").click();
      await expect(c.getByTestId("license-file-ttl")).toBeVisible();
      await shoot(c, "license-file-dialog");

      for (const session of [adminSession, customer]) {
        expect(session.errors).toEqual([]);
        await session.context.close();
      }
    });
  }
});
