import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import { admin, apiLogin, expect, PASSWORD, planBody, readyAccount, reqFile, signedInPage, test } from "./support";

/**
 * Issue 6 in the browser: a customer requests a licence → an administrator approves it in the UI →
 * the customer copies the key, downloads the signed licence file, uploads a .req on the updates page
 * and sees the licence become Active; cancel, reject with a reason, the admin edit page, deactivate
 * and reactivate, installation release, the .req checks of spec section 5; and screenshots of every
 * licence screen in light/dark × en/tr × 1440/390.
 */

const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "artifacts");
mkdirSync(artifacts, { recursive: true });

interface Envelope<T> {
  status: "success";
  data: T;
}

interface Catalogue {
  planId: string;
  planName: string;
  featureIds: string[];
  featureNames: string[];
}

interface LicenseRow {
  id: string;
  key: string;
  status: string;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

let runCounter = 0;
/** Catalogue names are unique: a suffix per call, per worker, per run. */
function suffix(): string {
  runCounter += 1;
  return `${Date.now().toString(36)}${process.pid.toString(36)}${runCounter}`;
}

/** Two features and a plan with both, made by the administrator through the API (the e2e server has no demo catalogue). */
async function createCatalogue(request: APIRequestContext, adminToken: string): Promise<Catalogue> {
  const id = suffix();
  const featureNames = [`Network Access ${id}`, `Log Vault ${id}`];
  const featureIds: string[] = [];
  for (const [index, name] of featureNames.entries()) {
    const response = await request.post("/api/v1/features", {
      headers: auth(adminToken),
      data: { name, description: "Made by the licence journey", price: 100 + index * 50 },
    });
    expect(response.status(), await response.text()).toBe(201);
    featureIds.push(((await response.json()) as Envelope<{ id: string }>).data.id);
  }
  const planName = `Starter ${id}`;
  const plan = await request.post("/api/v1/plans", { headers: auth(adminToken), data: planBody(planName, featureIds, 499) });
  expect(plan.status(), await plan.text()).toBe(201);
  return { planId: ((await plan.json()) as Envelope<{ id: string }>).data.id, planName, featureIds, featureNames };
}

async function requestThroughApi(
  request: APIRequestContext,
  token: string,
  body: { planId?: string; featureIds?: string[]; quantity?: number; note?: string },
): Promise<string> {
  const response = await request.post("/api/v1/license-requests", { headers: auth(token), data: { quantity: 1, ...body } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as Envelope<{ id: string }>).data.id;
}

async function licensesOf(request: APIRequestContext, token: string): Promise<LicenseRow[]> {
  const response = await request.get("/api/v1/licenses", { headers: auth(token), params: { pageSize: 100 } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as Envelope<{ items: LicenseRow[] }>).data.items;
}

async function signIn(page: Page, token: string): Promise<void> {
  await page.goto("/404");
  await page.evaluate((value) => localStorage.setItem("token", value), token);
}

/** Picks an option of a Mantine Select by its label. */
async function choose(page: Page, scope: ReturnType<Page["getByRole"]>, label: string, option: string): Promise<void> {
  await scope.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test.describe("licences", () => {
  let adminToken = "";
  let catalogue: Catalogue;

  test.beforeAll(async ({ request }) => {
    adminToken = await apiLogin(request, admin.email, admin.password);
    catalogue = await createCatalogue(request, adminToken);
  });

  test("customer requests → admin approves in the UI → customer copies the key, downloads the file, uploads a .req and sees the licence Active", async ({
    page,
    browser,
    request,
    context,
  }) => {
    test.setTimeout(120_000);
    const email = await readyAccount(request, "lic-journey", "Lena");
    const customerToken = await apiLogin(request, email, PASSWORD);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, customerToken);

    // 1. The customer requests a licence from the "My License Requests" tab.
    await page.goto("/my-licenses/requests");
    await expect(page.getByRole("tab", { name: "My License Requests" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("data-table-empty")).toBeVisible();
    await page.getByRole("button", { name: "Request a licence" }).first().click();
    const form = page.getByRole("dialog", { name: "Request a licence" });
    await expect(form).toBeVisible();
    // The contract's rules run in the browser first.
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(form.getByText("Choose a plan", { exact: true })).toBeVisible();
    await form.locator("label").getByText("Custom features", { exact: true }).click();
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(form.getByText("Choose at least one feature")).toBeVisible();
    await form.locator("label").getByText("A plan", { exact: true }).click();
    await choose(page, form, "Plan", catalogue.planName);
    await expect(form.getByTestId("chosen-plan")).toContainText(catalogue.featureNames[0]!);
    await form.getByLabel("Quantity").fill("1");
    const note = `For the branch office ${suffix()}`;
    await form.getByLabel("Note (optional)").fill(note);
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByText("Licence request sent. We'll let you know when it is reviewed.")).toBeVisible();
    await expect(form).toBeHidden();
    const customerRow = page.getByTestId("license-requests-table").getByRole("row").filter({ hasText: note });
    await expect(customerRow).toContainText("Pending");
    await expect(customerRow).toContainText(catalogue.planName);

    // 2. The administrator approves it in the UI.
    const adminSession = await signedInPage(browser, adminToken);
    const adminPage = adminSession.page;
    await adminPage.goto("/admin/license-requests");
    await expect(adminPage.getByRole("heading", { level: 1, name: "Licence requests" })).toBeVisible();
    await adminPage.getByRole("searchbox", { name: "Search requests" }).fill(email);
    const adminRow = adminPage.getByTestId("license-requests-table").getByRole("row").filter({ hasText: note });
    await expect(adminRow).toContainText(email);
    await adminRow.getByRole("button", { name: "Approve" }).click();
    const approveDialog = adminPage.getByRole("dialog", { name: "Approve this licence request?" });
    await expect(approveDialog).toContainText(email);
    await approveDialog.getByRole("button", { name: "Approve" }).click();
    await expect(adminPage.getByText("Request approved. Licences issued: 1.")).toBeVisible();
    await expect(adminRow).toContainText("Approved");
    expect(adminSession.errors, "admin console errors").toEqual([]);
    await adminSession.context.close();

    // 3. The customer sees the issued licence, copies the key and downloads the licence file.
    await page.goto("/my-licenses/requests");
    await expect(customerRow).toContainText("Approved");
    await page.getByRole("tab", { name: "My Issued Licenses" }).click();
    await expect(page).toHaveURL(/\/my-licenses\/purchased$/);
    const [license] = await licensesOf(request, customerToken);
    expect(license).toBeTruthy();
    const licenseRow = page.getByTestId("licenses-table").getByRole("row").filter({ hasText: license!.key });
    await expect(licenseRow).toContainText("Not Activated");
    await expect(licenseRow).toContainText(catalogue.planName);
    await expect(licenseRow.getByTestId("activations")).toHaveText("0 of 1");
    await licenseRow.getByRole("button", { name: `Copy licence key ${license!.key}` }).click();
    await expect(page.getByText("License key copied!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(license!.key);

    await licenseRow.getByRole("button", { name: `More actions for ${license!.key}` }).click();
    const downloadStarted = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: "Download licence file" }).click();
    const download = await downloadStarted;
    expect(download.suggestedFilename()).toBe(`${license!.key.replaceAll("-", "")}.lic`);
    const licenseFile = readFileSync(await download.path(), "utf8");
    expect(licenseFile.startsWith("-----BEGIN LICENSE FILE-----")).toBe(true);
    expect(licenseFile.trimEnd().endsWith("-----END LICENSE FILE-----")).toBe(true);
    // The file name is isolated (U+2068…U+2069) so it keeps its place in right-to-left text.
    await expect(page.getByText(`\u2068${license!.key.replaceAll("-", "")}.lic\u2069 downloaded.`)).toBeVisible();

    // 4. The .req upload on the updates page activates it.
    await page.getByTestId("sidebar").getByRole("link", { name: "Updates" }).click();
    await expect(page).toHaveURL(/\/updates$/);
    await expect(page.getByRole("heading", { level: 1, name: "Updates" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Update history" })).toBeVisible();
    await page.getByTestId("req-upload").locator('input[type="file"]').setInputFiles({
      name: "build-01.req",
      mimeType: "application/octet-stream",
      buffer: reqFile(license!.key, { hostname: "build-01", os: "linux", nonce: "n-1" }),
    });
    await expect(page.getByTestId("req-selected")).toContainText("build-01.req");
    await expect(page.getByTestId("req-selected")).toContainText(license!.key);
    await page.getByRole("button", { name: "Upload and activate" }).click();
    const done = page.getByTestId("req-done");
    await expect(done).toContainText("Licence activated");
    await expect(done.locator('[data-status="active"]')).toHaveText("Active");
    await expect(done).toContainText("hostname: build-01, os: linux");
    const boundStarted = page.waitForEvent("download");
    await done.getByRole("button", { name: "Download licence file" }).click();
    const boundDownload = await boundStarted;
    const bound = readFileSync(await boundDownload.path(), "utf8");
    expect(bound.startsWith("-----BEGIN LICENSE FILE-----")).toBe(true);
    await expect(page.getByText(`\u2068${boundDownload.suggestedFilename()}\u2069 downloaded.`)).toBeVisible();

    // 5. The issued-licences page says Active, one activation of one; the drawer lists the installation.
    await page.goto("/purchased-licenses");
    await expect(page.getByRole("heading", { level: 1, name: "Issued licences" })).toBeVisible();
    await expect(licenseRow).toContainText("Active");
    await expect(licenseRow.getByTestId("activations")).toHaveText("1 of 1");
    await licenseRow.getByRole("button", { name: "Details" }).click();
    const drawer = page.getByRole("dialog", { name: "Licence details" });
    await expect(drawer.getByTestId("installation")).toContainText("hostname: build-01, os: linux");
    await expect(drawer.getByTestId("releases-left")).toHaveText("Releases left in the last 30 days: 3 of 3");
  });

  test("the .req panel checks type, size and lines with the spec's messages, and shows the server's refusal", async ({
    page,
    request,
    allowFailedRequests,
  }) => {
    const email = await readyAccount(request, "lic-req", "Reza");
    await signIn(page, await apiLogin(request, email, PASSWORD));
    await page.goto("/updates");
    const input = page.getByTestId("req-upload").locator('input[type="file"]');

    await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("A\nB\n") });
    await expect(page.getByTestId("req-problem")).toHaveText("Please select only .req files");
    await expect(page.locator(".mantine-Notifications-root").getByText("Please select only .req files")).toBeVisible();

    await input.setInputFiles({ name: "big.req", mimeType: "application/octet-stream", buffer: Buffer.alloc(500 * 1024 + 1, 65) });
    await expect(page.getByTestId("req-problem")).toHaveText("File size cannot exceed 500KB");

    await input.setInputFiles({ name: "one-line.req", mimeType: "application/octet-stream", buffer: Buffer.from("ABCDE-FGHJK\n") });
    await expect(page.getByTestId("req-problem")).toHaveText(
      "The .req file must have at least 2 lines: the licence key, then the installation data",
    );

    // Well formed, but the key is nobody's: the server's 404 comes back as a message, the file stays selected.
    allowFailedRequests(/\/api\/v1\/req\/auth$/);
    await input.setInputFiles({ name: "unknown.req", mimeType: "application/octet-stream", buffer: reqFile("AAAAA-BBBBB-CCCCC-DDDDD-EEEEE-FFFFF", { host: "x" }) });
    await expect(page.getByTestId("req-file-size")).not.toHaveText(/^0\b/);
    await page.getByRole("button", { name: "Upload and activate" }).click();
    await expect(page.getByTestId("req-problem")).toHaveText(
      "The licence key on the file's first line is not one of your licences. Check that the file comes from an installation of your licence.",
    );
    await expect(page.getByRole("button", { name: "Upload and activate" })).toBeVisible();
  });

  test("cancel, reject with a reason, edit and approve on the edit page, deactivate and reactivate, release an installation", async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const email = await readyAccount(request, "lic-admin", "Omar");
    const customerToken = await apiLogin(request, email, PASSWORD);
    const toCancel = `Cancel me ${suffix()}`;
    const toReject = `Reject me ${suffix()}`;
    const toEdit = `Edit me ${suffix()}`;
    await requestThroughApi(request, customerToken, { planId: catalogue.planId, note: toCancel });
    await requestThroughApi(request, customerToken, { featureIds: catalogue.featureIds, note: toReject });
    const editId = await requestThroughApi(request, customerToken, { featureIds: [catalogue.featureIds[0]!], note: toEdit });

    // The customer cancels a pending request after confirming.
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, customerToken);
    await page.goto("/license-requests");
    const table = page.getByTestId("license-requests-table");
    await table.getByRole("row").filter({ hasText: toCancel }).getByRole("button", { name: "Cancel request" }).click();
    const cancelDialog = page.getByRole("dialog", { name: "Cancel this licence request?" });
    await cancelDialog.getByRole("button", { name: "Cancel request" }).click();
    await expect(page.getByText("Licence request cancelled.")).toBeVisible();
    await expect(table.getByRole("row").filter({ hasText: toCancel })).toContainText("Cancelled");
    await expect(table.getByRole("row").filter({ hasText: toCancel }).getByRole("button", { name: "Cancel request" })).toHaveCount(0);

    // The administrator rejects one (the reason is required) and edits another.
    const adminSession = await signedInPage(browser, adminToken);
    const adminPage = adminSession.page;
    await adminPage.goto("/admin/license-requests?status=pending");
    await adminPage.getByRole("searchbox", { name: "Search requests" }).fill(email);
    const rejectRow = adminPage.getByTestId("license-requests-table").getByRole("row").filter({ hasText: toReject });
    await expect(rejectRow).toContainText("Custom features");
    await rejectRow.getByRole("button", { name: `More actions for ${email}` }).click();
    await adminPage.getByRole("menuitem", { name: "Reject" }).click();
    const rejectDialog = adminPage.getByRole("dialog", { name: "Reject licence request" });
    await rejectDialog.getByRole("button", { name: "Reject" }).click();
    await expect(rejectDialog.getByText("Reason field is required")).toBeVisible();
    await rejectDialog.getByLabel("Reason").fill("Those features are not sold separately.");
    await rejectDialog.getByRole("button", { name: "Reject" }).click();
    await expect(adminPage.getByText("Licence request rejected.")).toBeVisible();
    // Filtered to pending: the rejected request leaves the list.
    await expect(rejectRow).toHaveCount(0);

    await adminPage.goto(`/license-requests/edit/${editId}`);
    await expect(adminPage.getByRole("heading", { level: 1, name: "Edit licence request" })).toBeVisible();
    await expect(adminPage.getByText(email)).toBeVisible();
    await adminPage.locator("label").getByText("A plan", { exact: true }).click();
    await choose(adminPage, adminPage.locator("form"), "Plan", catalogue.planName);
    await adminPage.getByLabel("Quantity").fill("2");
    await adminPage.getByLabel("Max activations").fill("2");
    await adminPage.getByLabel("Duration (days)").fill("30");
    await adminPage.getByRole("button", { name: "Save changes" }).click();
    await expect(adminPage.getByText("Licence request saved.")).toBeVisible();
    await adminPage.getByRole("button", { name: "Approve" }).click();
    await adminPage.getByRole("dialog", { name: "Approve this licence request?" }).getByRole("button", { name: "Approve" }).click();
    await expect(adminPage.getByText("Request approved. Licences issued: 2.")).toBeVisible();
    await expect(adminPage).toHaveURL(/\/admin\/license-requests$/);

    // The customer reads the reason.
    await page.goto("/my-licenses/requests");
    await expect(table.getByRole("row").filter({ hasText: toReject }).getByTestId("reject-reason")).toHaveText(
      "Reason: Those features are not sold separately.",
    );

    // Two licences with two activations each, valid 30 days; activate one on two machines.
    const licenses = await licensesOf(request, customerToken);
    expect(licenses).toHaveLength(2);
    const target = licenses[0]!;
    for (const host of ["alpha", "beta"]) {
      const upload = await request.post("/api/v1/req/auth", {
        headers: auth(customerToken),
        multipart: { file: { name: `${host}.req`, mimeType: "application/octet-stream", buffer: reqFile(target.key, { hostname: host }) } },
      });
      expect(upload.status(), await upload.text()).toBe(200);
    }

    // The administrator deactivates it (with confirmation), then reactivates it.
    await adminPage.goto(`/admin/purchased-licenses?q=${target.key}`);
    const adminLicenseRow = adminPage.getByTestId("licenses-table").getByRole("row").filter({ hasText: target.key });
    await expect(adminLicenseRow).toContainText(email);
    await expect(adminLicenseRow).toContainText("Active");
    await adminLicenseRow.getByRole("button", { name: `More actions for ${target.key}` }).click();
    await adminPage.getByRole("menuitem", { name: "Deactivate" }).click();
    await adminPage.getByRole("dialog", { name: "Deactivate this licence?" }).getByRole("button", { name: "Deactivate" }).click();
    await expect(adminPage.getByText("Licence deactivated.")).toBeVisible();
    await expect(adminLicenseRow).toContainText("Deactivated");
    await adminLicenseRow.getByRole("button", { name: `More actions for ${target.key}` }).click();
    await adminPage.getByRole("menuitem", { name: "Reactivate" }).click();
    await adminPage.getByRole("dialog", { name: "Reactivate this licence?" }).getByRole("button", { name: "Reactivate" }).click();
    await expect(adminPage.getByText("Licence reactivated.")).toBeVisible();
    await expect(adminLicenseRow).toContainText("Active");
    expect(adminSession.errors, "admin console errors").toEqual([]);
    await adminSession.context.close();

    // The customer releases one installation; the confirmation says how many releases remain.
    await page.goto(`/my-licenses/purchased?license=${target.id}`);
    const drawer = page.getByRole("dialog", { name: "Licence details" });
    await expect(drawer.getByTestId("detail-activations")).toHaveText("2 of 2");
    await expect(drawer.getByTestId("installation")).toHaveCount(2);
    await drawer.getByTestId("installation").filter({ hasText: "hostname: beta" }).getByRole("button", { name: "Release" }).click();
    const releaseDialog = page.getByRole("dialog", { name: "Release this installation?" });
    await expect(releaseDialog.getByTestId("release-quota")).toHaveText("After this release you have 2 of 3 releases left for the last 30 days.");
    await releaseDialog.getByRole("button", { name: "Release" }).click();
    await expect(page.getByText("Installation released.")).toBeVisible();
    await expect(drawer.getByTestId("installation")).toHaveCount(1);
    await expect(drawer.getByTestId("releases-left")).toHaveText("Releases left in the last 30 days: 2 of 3");
    await expect(drawer.getByTestId("detail-activations")).toHaveText("1 of 2");
  });

  test.describe("screenshots", () => {
    // Data worth looking at: requests in every status, licences in every status, an installation.
    let shots: { email: string; customerToken: string; ownerId: string; editId: string; licenses: LicenseRow[] };

    test.beforeAll(async ({ request }) => {
      const email = await readyAccount(request, "lic-shots", "Selin");
      const customerToken = await apiLogin(request, email, PASSWORD);
      const approvedId = await requestThroughApi(request, customerToken, { planId: catalogue.planId, quantity: 3, note: "Three sites in Izmir" });
      await requestThroughApi(request, customerToken, { featureIds: catalogue.featureIds, quantity: 2, note: "Only the log vault and NAC, please" });
      const rejectedId = await requestThroughApi(request, customerToken, { planId: catalogue.planId, note: "Trial for the lab" });
      const editId = await requestThroughApi(request, customerToken, { featureIds: [catalogue.featureIds[0]!], quantity: 5 });
      const adminHeaders = auth(adminToken);
      expect((await request.post(`/api/v1/license-requests/${approvedId}/approve`, { headers: adminHeaders })).status()).toBe(200);
      const reject = await request.post(`/api/v1/license-requests/${rejectedId}/reject`, {
        headers: adminHeaders,
        data: { reason: "Please use the Starter plan." },
      });
      expect(reject.status()).toBe(200);
      const licenses = await licensesOf(request, customerToken);
      const upload = await request.post("/api/v1/req/auth", {
        headers: auth(customerToken),
        multipart: {
          file: { name: "edge.req", mimeType: "application/octet-stream", buffer: reqFile(licenses[0]!.key, { hostname: "edge-gw-01", os: "debian 12" }) },
        },
      });
      expect(upload.status()).toBe(200);
      expect((await request.post(`/api/v1/licenses/${licenses[1]!.id}/deactivate`, { headers: adminHeaders })).status()).toBe(200);
      shots = { email, customerToken, ownerId: await ownerIdOf(request, customerToken), editId, licenses };
    });

    const headings = {
      en: { requests: "My licences", updates: "Updates", admin: "Licence requests", edit: "Edit licence request", issued: "Issued licences" },
      tr: { requests: "Lisanslarım", updates: "Güncellemeler", admin: "Lisans talepleri", edit: "Lisans talebini düzenle", issued: "Verilen lisanslar" },
    } as const;

    test("right to left: the licence screens in Persian at 1440px and 390px", async ({ browser }) => {
      test.setTimeout(180_000);
      const { email, customerToken, licenses } = shots;
      for (const width of [1440, 390] as const) {
        const shoot = async (page: Page, name: string) => {
          await page.evaluate(() => document.fonts.ready);
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} page width`).toBeLessThanOrEqual(width);
          await page.screenshot({ path: path.join(artifacts, `licences-${name}-light-fa-${width}.png`), animations: "disabled" });
        };
        const customer = await signedInPage(browser, customerToken, { width, language: "fa" });
        const page = customer.page;
        await page.goto("/my-licenses/requests");
        await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
        await expect(page.getByRole("heading", { level: 1, name: "مجوزهای من" })).toBeVisible();
        await expect(page.getByTestId("license-requests-table").getByRole("row")).toHaveCount(5);
        await shoot(page, "my-requests");
        await page.goto(`/my-licenses/purchased?license=${licenses[0]!.id}`);
        await expect(page.getByTestId("installation")).toHaveCount(1);
        await shoot(page, "license-drawer");
        await page.goto("/updates");
        await expect(page.getByRole("heading", { level: 1, name: "به‌روزرسانی‌ها" })).toBeVisible();
        await shoot(page, "updates");
        expect(customer.errors, "customer console errors").toEqual([]);
        await customer.context.close();

        const adminSession = await signedInPage(browser, adminToken, { width, language: "fa" });
        await adminSession.page.goto(`/admin/license-requests?q=${encodeURIComponent(email)}`);
        await expect(adminSession.page.getByTestId("license-requests-table").getByRole("row")).toHaveCount(5);
        await shoot(adminSession.page, "admin-requests");
        expect(adminSession.errors, "admin console errors").toEqual([]);
        await adminSession.context.close();
      }
    });

    for (const width of [1440, 390] as const) {
      for (const theme of ["light", "dark"] as const) {
        test(`every licence screen at ${width}px, ${theme}, en and tr`, async ({ browser }) => {
          test.setTimeout(240_000);
          const { email, customerToken, ownerId, editId, licenses } = shots;
          for (const language of ["en", "tr"] as const) {
            const shoot = async (page: Page, name: string) => {
              await page.evaluate(() => document.fonts.ready);
              // The page never scrolls sideways on a phone: tables scroll inside their own box.
              expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} page width`).toBeLessThanOrEqual(width);
              await page.screenshot({ path: path.join(artifacts, `licences-${name}-${theme}-${language}-${width}.png`), animations: "disabled" });
            };
            const h1 = (page: Page, name: string) => expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

            const customer = await signedInPage(browser, customerToken, { width, theme, language });
            const page = customer.page;
            await page.goto("/my-licenses/requests");
            await h1(page, headings[language].requests);
            await expect(page.getByTestId("license-requests-table").getByRole("row")).toHaveCount(5);
            await shoot(page, "my-requests");
            await page.getByRole("button", { name: /^(Request a licence|Lisans talep et)$/ }).first().click();
            await expect(page.getByRole("dialog")).toBeVisible();
            await page.getByRole("dialog").getByRole("button", { name: /Send request|Talebi gönder/ }).click();
            await expect(page.getByRole("dialog").locator(".mantine-Select-error")).toBeVisible();
            await shoot(page, "request-form");
            await page.keyboard.press("Escape");

            await page.goto("/my-licenses/purchased");
            await expect(page.getByTestId("licenses-table").getByTestId("license-key")).toHaveCount(3);
            await shoot(page, "my-issued");
            await page.goto(`/my-licenses/purchased?license=${licenses[0]!.id}`);
            await expect(page.getByTestId("installation")).toHaveCount(1);
            await shoot(page, "license-drawer");
            await page.getByTestId("installation").getByRole("button").click();
            await expect(page.getByTestId("release-quota")).toBeVisible();
            await shoot(page, "release-confirm");

            await page.goto("/updates");
            await h1(page, headings[language].updates);
            await shoot(page, "updates");
            await page.getByTestId("req-upload").locator('input[type="file"]').setInputFiles({
              name: "edge-gw-01.req",
              mimeType: "application/octet-stream",
              buffer: reqFile(licenses[0]!.key, { hostname: "edge-gw-01", os: "debian 12" }),
            });
            await expect(page.getByTestId("req-selected")).toBeVisible();
            await shoot(page, "updates-selected");
            await page.getByTestId("req-selected").getByRole("button").first().click();
            await expect(page.getByTestId("req-done")).toBeVisible();
            await shoot(page, "updates-done");
            expect(customer.errors, "customer console errors").toEqual([]);
            await customer.context.close();

            const adminSession = await signedInPage(browser, adminToken, { width, theme, language });
            const adminPage = adminSession.page;
            await adminPage.goto(`/admin/license-requests?q=${encodeURIComponent(email)}`);
            await h1(adminPage, headings[language].admin);
            await expect(adminPage.getByTestId("license-requests-table").getByRole("row")).toHaveCount(5);
            await shoot(adminPage, "admin-requests");
            await adminPage.goto(`/license-requests/edit/${editId}`);
            await h1(adminPage, headings[language].edit);
            await expect(adminPage.getByRole("combobox", { name: /Features|Özellikler/ })).toBeAttached();
            await shoot(adminPage, "admin-edit");
            await adminPage.goto(`/admin/purchased-licenses?ownerId=${ownerId}`);
            await h1(adminPage, headings[language].issued);
            await expect(adminPage.getByTestId("licenses-table").getByTestId("license-key")).toHaveCount(3);
            await shoot(adminPage, "admin-issued");
            expect(adminSession.errors, "admin console errors").toEqual([]);
            await adminSession.context.close();
          }
        });
      }
    }
  });
});

async function ownerIdOf(request: APIRequestContext, token: string): Promise<string> {
  const response = await request.get("/api/v1/auth/me", { headers: auth(token) });
  return ((await response.json()) as Envelope<{ id: string }>).data.id;
}
