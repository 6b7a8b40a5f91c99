import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { zipOf } from "@portal/test-support";
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
  sha256Of,
  signedInPage,
  test,
  uploadUpdateThroughApi,
  verifyLicenseThroughApi,
} from "./support";

/**
 * Issue 13 in the browser: an administrator runs the whole update wizard with real ZIP files (the
 * upload's bar seen moving), publishes, verifies a customer's licence from the history table; the
 * customer uploads a .req for that licence, sees the update, downloads a file (its bytes' SHA-256 is
 * the file's) and the package, the latter interrupted and resumed with a byte range. Then
 * screenshots of every update screen in light/dark × en/tr × 1440/390, and Persian (RTL).
 */

const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "artifacts");
mkdirSync(artifacts, { recursive: true });

/** A package of `megabytes` of incompressible bytes plus a small script, as a real release would hold. */
function packageZip(folder: string, megabytes: number): Buffer {
  return zipOf([
    { name: `${folder}/install.sh`, data: "#!/bin/sh\nexit 0\n" },
    { name: `${folder}/bundle.bin`, data: randomBytes(megabytes * 1024 * 1024) },
  ]);
}

/** Records every aria-valuenow the upload's progress bar takes, from inside the page (no polling gaps). */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid="upload-progress"] [role="progressbar"]');
      const value = Number(bar?.getAttribute("aria-valuenow"));
      if (bar && seen.at(-1) !== value) seen.push(value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-valuenow"] });
  });
}

test.describe("software updates", () => {
  let adminToken = "";

  test.beforeAll(async ({ request }) => {
    adminToken = await apiLogin(request, admin.email, admin.password);
  });

  test("the wizard with real ZIPs and upload progress → publish → verify the customer's licence → the customer's .req lists it → downloads (one resumed) match", async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const email = await readyAccount(request, "upd-journey", "Umut");
    const customerToken = await apiLogin(request, email, PASSWORD);
    const license = await issuedLicenseThroughApi(request, adminToken, customerToken, "Updates journey");
    const backend = packageZip("server", 3);
    const frontend = packageZip("web", 1);
    const config = Buffer.from("[portal]\nchannel = stable\n");
    const header = `Faster activation ${Date.now().toString(36)}`;

    // 1. Step 1: the packages (names checked here first), an extra file with its install path, the upload.
    const adminSession = await signedInPage(browser, adminToken);
    const adminPage = adminSession.page;
    await adminPage.goto("/admin/admin-updates");
    await expect(adminPage.getByRole("heading", { level: 1, name: "Updates" })).toBeVisible();
    await adminPage.getByTestId("update-new").click();
    await expect(adminPage).toHaveURL(/\/admin\/admin-updates\/new$/);
    await expect(adminPage.getByRole("heading", { level: 1, name: "New update" })).toBeVisible();
    const backendInput = adminPage.getByTestId("package-backend").locator('input[type="file"]');
    await backendInput.setInputFiles({ name: "server.zip", mimeType: "application/zip", buffer: backend });
    await expect(adminPage.getByTestId("package-backend-problem")).toHaveText("The backend file must be named backend.zip.");
    await adminPage.getByRole("button", { name: "Remove server.zip" }).click();
    await adminPage.getByTestId("files-upload").click();
    await expect(adminPage.getByTestId("package-backend-problem")).toHaveText("Both backend.zip and frontend.zip are required.");
    await backendInput.setInputFiles({ name: "backend.zip", mimeType: "application/zip", buffer: backend });
    await adminPage.getByTestId("package-frontend").locator('input[type="file"]').setInputFiles({ name: "frontend.zip", mimeType: "application/zip", buffer: frontend });
    await adminPage.getByTestId("wizard-files").locator('input[type="file"][multiple]').setInputFiles({ name: "portal.ini", mimeType: "text/plain", buffer: config });
    await adminPage.getByTestId("files-upload").click();
    await expect(adminPage.getByTestId("files-problems")).toHaveText("Please provide a path for each extra file.");
    await adminPage.getByLabel("Install path for portal.ini").fill("../etc/portal.ini");
    await expect(adminPage.getByTestId("wizard-files")).toContainText("The path must be relative and cannot contain “..”.");
    await adminPage.getByLabel("Install path for portal.ini").fill("config/portal.ini");

    // The upload is slowed down (2 MB/s) so the bar can be seen between 0 and 100.
    const cdp = await adminSession.context.newCDPSession(adminPage);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 2 * 1024 * 1024 });
    await recordProgress(adminPage);
    await adminPage.getByTestId("files-upload").click();
    await expect(adminPage.getByTestId("upload-progress")).toBeVisible();
    await expect(adminPage.getByText("Files uploaded successfully!")).toBeVisible({ timeout: 30_000 });
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const seen = await adminPage.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(seen.some((value) => value > 0 && value < 100), `progress values seen: ${seen.join(", ")}`).toBe(true);
    await expect(adminPage).toHaveURL(/\/admin\/admin-updates\/drafts\/[0-9a-f-]{36}$/);
    const updateId = adminPage.url().split("/").pop()!;

    // 2. Step 2: commands added, reordered with the buttons, one removed.
    await expect(adminPage.getByTestId("wizard-commands")).toBeVisible();
    for (const command of ["systemctl stop portal", "portal migrate --yes", "rm -rf /tmp/portal-cache", "systemctl start portal"]) {
      await adminPage.getByTestId("command-add").click();
      await adminPage.getByTestId("command-input").last().fill(command);
    }
    await adminPage.getByRole("button", { name: "Move command 3 up" }).click();
    await adminPage.getByRole("button", { name: "Remove command 4" }).click();
    await adminPage.getByRole("button", { name: "Move command 1 down" }).click();
    const commandValues = () => adminPage.getByTestId("command-input").evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    await expect.poll(commandValues).toEqual(["rm -rf /tmp/portal-cache", "systemctl stop portal", "portal migrate --yes"]);
    await adminPage.getByTestId("commands-send").click();
    await expect(adminPage.getByText("Commands sent successfully!")).toBeVisible();

    // 3. Step 3: every field is required, then it publishes.
    await expect(adminPage.getByTestId("wizard-changelog")).toBeVisible();
    await adminPage.getByTestId("changelog-publish").click();
    await expect(adminPage.getByTestId("changelog-required")).toHaveText("Please fill in all fields");
    const version = await nextUpdateVersion(request, adminToken, "major");
    await adminPage.getByTestId("changelog-header").fill(header);
    await adminPage.getByTestId("changelog-version").fill("2.x");
    await adminPage.getByLabel("Minor").check();
    await adminPage.getByTestId("changelog-text").fill("Activation takes one request.\nThe log viewer pages on the server.");
    await adminPage.getByTestId("changelog-publish").click();
    await expect(adminPage.getByTestId("wizard-changelog")).toContainText("Version must be a semantic version such as 2.4.0");
    await adminPage.getByTestId("changelog-version").fill(version);
    await adminPage.getByTestId("changelog-publish").click();
    await expect(adminPage.getByTestId("wizard-finished")).toBeVisible();
    await expect(adminPage.getByTestId("finished-version")).toHaveText(version);

    // 4. The licence is verified from the history tab.
    await adminPage.getByTestId("finished-verify").click();
    await expect(adminPage).toHaveURL(new RegExp(`/admin/admin-updates\\?view=history&updateId=${updateId}$`));
    const row = adminPage.getByTestId("admin-history-table").getByRole("row").filter({ hasText: license.key });
    await expect(row.getByTestId("license-verification")).toHaveText("Not Verified");
    await expect(row.getByTestId("customer-verification")).toHaveText("Not Verified");
    await row.getByRole("button", { name: /^Verify: / }).click();
    await expect(adminPage.getByText("User verified successfully")).toBeVisible();
    await expect(row.getByTestId("license-verification")).toHaveText("Verified");
    await expect(row.getByTestId("customer-verification")).toHaveText("Verified");

    // The list and the drawer: every file with its install path, size and hash.
    await adminPage.getByTestId("updates-tab").click();
    await adminPage.getByTestId("updates-search").fill(header);
    // The search box writes the URL 300 ms after the last key: wait for it, or that write (made from the
    // page as it was before the click) would drop the drawer's ?update= again.
    await expect(adminPage).toHaveURL(/[?&]q=/);
    const listRow = adminPage.getByTestId("updates-table").getByRole("row").filter({ hasText: header });
    await expect(listRow.getByTestId("update-status")).toHaveText("Published");
    await listRow.getByRole("button", { name: `Details of ${version}` }).click();
    const drawer = adminPage.getByRole("dialog", { name: version });
    await expect(drawer.getByTestId("update-file")).toHaveCount(3);
    await expect(drawer.getByTestId("update-file").filter({ hasText: "portal.ini" })).toContainText("config/portal.ini");
    await expect(drawer.getByTestId("update-file-sha").first()).toHaveText(sha256Of(backend));
    expect(adminSession.errors, "admin console errors").toEqual([]);
    await adminSession.context.close();

    // 5. The customer: .req → auth request → list request → the update, then the downloads.
    const customer = await signedInPage(browser, customerToken);
    const page = customer.page;
    await page.goto("/updates");
    await page.getByTestId("req-upload").locator('input[type="file"]').setInputFiles({
      name: "edge-01.req",
      mimeType: "application/octet-stream",
      buffer: reqFile(license.key, { hostname: "edge-01", version: "1.0.0" }),
    });
    await page.getByRole("button", { name: "Upload and activate" }).click();
    await expect(page.getByTestId("req-done")).toContainText("Licence activated");
    const available = page.getByTestId("available-update").filter({ hasText: header });
    await expect(available.getByTestId("available-version")).toHaveText(version);
    await expect(available).toContainText("Activation takes one request.");

    await available.getByTestId("available-files-toggle").click();
    const fileStarted = page.waitForEvent("download");
    await available.getByRole("button", { name: "Download file: backend.zip" }).click();
    const fileDownload = await fileStarted;
    expect(fileDownload.suggestedFilename()).toBe("backend.zip");
    expect(sha256Of(readFileSync(await fileDownload.path()))).toBe(sha256Of(backend));
    await expect(available.getByTestId("download-file-backend.zip-done")).toHaveText("backend.zip saved.");

    // The package: the first answer breaks off after half of its bytes (its Content-Length promises
    // them all), and Resume asks the server for the rest with Range and If-Range.
    const packagePath = `/api/v1/updates/${updateId}/package`;
    const ranges: (string | undefined)[] = [];
    page.on("request", (sent) => {
      if (new URL(sent.url()).pathname === packagePath) ranges.push(sent.headers().range);
    });
    await page.route(`**${packagePath}`, async (route) => {
      const whole = await route.fetch();
      const bytes = await whole.body();
      await route.fulfill({ status: 200, headers: { ...whole.headers(), "content-length": String(bytes.length) }, body: bytes.subarray(0, bytes.length >> 1) });
    }, { times: 1 });
    await available.getByRole("button", { name: `Download package: update-${version}.zip` }).click();
    const failed = available.getByTestId("download-package-failed");
    await expect(failed).toContainText("Download failed: ");
    await expect(failed).toContainText(/MB of [\d.,]+ MB arrived and are kept/);
    const packageStarted = page.waitForEvent("download");
    await available.getByTestId("download-package-resume").click();
    const packageDownload = await packageStarted;
    expect(packageDownload.suggestedFilename()).toBe(`update-${version}.zip`);
    const packageBytes = readFileSync(await packageDownload.path());
    expect(ranges[0]).toBeUndefined();
    expect(ranges[1]).toMatch(/^bytes=[1-9]\d*-$/);
    const head = await request.head(`/api/v1/updates/${updateId}/package`, { headers: { Authorization: `Bearer ${adminToken}` } });
    expect(head.headers().etag).toBe(`"${sha256Of(packageBytes)}"`);
    expect(packageBytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(packageBytes.includes(Buffer.from("manifest.json"))).toBe(true);

    // Their own history says Verified.
    const history = page.getByTestId("history-table").getByRole("row").filter({ hasText: version });
    await expect(history.getByTestId("license-verification")).toHaveText("Verified");
    expect(customer.errors, "customer console errors").toEqual([]);
    await customer.context.close();
  });

  test.describe("screenshots", () => {
    let shots: { customerToken: string; draftId: string; licenseKey: string; version: string };

    test.beforeAll(async ({ request }) => {
      const email = await readyAccount(request, "upd-shots", "Selin");
      const customerToken = await apiLogin(request, email, PASSWORD);
      const license = await issuedLicenseThroughApi(request, adminToken, customerToken, "Updates screens");
      await issuedLicenseThroughApi(request, adminToken, customerToken, "Updates screens second");
      const draft = await uploadUpdateThroughApi(request, adminToken, [{ name: "portal.ini", path: "config/portal.ini", data: Buffer.from("[portal]\n") }]);
      const published = await publishUpdateThroughApi(request, adminToken, {
        header: "Faster activation and a paged log viewer",
        type: "minor",
        changeLog: "Activation takes one request instead of three.\nThe log viewer pages on the server.\nFixed: the licence drawer's dates in Persian.",
        commands: ["systemctl stop portal", "portal migrate --yes", "systemctl start portal"],
      });
      await verifyLicenseThroughApi(request, adminToken, published.id, license.id);
      shots = { customerToken, draftId: draft.id, licenseKey: license.key, version: published.version };
    });

    const headings = {
      en: { updates: "Updates", wizard: "New update", fill: "Please fill in all fields", path: "Please provide a path for each extra file." },
      tr: { updates: "Güncellemeler", wizard: "Yeni güncelleme", fill: "Lütfen tüm alanları doldurun", path: "Lütfen her ek dosya için bir yol belirtin." },
      fa: { updates: "به‌روزرسانی‌ها", wizard: "به‌روزرسانی جدید", fill: "لطفاً همهٔ فیلدها را پر کنید", path: "لطفاً برای هر فایل اضافی یک مسیر وارد کنید." },
    } as const;

    async function shootAll(browser: Browser, width: number, theme: "light" | "dark", language: keyof typeof headings): Promise<void> {
      const shoot = async (page: Page, name: string) => {
        await page.evaluate(() => document.fonts.ready);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} page width`).toBeLessThanOrEqual(width);
        // A full-page shot of a scrolled page draws the fixed top bar where the scroll left it.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: path.join(artifacts, `updates-${name}-${theme}-${language}-${width}.png`), animations: "disabled", fullPage: true });
      };
      const h1 = (page: Page, name: string) => expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      const sessions: { context: BrowserContext; errors: string[]; who: string }[] = [];

      const support = await signedInPage(browser, adminToken, { width, theme, language });
      sessions.push({ ...support, who: "admin" });
      const adminPage = support.page;
      await adminPage.goto("/admin/admin-updates");
      await h1(adminPage, headings[language].updates);
      await expect(adminPage.getByTestId("updates-table").getByTestId("update-status").first()).toBeVisible();
      await shoot(adminPage, "admin-list");
      await adminPage.goto(`/admin/admin-updates?update=${shots.draftId}`);
      await expect(adminPage.getByTestId("update-detail")).toBeVisible();
      await shoot(adminPage, "admin-drawer");
      await adminPage.goto(`/admin/admin-updates?view=history&q=${encodeURIComponent(shots.licenseKey.slice(0, 11))}`);
      await expect(adminPage.getByTestId("admin-history-table").getByTestId("license-verification").first()).toBeVisible();
      await shoot(adminPage, "admin-history");

      await adminPage.goto("/admin/admin-updates/new");
      await h1(adminPage, headings[language].wizard);
      await adminPage.getByTestId("package-backend").locator('input[type="file"]').setInputFiles({ name: "backend.zip", mimeType: "application/zip", buffer: packageZip("server", 1) });
      await adminPage.getByTestId("package-frontend").locator('input[type="file"]').setInputFiles({ name: "web-build.zip", mimeType: "application/zip", buffer: packageZip("web", 1) });
      await adminPage.getByTestId("wizard-files").locator('input[type="file"][multiple]').setInputFiles([
        { name: "portal.ini", mimeType: "text/plain", buffer: Buffer.from("[portal]\n") },
        { name: "logo.png", mimeType: "image/png", buffer: Buffer.from("png") },
      ]);
      await adminPage.getByTestId("extra-path").first().fill("config/portal.ini");
      await adminPage.getByTestId("files-upload").click();
      await expect(adminPage.getByTestId("files-problems")).toBeVisible();
      await shoot(adminPage, "wizard-files");
      await adminPage.goto(`/admin/admin-updates/drafts/${shots.draftId}`);
      await expect(adminPage.getByTestId("wizard-commands")).toBeVisible();
      // The draft keeps the commands an earlier round sent.
      if ((await adminPage.getByTestId("command-input").count()) === 0) {
        for (const command of ["systemctl stop portal", "portal migrate --yes", "systemctl start portal"]) {
          await adminPage.getByTestId("command-add").click();
          await adminPage.getByTestId("command-input").last().fill(command);
        }
      }
      await shoot(adminPage, "wizard-commands");
      await adminPage.getByTestId("commands-send").click();
      await adminPage.getByTestId("changelog-version").fill("2.x");
      await adminPage.getByTestId("changelog-publish").click();
      await expect(adminPage.getByTestId("changelog-required")).toHaveText(headings[language].fill);
      await shoot(adminPage, "wizard-changelog");

      const customer = await signedInPage(browser, shots.customerToken, { width, theme, language });
      sessions.push({ ...customer, who: "customer" });
      const page = customer.page;
      await page.goto("/updates");
      await h1(page, headings[language].updates);
      await expect(page.getByTestId("history-table").getByTestId("license-verification").first()).toBeVisible();
      await page.getByTestId("req-upload").locator('input[type="file"]').setInputFiles({
        name: "edge-gw-01.req",
        mimeType: "application/octet-stream",
        buffer: reqFile(shots.licenseKey, { hostname: "edge-gw-01", version: "1.0.0" }),
      });
      await page.getByTestId("req-selected").getByRole("button").first().click();
      await expect(page.getByTestId("available-update").first()).toBeVisible();
      await page.getByTestId("available-files-toggle").first().click();
      await shoot(page, "customer");

      for (const session of sessions) {
        expect(session.errors, `${session.who} console errors`).toEqual([]);
        await session.context.close();
      }
    }

    for (const width of [1440, 390] as const) {
      for (const theme of ["light", "dark"] as const) {
        test(`every update screen at ${width}px, ${theme}, en and tr`, async ({ browser }) => {
          test.setTimeout(240_000);
          for (const language of ["en", "tr"] as const) await shootAll(browser, width, theme, language);
        });
      }
    }

    test("right to left: the update screens in Persian at 1440px and 390px", async ({ browser }) => {
      test.setTimeout(240_000);
      for (const width of [1440, 390] as const) await shootAll(browser, width, "light", "fa");
    });
  });
});
