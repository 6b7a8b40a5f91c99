import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { crc32, deflateSync } from "node:zlib";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { admin, apiLogin, expect, PASSWORD, readyAccount, signedInPage, test } from "./support";

/**
 * Issue 12 in the browser: a customer opens a ticket with an attachment → an administrator adds an
 * internal note, replies and marks it in progress → the customer sees the notification, the messages
 * dropdown's item and the reply (never the note) → the customer closes it (confirmed) → no reply box.
 * Then screenshots of every ticket screen in light/dark × en/tr × 1440/390, and Persian (RTL).
 */

const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "artifacts");
mkdirSync(artifacts, { recursive: true });

interface Envelope<T> {
  status: "success";
  data: T;
}
interface TicketRow {
  id: string;
  number: string;
  status: string;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A 48×36 PNG (a blue gradient) made here, so the image preview has something to show. */
function pngImage(): Buffer {
  const width = 48;
  const height = 36;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x += 1) {
      raw[row + 1 + x * 3] = 21 + x * 2;
      raw[row + 2 + x * 3] = 78 + y * 3;
      raw[row + 3 + x * 3] = 193;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function createTicketThroughApi(
  request: APIRequestContext,
  token: string,
  body: { subject: string; type: string; priority: string; message: string },
  withImage = false,
): Promise<TicketRow> {
  const response = withImage
    ? await request.post("/api/v1/tickets", {
        headers: auth(token),
        multipart: { ...body, attachments: { name: "screen.png", mimeType: "image/png", buffer: pngImage() } },
      })
    : await request.post("/api/v1/tickets", { headers: auth(token), data: body });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as Envelope<TicketRow>).data;
}

async function post(request: APIRequestContext, token: string, url: string, data?: unknown): Promise<void> {
  const response = await request.post(url, { headers: auth(token), ...(data === undefined ? {} : { data }) });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
}

test.describe("tickets", () => {
  let adminToken = "";

  test.beforeAll(async ({ request }) => {
    adminToken = await apiLogin(request, admin.email, admin.password);
  });

  test("a customer's ticket with an attachment, answered by support with a note they never see, then closed", async ({ browser, request }) => {
    test.setTimeout(120_000);
    const email = await readyAccount(request, "ticket-journey", "Deniz");
    const customerToken = await apiLogin(request, email, PASSWORD);
    const subject = `Activation fails on the edge gateway ${Date.now().toString(36)}`;
    const note = "Internal: the customer runs v2.3, known bug #4411.";
    const reply = "Thanks for the screenshot.\nPlease update to 2.4 and try again.";

    // The customer opens a ticket with a screenshot.
    const customer = await signedInPage(browser, customerToken);
    const page = customer.page;
    await page.goto("/my-tickets");
    await expect(page.getByRole("heading", { level: 1, name: "My support tickets" })).toBeVisible();
    await expect(page.getByTestId("data-table-empty")).toBeVisible();
    await page.getByTestId("data-table-empty").getByRole("link", { name: "Create ticket" }).click();
    await expect(page).toHaveURL(/\/create-new-ticket$/);
    await page.getByTestId("ticket-submit").click();
    await expect(page.getByText("Please fill in all required fields.").first()).toBeVisible();
    await page.getByTestId("ticket-subject").fill(subject);
    await page.getByTestId("ticket-type").selectOption("technical");
    await page.getByTestId("ticket-priority").selectOption("high");
    await page.getByTestId("ticket-message").fill("The licence does not activate.\nThe screenshot shows the error.");
    await page.locator('input[type="file"]').setInputFiles({ name: "error.png", mimeType: "image/png", buffer: pngImage() });
    await expect(page.getByTestId("attachments-chosen")).toContainText("error.png");
    // A file of a type the API refuses is stopped before the upload.
    await page.locator('input[type="file"]').setInputFiles({ name: "tool.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ") });
    await expect(page.getByTestId("attachments-problems")).toContainText("tool.exe is not an allowed file type.");
    await page.getByTestId("ticket-submit").click();
    await expect(page.getByText("Ticket created successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/my-tickets\/[0-9a-f-]{36}$/);
    const ticketId = page.url().split("/").pop()!;
    await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    await expect(page.getByTestId("ticket-status")).toHaveText("Open");
    await expect(page.getByTestId("attachment-download")).toContainText("error.png");
    await expect(page.getByTestId("attachment-thumbnail")).toBeVisible();

    // The customer leaves the thread: an open thread re-reads itself every 10 s and marks what
    // arrives as read, so support's reply would be read before the dropdown below could count it.
    await page.goto("/dashboard");

    // Support: an internal note, a reply, in progress.
    const support = await signedInPage(browser, adminToken);
    const adminPage = support.page;
    await adminPage.goto(`/admin/resolution-center?q=${encodeURIComponent(subject)}`);
    await expect(adminPage.getByRole("heading", { level: 1, name: "Resolution center" })).toBeVisible();
    await expect(adminPage.getByTestId("ticket-stats")).toBeVisible();
    await adminPage.getByTestId("admin-tickets-table").getByRole("link", { name: subject }).click();
    await expect(adminPage).toHaveURL(new RegExp(`/admin/resolution-center/${ticketId}$`));
    await adminPage.getByTestId("reply-mode").getByText("Internal note").click();
    await adminPage.getByTestId("reply-body").fill(note);
    await adminPage.getByTestId("reply-send").click();
    await expect(adminPage.getByTestId("ticket-note")).toContainText(note);
    await expect(adminPage.getByTestId("ticket-note")).toContainText("Internal note");
    await adminPage.getByTestId("reply-mode").getByText("Reply to the customer").click();
    await adminPage.getByTestId("reply-body").fill(reply);
    await adminPage.getByTestId("reply-send").click();
    await expect(adminPage.getByText("Message sent successfully.")).toBeVisible();
    await expect(adminPage.getByTestId("ticket-message").last()).toContainText("Please update to 2.4");
    await adminPage.getByTestId("ticket-action-inProgress").click();
    await expect(adminPage.getByText("Ticket marked as in progress.")).toBeVisible();
    await expect(adminPage.getByTestId("ticket-status")).toHaveText("In progress");
    await expect(adminPage.getByTestId("ticket-action-inProgress")).toHaveCount(0);
    expect(support.errors, "admin console errors").toEqual([]);
    await support.context.close();

    // The customer: the bell, the messages dropdown, the reply without the note.
    await page.goto("/dashboard");
    await expect(page.getByTestId("notifications-button")).toHaveAttribute("aria-label", /unread/);
    await expect(page.getByTestId("messages-button")).toHaveAttribute("aria-label", /Messages \(\d+ unread\)/);
    await page.getByTestId("messages-button").click();
    const item = page.getByTestId("message-item").filter({ hasText: subject }).first();
    await expect(item).toContainText("Admin");
    await expect(item).toContainText("Please update to 2.4");
    await expect(page.getByTestId("message-list")).not.toContainText("known bug");
    await item.getByRole("button").click();
    await expect(page).toHaveURL(new RegExp(`/my-tickets/${ticketId}$`));
    await expect(page.getByTestId("message-list")).toHaveCount(0);
    await expect(page.getByTestId("ticket-status")).toHaveText("In progress");
    await expect(page.getByTestId("ticket-thread")).toContainText("Please update to 2.4 and try again.");
    await expect(page.getByTestId("ticket-thread")).not.toContainText("known bug");
    await expect(page.getByTestId("ticket-note")).toHaveCount(0);
    // Opening the thread marked it read.
    await expect(page.getByTestId("messages-button")).toHaveAttribute("aria-label", "Messages");

    // The customer closes it, after a confirmation.
    await page.getByTestId("ticket-action-close").click();
    await expect(page.getByTestId("ticket-close-dialog").getByText(/will be closed/)).toBeVisible();
    await page.getByTestId("ticket-close-confirm").click();
    await expect(page.getByText("Ticket closed successfully.")).toBeVisible();
    await expect(page.getByTestId("ticket-closed")).toHaveText("This ticket is closed.");
    await expect(page.getByTestId("reply-box")).toHaveCount(0);
    await expect(page.getByTestId("ticket-status")).toHaveText("Closed");

    await page.goto("/my-tickets");
    await expect(page.getByTestId("tickets-table").getByRole("link", { name: subject })).toBeVisible();
    expect(customer.errors, "customer console errors").toEqual([]);
    await customer.context.close();
  });

  test.describe("screenshots", () => {
    // Tickets in every status, with a short thread, an image and an internal note.
    let shots: { customerToken: string; threadId: string };

    test.beforeAll(async ({ request }) => {
      const email = await readyAccount(request, "ticket-shots", "Selin");
      const customerToken = await apiLogin(request, email, PASSWORD);
      const thread = await createTicketThroughApi(
        request,
        customerToken,
        { subject: "Licence does not activate on the second server", type: "technical", priority: "high", message: "Activation answers FINGERPRINT_MISMATCH.\nThe first server works." },
        true,
      );
      await post(request, adminToken, `/api/v1/tickets/${thread.id}/messages`, { body: "Moved from the old hardware last week, per the CRM.", internal: true });
      await post(request, adminToken, `/api/v1/tickets/${thread.id}/messages`, { body: "Thanks! Please release the old installation first, then activate again." });
      await post(request, adminToken, `/api/v1/tickets/${thread.id}/in-progress`);
      const billing = await createTicketThroughApi(request, customerToken, { subject: "Invoice needs our VAT number", type: "billing", priority: "low", message: "Please add TR1234567890." });
      await post(request, adminToken, `/api/v1/tickets/${billing.id}/messages`, { body: "Done, the corrected invoice is attached to your account." });
      await post(request, adminToken, `/api/v1/tickets/${billing.id}/resolve`);
      const feature = await createTicketThroughApi(request, customerToken, { subject: "Export licences as CSV", type: "feature_request", priority: "medium", message: "It would help our audits." });
      await post(request, customerToken, `/api/v1/tickets/${feature.id}/close`);
      await createTicketThroughApi(request, customerToken, { subject: "Plant outage: all licences invalid", type: "license_request", priority: "critical", message: "Since 06:00 nothing validates." });
      shots = { customerToken, threadId: thread.id };
    });

    const headings = {
      en: { mine: "My support tickets", create: "Create ticket", center: "Resolution center", required: "Please fill in all required fields." },
      tr: { mine: "Destek taleplerim", create: "Talep oluştur", center: "Çözüm merkezi", required: "Lütfen tüm zorunlu alanları doldurun." },
      fa: { mine: "تیکت‌های پشتیبانی من", create: "ایجاد تیکت", center: "مرکز رسیدگی", required: "لطفاً همه فیلدهای الزامی را پر کنید." },
    } as const;

    async function shootAll(browser: Browser, width: number, theme: "light" | "dark", language: keyof typeof headings): Promise<void> {
      const shoot = async (page: Page, name: string) => {
        await page.evaluate(() => document.fonts.ready);
        // The page never scrolls sideways on a phone: tables scroll inside their own box.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} page width`).toBeLessThanOrEqual(width);
        await page.screenshot({ path: path.join(artifacts, `tickets-${name}-${theme}-${language}-${width}.png`), animations: "disabled", fullPage: name.includes("thread") });
      };
      const h1 = (page: Page, name: string) => expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      const sessions: { context: BrowserContext; errors: string[]; who: string }[] = [];

      const customer = await signedInPage(browser, shots.customerToken, { width, theme, language });
      sessions.push({ ...customer, who: "customer" });
      const page = customer.page;
      await page.goto("/my-tickets");
      await h1(page, headings[language].mine);
      await expect(page.getByTestId("tickets-table").getByTestId("ticket-link")).toHaveCount(4);
      await shoot(page, "my-tickets");
      await page.goto("/create-new-ticket");
      await h1(page, headings[language].create);
      await page.getByTestId("ticket-submit").click();
      await expect(page.getByTestId("create-ticket-form").getByText(headings[language].required).first()).toBeVisible();
      await shoot(page, "create");
      await page.goto(`/my-tickets/${shots.threadId}`);
      await expect(page.getByTestId("attachment-thumbnail")).toBeVisible();
      await shoot(page, "thread-customer");
      await page.getByTestId("messages-button").click();
      // Support's reply, once the dropdown's list (a lazy chunk) and the inbox are in.
      await expect(page.getByTestId("message-item").first()).toBeVisible();
      await shoot(page, "messages-dropdown");

      const support = await signedInPage(browser, adminToken, { width, theme, language });
      sessions.push({ ...support, who: "admin" });
      await support.page.goto("/admin/resolution-center");
      await h1(support.page, headings[language].center);
      await expect(support.page.getByTestId("ticket-stat-total")).toBeVisible();
      await expect(support.page.getByTestId("admin-tickets-table").getByTestId("ticket-link").first()).toBeVisible();
      await shoot(support.page, "resolution-center");
      await support.page.goto(`/admin/resolution-center/${shots.threadId}`);
      await expect(support.page.getByTestId("ticket-note")).toBeVisible();
      await expect(support.page.getByTestId("attachment-thumbnail")).toBeVisible();
      await shoot(support.page, "thread-admin");

      for (const session of sessions) {
        expect(session.errors, `${session.who} console errors`).toEqual([]);
        await session.context.close();
      }
    }

    for (const width of [1440, 390] as const) {
      for (const theme of ["light", "dark"] as const) {
        test(`every ticket screen at ${width}px, ${theme}, en and tr`, async ({ browser }) => {
          test.setTimeout(180_000);
          for (const language of ["en", "tr"] as const) await shootAll(browser, width, theme, language);
        });
      }
    }

    test("right to left: the ticket screens in Persian at 1440px and 390px", async ({ browser }) => {
      test.setTimeout(180_000);
      for (const width of [1440, 390] as const) await shootAll(browser, width, "light", "fa");
    });
  });
});
