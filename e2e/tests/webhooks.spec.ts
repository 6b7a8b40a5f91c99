import { mkdirSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page, Route } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { seriousAxeFailures } from "./a11y-support";
import { admin, apiLogin, expect, PASSWORD, planBody, readyAccount, signedInPage, test } from "./support";

/**
 * Issue 28 in the browser: an administrator makes an API token, adds a webhook endpoint pointing at
 * a real receiver on 127.0.0.1 (which verifies every delivery with the Standard Webhooks reference
 * library, not with the portal's signing code), approves a customer's licence request, and sees the
 * delivery `delivered` on the endpoint's page; then the webhook screens in light/dark × en/tr/fa ×
 * desktop/phone with axe.
 */

const artifacts = process.env.PORTAL_SHOTS_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "artifacts", "webhooks");
mkdirSync(artifacts, { recursive: true });

interface Envelope<T> {
  status: "success";
  data: T;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

let runCounter = 0;
function suffix(): string {
  runCounter += 1;
  return `${Date.now().toString(36)}${process.pid.toString(36)}${runCounter}`;
}

interface Received {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

/**
 * An HTTP receiver on 127.0.0.1: every POST is verified with `standardwebhooks` against the secret
 * it is given once the endpoint exists (answering 204, or 401 for a bad signature); the verified
 * events are kept in order.
 */
async function startReceiver(): Promise<{ url: string; received: Received[]; refused: string[]; setSecret: (secret: string) => void; close: () => Promise<void> }> {
  const received: Received[] = [];
  const refused: string[] = [];
  let verifier: Webhook | undefined;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      try {
        if (!verifier) throw new Error("no secret yet");
        const event = verifier.verify(body, request.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
        received.push({ id: String((request.headers as IncomingHttpHeaders)["webhook-id"]), type: event.type, data: event.data });
        response.writeHead(204).end();
      } catch (error) {
        refused.push(`${request.headers["webhook-id"]}: ${(error as Error).message}`);
        response.writeHead(401, { "content-type": "text/plain" }).end("signature refused");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/portal`,
    received,
    refused,
    setSecret: (secret) => {
      verifier = new Webhook(secret);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A plan of its own (catalogue names are unique) for the customer to request. */
async function createPlan(request: APIRequestContext, adminToken: string): Promise<{ id: string; name: string }> {
  const id = suffix();
  const feature = await request.post("/api/v1/features", { headers: auth(adminToken), data: { name: `Hook Relay ${id}`, description: "Made by the webhook journey", price: 90 } });
  expect(feature.status(), await feature.text()).toBe(201);
  const featureId = ((await feature.json()) as Envelope<{ id: string }>).data.id;
  const name = `Hooked ${id}`;
  const plan = await request.post("/api/v1/plans", { headers: auth(adminToken), data: planBody(name, [featureId], 299) });
  expect(plan.status(), await plan.text()).toBe(201);
  return { id: ((await plan.json()) as Envelope<{ id: string }>).data.id, name };
}

test.describe("webhooks", () => {
  test("admin makes a token and an endpoint, approves a licence request, and the receiver gets verified events shown as delivered", async ({ browser, request }) => {
    test.setTimeout(150_000);
    const receiver = await startReceiver();
    try {
      const adminToken = await apiLogin(request, admin.email, admin.password);
      const session = await signedInPage(browser, adminToken);
      const page = session.page;
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);

      // 1. An API token for the vendor's automation.
      const apiToken = await createApiToken(page);

      // 2. A webhook endpoint for the receiver, made in the UI; its secret is shown this once.
      await page.goto("/admin/webhooks");
      await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
      await page.getByRole("button", { name: "Add endpoint" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Add webhook endpoint" });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel("URL").fill(receiver.url);
      await dialog.getByLabel("Description (optional)").fill("E2E receiver");
      await dialog.getByRole("checkbox", { name: "All of Licence requests" }).check();
      await dialog.getByRole("checkbox", { name: "license.created", exact: true }).check();
      await dialog.getByRole("button", { name: "Create endpoint" }).click();
      const secretDialog = page.getByRole("dialog", { name: "Signing secret" });
      await expect(secretDialog).toContainText("shown only this once");
      const secret = (await secretDialog.getByTestId("webhook-secret").innerText()).trim();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      await secretDialog.getByTestId("webhook-secret-copy").click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      receiver.setSecret(secret);
      await secretDialog.getByRole("button", { name: "I have copied it" }).click();
      await expect(secretDialog).toBeHidden();
      const row = page.getByTestId("webhooks-table").getByRole("row").filter({ hasText: receiver.url });
      await expect(row).toContainText("Enabled");
      await expect(row).toContainText("4 events");
      await row.getByTestId("webhook-endpoint-link").click();
      await expect(page).toHaveURL(/\/admin\/webhooks\/[0-9a-f-]{36}$/);
      const endpointId = page.url().split("/").pop()!;
      await expect(page.getByTestId("webhook-deliveries-table").getByTestId("data-table-empty")).toBeVisible();
      await expect(page.getByTestId("webhook-verify-code")).toContainText(`request.url !== "/hooks/portal"`);

      // 3. A customer's request, approved by the administrator in the UI.
      const plan = await createPlan(request, adminToken);
      const email = await readyAccount(request, "hook-customer", "Hana");
      const customerToken = await apiLogin(request, email, PASSWORD);
      const note = `Webhook journey ${suffix()}`;
      const created = await request.post("/api/v1/license-requests", { headers: auth(customerToken), data: { planId: plan.id, quantity: 1, note } });
      expect(created.status(), await created.text()).toBe(201);
      const requestId = ((await created.json()) as Envelope<{ id: string }>).data.id;
      await page.goto("/admin/license-requests");
      await page.getByRole("searchbox", { name: "Search requests" }).fill(email);
      const requestRow = page.getByTestId("license-requests-table").getByRole("row").filter({ hasText: note });
      await requestRow.getByRole("button", { name: "Approve" }).click();
      const approve = page.getByRole("dialog", { name: "Approve this licence request?" });
      await approve.getByRole("button", { name: "Approve" }).click();
      await expect(page.getByText("Request approved. Licences issued: 1.")).toBeVisible();

      // 4. The endpoint's page shows the approval delivered (it refreshes itself while one is pending).
      await page.goto(`/admin/webhooks/${endpointId}`);
      const deliveries = page.getByTestId("webhook-deliveries-table");
      const approved = deliveries.getByRole("row").filter({ hasText: "license-request.approved" });
      await expect(approved.getByTestId("webhook-delivery-status")).toHaveText("Delivered", { timeout: 30_000 });
      await expect(approved.getByTestId("webhook-delivery-code")).toHaveText("204");
      await expect(deliveries.getByRole("row").filter({ hasText: "license.created" }).getByTestId("webhook-delivery-status")).toHaveText("Delivered", { timeout: 30_000 });
      await page.getByTestId("webhook-deliveries-type-filter").selectOption("license-request.approved");
      await expect(deliveries.getByTestId("webhook-delivery-type")).toHaveText(["license-request.approved"]);

      // 5. The receiver verified each event with the reference library; the token reads the same deliveries.
      await expect.poll(() => receiver.received.map((event) => event.type).sort(), { timeout: 30_000 }).toEqual(
        expect.arrayContaining(["license-request.created", "license-request.approved", "license.created"]),
      );
      expect(receiver.refused).toEqual([]);
      const approvedEvent = receiver.received.find((event) => event.type === "license-request.approved")!;
      expect(approvedEvent.data.id).toBe(requestId);
      expect(receiver.received.find((event) => event.type === "license.created")!.data).toMatchObject({ key: expect.any(String) });
      const throughToken = await request.get(`/api/v1/webhook-endpoints/${endpointId}/deliveries`, { headers: auth(apiToken), params: { status: "delivered" } });
      expect(throughToken.status(), await throughToken.text()).toBe(200);
      const { items } = ((await throughToken.json()) as Envelope<{ items: { type: string; eventId: string }[] }>).data;
      expect(items.find((item) => item.type === "license-request.approved")?.eventId).toBe(approvedEvent.id);
      expect(session.errors, "admin console errors").toEqual([]);
      await session.context.close();
    } finally {
      await receiver.close();
    }
  });
});

/** The administrator's API token for the automation, made in Preferences → API tokens (it may read); answers its secret, shown once. */
async function createApiToken(page: Page): Promise<string> {
  await page.goto("/preferences");
  await page.getByTestId("preferences-api-tokens").click();
  await expect(page).toHaveURL(/\/preferences\/api-tokens$/);
  await page.getByTestId("api-token-create").click();
  const dialog = page.getByRole("dialog", { name: "Create an API token" });
  await dialog.getByLabel("Name").fill(`Webhook automation ${suffix()}`);
  const read = dialog.getByTestId("api-token-scope-read");
  if (!(await read.isChecked())) await read.check();
  await dialog.getByTestId("api-token-scope-webhooks:write").check();
  await dialog.getByTestId("api-token-submit").click();
  const secretDialog = page.getByRole("dialog", { name: "Copy your new API token" });
  const secret = (await secretDialog.getByTestId("api-token-secret").textContent())!.trim();
  expect(secret).toMatch(/^pt_[A-Za-z0-9_-]{43}$/);
  await secretDialog.getByTestId("api-token-done").click();
  await expect(secretDialog).toBeHidden();
  return secret;
}

// ─── Screens: fixed answers for the webhook API, so every shot shows the same rows ───────────────

const ENDPOINT_ID = "6a0f8f0e-4c2a-4d59-9a53-6a1f3c1e2d01";
const SHOT_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwZ3gJ3w2Q1bE=";
const now = Date.now();
const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

const endpoints = [
  {
    id: ENDPOINT_ID,
    url: "https://billing.example.com/hooks/portal",
    events: ["license.created", "license-request.approved", "order.paid", "order.cancelled"],
    description: "Billing system",
    enabled: true,
    createdAt: ago(60 * 24 * 6),
    disabledReason: null,
    lastDeliveryAt: ago(3),
    failingSince: null,
  },
  {
    id: "6a0f8f0e-4c2a-4d59-9a53-6a1f3c1e2d02",
    url: "https://crm.example.org/webhooks/licence-portal/incoming",
    events: ["*"],
    description: "CRM",
    enabled: false,
    createdAt: ago(60 * 24 * 20),
    disabledReason: "Every delivery failed for 72 hours.",
    lastDeliveryAt: ago(60 * 24 * 3),
    failingSince: ago(60 * 24 * 6),
  },
  {
    id: "6a0f8f0e-4c2a-4d59-9a53-6a1f3c1e2d03",
    url: "https://ci.example.net/portal",
    events: ["update.published"],
    description: "",
    enabled: true,
    createdAt: ago(60 * 24 * 30),
    disabledReason: null,
    lastDeliveryAt: null,
    failingSince: ago(40),
  },
];

const deliveries = [
  { type: "license.created", status: "delivered", attempts: 1, lastStatusCode: 200, lastError: null, responseExcerpt: '{"ok":true}', created: 3, delivered: 3, next: null },
  { type: "license-request.approved", status: "pending", attempts: 2, lastStatusCode: 503, lastError: "HTTP 503", responseExcerpt: "Service Unavailable", created: 5, delivered: null, next: -1 },
  {
    type: "order.paid",
    status: "failed",
    attempts: 14,
    lastStatusCode: 500,
    lastError: "HTTP 500",
    responseExcerpt: '{"error":"database is read-only","requestId":"b1f2c3"}',
    created: 60 * 24 + 30,
    delivered: null,
    next: null,
  },
  { type: "webhook.test", status: "failed", attempts: 3, lastStatusCode: null, lastError: "Connection refused", responseExcerpt: null, created: 60 * 26, delivered: null, next: null },
].map((entry, index) => ({
  id: `7b1f0c9e-2a4b-4c6d-8e0f-1a2b3c4d5e0${index}`,
  endpointId: ENDPOINT_ID,
  eventId: `msg_2Xy${index}Kq9${index}LmP`,
  type: entry.type,
  status: entry.status,
  attempts: entry.attempts,
  lastStatusCode: entry.lastStatusCode,
  lastError: entry.lastError,
  responseExcerpt: entry.responseExcerpt,
  createdAt: ago(entry.created),
  deliveredAt: entry.delivered === null ? null : ago(entry.delivered),
  nextAttemptAt: entry.next === null ? null : ago(entry.next),
}));

const json = (route: Route, data: unknown, status = 200) => route.fulfill({ status, contentType: "application/json", body: JSON.stringify({ status: "success", data }) });
const pageOf = (items: unknown[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

/** Answers the webhook API from the fixtures above (`empty`: no endpoint yet). */
async function serveWebhookFixtures(page: Page, { empty = false } = {}): Promise<void> {
  await page.unroute("**/api/v1/webhook-endpoints**");
  await page.route("**/api/v1/webhook-endpoints**", (route) => {
    const url = new URL(route.request().url());
    const method = route.request().method();
    if (method === "POST" && url.pathname === "/api/v1/webhook-endpoints") return json(route, { endpoint: endpoints[0], secret: SHOT_SECRET }, 201);
    if (url.pathname.endsWith("/deliveries")) return json(route, pageOf(deliveries));
    if (url.pathname === "/api/v1/webhook-endpoints") return json(route, pageOf(empty ? [] : endpoints));
    return json(route, endpoints[0]);
  });
}

const names = {
  en: { add: "Add endpoint", create: "Create endpoint", group: "All of Licence requests", title: "Webhooks" },
  tr: { add: "Uç nokta ekle", create: "Uç noktayı oluştur", group: "Lisans talepleri grubunun tümü", title: "Webhook'lar" },
  fa: { add: "افزودن نقطهٔ پایانی", create: "ایجاد نقطهٔ پایانی", group: "همهٔ درخواست‌های مجوز", title: "وب‌هوک‌ها" },
} as const;

test.describe("webhook screens", () => {
  const matrix = [
    { theme: "light", language: "en" },
    { theme: "dark", language: "en" },
    { theme: "light", language: "tr" },
    { theme: "dark", language: "tr" },
    { theme: "light", language: "fa" },
    { theme: "dark", language: "fa" },
  ] as const;

  for (const width of [1440, 390] as const) {
    test(`screenshot: webhook screens at ${width}px in light/dark × en/tr/fa, axe clean`, async ({ browser, request }) => {
      test.setTimeout(240_000);
      const token = await apiLogin(request, admin.email, admin.password);
      const failures: string[] = [];
      for (const { theme, language } of matrix) {
        const { context, page, errors } = await signedInPage(browser, token, { width, theme, language });
        const shoot = async (name: string, { fullPage = false } = {}) => {
          await page.evaluate(() => document.fonts.ready);
          await page.screenshot({ path: path.join(artifacts, `webhooks-${name}-${theme}-${language}-${width}.png`), fullPage, animations: "disabled" });
          if (width === 1440 && language !== "tr") failures.push(...(await seriousAxeFailures(page)).map((failure) => `${name} ${theme} ${language}: ${failure}`));
        };
        const text = names[language];

        await serveWebhookFixtures(page, { empty: true });
        await page.goto("/admin/webhooks");
        await expect(page.getByTestId("data-table-empty")).toBeVisible();
        await shoot("empty");

        await serveWebhookFixtures(page);
        await page.reload();
        await expect(page.getByTestId("webhook-endpoint-link")).toHaveCount(3);
        await shoot("list");

        await page.getByRole("button", { name: text.add }).first().click();
        const dialog = page.getByRole("dialog");
        await dialog.getByTestId("webhook-url").fill("https://billing.example.com/hooks/portal");
        await dialog.getByRole("checkbox", { name: text.group }).check();
        await dialog.getByRole("checkbox", { name: "order.paid", exact: true }).check();
        await shoot("create");
        await dialog.getByRole("button", { name: text.create }).click();
        await expect(page.getByTestId("webhook-secret")).toHaveText(SHOT_SECRET);
        await shoot("secret");
        await page.getByTestId("webhook-secret-done").click();

        await page.goto(`/admin/webhooks/${ENDPOINT_ID}`);
        await expect(page.getByTestId("webhook-delivery-status")).toHaveCount(4);
        await page.getByTestId("webhook-delivery-toggle").nth(2).click();
        await expect(page.getByTestId("webhook-delivery-answer")).toBeVisible();
        if (width > 600) {
          await shoot("endpoint", { fullPage: true });
        } else {
          // A phone's sticky top bar repeats down a full-page capture: the top, then the deliveries.
          await page.evaluate(() => window.scrollTo(0, 0));
          await shoot("endpoint");
          await page.getByTestId("webhook-delivery-answer").scrollIntoViewIfNeeded();
          await shoot("deliveries");
        }

        expect(errors, `console errors (${theme} ${language})`).toEqual([]);
        await context.close();
      }
      expect(failures, "serious or critical axe failures").toEqual([]);
    });
  }
});
