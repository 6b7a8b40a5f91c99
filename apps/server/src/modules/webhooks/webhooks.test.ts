import { and, eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointCreated } from "@portal/contract";
import { auditEvents, jobs, notifications, webhookDeliveries, webhookEndpoints, webhookEvents } from "../../db/schema/index.js";
import { adminToken } from "../../test/factories.js";
import { call, json } from "../../test/http.js";
import { rowCounts } from "../../test/database.js";
import { useTestApp } from "../../test/test-app.js";
import { startReceiver, type Answer, type ReceivedHook, type WebhookReceiver } from "../../test/webhook-receiver.js";
import { nameAuditTargets } from "../audit/audit-targets.js";
import { queueWebhookEvent, WEBHOOK_DELIVERY_JOB } from "./events.js";

// Receivers are real HTTP servers on 127.0.0.1: private networks and http:// are allowed for them here
// (webhooks-address.test.ts checks the refusals with both off). Retries come after ~50 ms.
const t = useTestApp({ WEBHOOK_ALLOW_HTTP: "1", WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1", WEBHOOK_RETRY_MIN_SECONDS: "0.05", JOB_POLL_INTERVAL_MS: "50" });
let admin: string;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  admin = await adminToken(t.app);
});

afterEach(async () => {
  await t.app.db.delete(webhookEndpoints);
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

async function receiver(answer?: (hook: ReceivedHook, index: number) => Answer | Promise<Answer>): Promise<WebhookReceiver> {
  const started = await startReceiver(answer);
  receivers.push(started);
  return started;
}

async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const api = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
  call(t.app, { method, url: `/api/v1${url}`, token: admin, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

async function createEndpoint(url: string, events: string[] = ["*"]): Promise<WebhookEndpointCreated> {
  const response = await api("POST", "/webhook-endpoints", { url, events, description: "test receiver" });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ data: WebhookEndpointCreated }>(response).data;
}

async function deliveryRow(id: string) {
  const [row] = await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row;
}

async function sendTest(endpointId: string): Promise<WebhookDelivery> {
  const response = await api("POST", `/webhook-endpoints/${endpointId}/test`);
  expect(response.statusCode, response.body).toBe(202);
  return json<{ data: WebhookDelivery }>(response).data;
}

/** Queues an event the way other modules' services do: in a transaction, then a wake after the commit. */
async function emit(type: "license.created" | "ticket.created", data: unknown): Promise<number> {
  const queued = await t.app.db.transaction((tx) => queueWebhookEvent(tx, type, data));
  if (queued > 0) t.app.jobs.wake();
  return queued;
}

describe("webhook endpoints", () => {
  it("creates, lists, reads, changes and deletes an endpoint; the secret is shown once and never audited", async () => {
    const hook = await receiver();
    const created = await createEndpoint(hook.url, ["license.created", "order.paid", "license.created"]);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), "base64")).toHaveLength(32);
    expect(created.endpoint).toMatchObject({ url: hook.url, events: ["license.created", "order.paid"], description: "test receiver", enabled: true, disabledReason: null, lastDeliveryAt: null, failingSince: null });
    const [stored] = await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.endpoint.id));
    expect(stored!.secretSealed).not.toContain(created.secret.slice(6));
    expect(t.app.totpSecrets.open(stored!.secretSealed)).toBe(created.secret);

    const list = await api("GET", "/webhook-endpoints?sort=url&order=asc");
    expect(json<{ data: { items: WebhookEndpoint[]; total: number } }>(list).data).toMatchObject({ total: 1, items: [{ id: created.endpoint.id }] });
    expect(list.body).not.toContain("whsec_");
    const one = await api("GET", `/webhook-endpoints/${created.endpoint.id}`);
    expect(json<{ data: WebhookEndpoint }>(one).data).toEqual(created.endpoint);

    const patched = await api("PATCH", `/webhook-endpoints/${created.endpoint.id}`, { events: ["*"], description: "all of it" });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(json<{ data: WebhookEndpoint }>(patched).data).toMatchObject({ events: ["*"], description: "all of it" });

    const deleted = await api("DELETE", `/webhook-endpoints/${created.endpoint.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await api("GET", `/webhook-endpoints/${created.endpoint.id}`)).statusCode).toBe(404);

    const audit = await t.app.db.select().from(auditEvents).where(eq(auditEvents.targetId, created.endpoint.id));
    expect(audit.map((event) => event.action).sort()).toEqual(["webhook_endpoint.created", "webhook_endpoint.deleted", "webhook_endpoint.updated"]);
    expect(JSON.stringify(audit)).not.toContain(created.secret.slice(6, 20));
    expect(audit.every((event) => event.targetType === "webhook_endpoint")).toBe(true);
  });

  it("refuses an unknown event, a bad URL and unknown fields with the field named, storing nothing", async () => {
    const before = await rowCounts(t, { endpoints: webhookEndpoints, audit: auditEvents });
    const unknown = await api("POST", "/webhook-endpoints", { url: "http://127.0.0.1:9/hook", events: ["license.created", "license.exploded"] });
    expect(unknown.statusCode).toBe(422);
    expect(json<{ detail: { loc: string[] }[] }>(unknown).detail[0]!.loc).toEqual(["webhook/unknown_event", "events"]);
    const badUrl = await api("POST", "/webhook-endpoints", { url: "not a url", events: ["*"] });
    expect(badUrl.statusCode).toBe(422);
    expect(json<{ detail: { loc: string[] }[] }>(badUrl).detail[0]!.loc).toEqual(["body", "url"]);
    const ftp = await api("POST", "/webhook-endpoints", { url: "ftp://127.0.0.1/hook", events: ["*"] });
    expect(json<{ detail: { loc: string[] }[] }>(ftp).detail[0]!.loc).toEqual(["body", "url"]);
    expect((await api("POST", "/webhook-endpoints", { url: "http://127.0.0.1:9/hook", events: [] })).statusCode).toBe(422);
    expect((await api("POST", "/webhook-endpoints", { url: "http://127.0.0.1:9/hook", events: ["*"], secret: "mine" })).statusCode).toBe(422);
    expect(await rowCounts(t, { endpoints: webhookEndpoints, audit: auditEvents })).toEqual(before);
  });

  it("answers 404 for an endpoint or delivery that does not exist", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const [method, url] of [
      ["GET", `/webhook-endpoints/${missing}`],
      ["PATCH", `/webhook-endpoints/${missing}`],
      ["DELETE", `/webhook-endpoints/${missing}`],
      ["POST", `/webhook-endpoints/${missing}/rotate-secret`],
      ["POST", `/webhook-endpoints/${missing}/test`],
      ["GET", `/webhook-endpoints/${missing}/deliveries`],
    ] as const) {
      const response = await api(method, url, method === "PATCH" ? { enabled: false } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(json<{ detail: { loc: string[] }[] }>(response).detail[0]!.loc).toEqual(["webhook/not_found"]);
    }
    const retry = await api("POST", `/webhook-deliveries/${missing}/retry`);
    expect(json<{ detail: { loc: string[] }[] }>(retry).detail[0]!.loc).toEqual(["webhook/delivery_not_found"]);
  });
});

describe("webhook deliveries", () => {
  it("sends a test event signed per Standard Webhooks, verified by the standardwebhooks library", async () => {
    const hook = await receiver();
    const { endpoint, secret } = await createEndpoint(hook.url, ["license.created"]);
    const queued = await sendTest(endpoint.id);
    expect(queued).toMatchObject({ endpointId: endpoint.id, type: "webhook.test", status: "pending", attempts: 0 });
    await until("the test delivery", () => hook.received.length === 1);
    const [received] = hook.received;
    expect(received!.headers["content-type"]).toBe("application/json");
    expect(received!.headers["webhook-id"]).toBe(queued.eventId);
    expect(Math.abs(Number(received!.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(30);
    expect(received!.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    const payload = new Webhook(secret).verify(received!.body, received!.headers) as { type: string; timestamp: string; data: { endpoint: { id: string } } };
    expect(payload).toMatchObject({ type: "webhook.test", data: { endpoint: { id: endpoint.id } } });
    expect(Object.keys(JSON.parse(received!.body) as object)).toEqual(["type", "timestamp", "data"]);
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString("base64")}`).verify(received!.body, received!.headers)).toThrow();

    await until("the delivery recorded", async () => (await deliveryRow(queued.id))?.status === "delivered");
    const page = json<{ data: { items: WebhookDelivery[]; total: number } }>(await api("GET", `/webhook-endpoints/${endpoint.id}/deliveries?status=delivered&type=webhook.test`)).data;
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ id: queued.id, status: "delivered", attempts: 1, lastStatusCode: 200, lastError: null, responseExcerpt: "ok", nextAttemptAt: null });
    expect(page.items[0]!.deliveredAt).not.toBeNull();
    expect(json<{ data: { total: number } }>(await api("GET", `/webhook-endpoints/${endpoint.id}/deliveries?status=failed`)).data.total).toBe(0);
    const after = json<{ data: WebhookEndpoint }>(await api("GET", `/webhook-endpoints/${endpoint.id}`)).data;
    expect(after.lastDeliveryAt).not.toBeNull();
    expect(after.failingSince).toBeNull();
  });

  it("signs with the new and the previous secret after a rotation, each verifiable", async () => {
    const hook = await receiver();
    const { endpoint, secret: first } = await createEndpoint(hook.url);
    const rotated = await api("POST", `/webhook-endpoints/${endpoint.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const { secret: second } = json<{ data: { secret: string } }>(rotated).data;
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);
    await sendTest(endpoint.id);
    await until("the delivery", () => hook.received.length === 1);
    const [received] = hook.received;
    expect(received!.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(new Webhook(second).verify(received!.body, received!.headers)).toMatchObject({ type: "webhook.test" });
    expect(new Webhook(first).verify(received!.body, received!.headers)).toMatchObject({ type: "webhook.test" });
    const [audit] = await t.app.db.select().from(auditEvents).where(and(eq(auditEvents.action, "webhook_endpoint.secret_rotated"), eq(auditEvents.targetId, endpoint.id)));
    expect(JSON.stringify(audit!.details)).not.toContain("whsec_");

    // Past the overlap only the new secret signs.
    await t.app.db.update(webhookEndpoints).set({ previousSecretUntil: sql`now() - interval '1 second'` }).where(eq(webhookEndpoints.id, endpoint.id));
    await sendTest(endpoint.id);
    await until("the second delivery", () => hook.received.length === 2);
    expect(hook.received[1]!.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    expect(() => new Webhook(first).verify(hook.received[1]!.body, hook.received[1]!.headers)).toThrow();
  });

  it("retries a failing receiver with the same webhook-id until it answers: delivered after 4 attempts", async () => {
    const hook = await receiver((_hook, index) => (index < 3 ? { status: 500, body: "down" } : { status: 204 }));
    const { endpoint, secret } = await createEndpoint(hook.url);
    expect(await emit("license.created", { id: "lic-1" })).toBe(1);
    const [delivery] = await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    await until("delivered", async () => (await deliveryRow(delivery!.id))?.status === "delivered");
    expect(hook.received).toHaveLength(4);
    expect(new Set(hook.received.map((hook) => hook.headers["webhook-id"]))).toEqual(new Set([delivery!.eventId]));
    for (const each of hook.received) expect(new Webhook(secret).verify(each.body, each.headers)).toMatchObject({ type: "license.created", data: { id: "lic-1" } });
    expect(await deliveryRow(delivery!.id)).toMatchObject({ status: "delivered", attempts: 4, lastStatusCode: 204, lastError: null, nextAttemptAt: null });
    const [after] = await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(after!.failingSince).toBeNull();
  });

  it("records a failure on the delivery and the endpoint: status, error, excerpt of at most 2 KB, next attempt", async () => {
    const hook = await receiver(() => ({ status: 502, body: "x".repeat(10_000) }));
    const { endpoint } = await createEndpoint(hook.url);
    const queued = await sendTest(endpoint.id);
    await until("a failed attempt", async () => ((await deliveryRow(queued.id))?.attempts ?? 0) >= 1);
    const row = (await deliveryRow(queued.id))!;
    expect(row).toMatchObject({ lastStatusCode: 502, lastError: "answered 502" });
    expect(Buffer.byteLength(row.responseExcerpt!)).toBe(2048);
    const [after] = await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(after!.failingSince).not.toBeNull();
  });

  it("does not follow redirects", async () => {
    const hook = await receiver((received) => (received.path === "/hook" ? { status: 307, headers: { location: "/moved" } } : { status: 200 }));
    const { endpoint } = await createEndpoint(hook.url);
    const queued = await sendTest(endpoint.id);
    await until("the attempt", async () => ((await deliveryRow(queued.id))?.attempts ?? 0) >= 1);
    expect((await deliveryRow(queued.id))!).toMatchObject({ status: "pending", lastStatusCode: 307 });
    expect(hook.received.every((received) => received.path === "/hook")).toBe(true);
  });

  it("a receiver that never answers does not delay another endpoint's deliveries", async () => {
    const slow = await receiver(() => "hold");
    const healthy = await receiver();
    await createEndpoint(slow.url, ["ticket.created"]);
    await createEndpoint(healthy.url, ["ticket.created"]);
    const count = 40;
    const started = Date.now();
    for (let index = 0; index < count; index++) expect(await emit("ticket.created", { index })).toBe(2);
    await until("the healthy receiver has every event", () => healthy.received.length === count, 8_000);
    // Long before the slow receiver's 10 s timeout, and it held at most 4 of the runner's slots.
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(slow.mostHeld).toBeLessThanOrEqual(4);
    expect(slow.holding).toBeGreaterThan(0);
  });

  it("sends nothing for a change that is rolled back", async () => {
    const hook = await receiver();
    await createEndpoint(hook.url, ["license.created"]);
    await t.app.db
      .transaction(async (tx) => {
        expect(await queueWebhookEvent(tx, "license.created", { id: "never" })).toBe(1);
        throw new Error("the change failed");
      })
      .catch(() => undefined);
    t.app.jobs.wake();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hook.received).toEqual([]);
    expect(await t.app.db.select().from(webhookDeliveries)).toEqual([]);
  });

  it("deleting an endpoint stops its pending deliveries", async () => {
    const hook = await receiver(() => ({ status: 500 }));
    const { endpoint } = await createEndpoint(hook.url, ["license.created"]);
    for (let index = 0; index < 5; index++) await emit("license.created", { index });
    await until("a few failed attempts", () => hook.received.length >= 5);
    expect((await api("DELETE", `/webhook-endpoints/${endpoint.id}`)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const seen = hook.received.length;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(hook.received.length).toBe(seen);
    expect(await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).toEqual([]);
    const left = await t.app.db.select().from(jobs).where(and(eq(jobs.kind, WEBHOOK_DELIVERY_JOB), eq(jobs.groupKey, endpoint.id), sql`${jobs.state} in ('pending', 'running')`));
    expect(left).toEqual([]);
  });

  it("gives a delivery up after WEBHOOK_GIVE_UP_AFTER_HOURS: failed and audited; a retry by hand sends it once more", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let healthy = false;
    const hook = await receiver(async (_hook, index) => {
      if (healthy) return { status: 200, body: "thanks" };
      if (index === 0) await released;
      return { status: 500, body: "broken" };
    });
    const { endpoint } = await createEndpoint(hook.url);
    const queued = await sendTest(endpoint.id);
    await until("the first attempt under way", () => hook.received.length === 1);
    // The delivery is a day old by the time its first attempt fails.
    await t.app.db.update(webhookDeliveries).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(webhookDeliveries.id, queued.id));
    release();
    await until("given up", async () => (await deliveryRow(queued.id))?.status === "failed");
    expect(await deliveryRow(queued.id)).toMatchObject({ status: "failed", attempts: 1, lastStatusCode: 500, nextAttemptAt: null, responseExcerpt: "broken" });
    const [audit] = await t.app.db.select().from(auditEvents).where(and(eq(auditEvents.action, "webhook_delivery.failed"), eq(auditEvents.targetId, queued.id)));
    expect(audit).toMatchObject({ outcome: "failure", targetType: "webhook_delivery", actorId: null });
    expect(audit!.details).toMatchObject({ endpointId: endpoint.id, attempts: 1, lastStatusCode: 500 });

    healthy = true;
    const retried = await api("POST", `/webhook-deliveries/${queued.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(202);
    expect(json<{ data: WebhookDelivery }>(retried).data).toMatchObject({ id: queued.id, status: "pending" });
    await until("delivered by the retry", async () => (await deliveryRow(queued.id))?.status === "delivered");
    expect(await deliveryRow(queued.id)).toMatchObject({ attempts: 2, lastStatusCode: 200 });
    expect(new Set(hook.received.map((each) => each.headers["webhook-id"])).size).toBe(1);
    const [retriedAudit] = await t.app.db.select().from(auditEvents).where(and(eq(auditEvents.action, "webhook_delivery.retried"), eq(auditEvents.targetId, queued.id)));
    expect(retriedAudit!.details).toMatchObject({ endpointId: endpoint.id, previousStatus: "failed" });
  });

  it("disables an endpoint whose deliveries have all failed for WEBHOOK_DISABLE_AFTER_HOURS, stops its deliveries and tells the admins", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const hook = await receiver(async (_hook, index) => {
      if (index === 0) await released;
      return { status: 500 };
    });
    const { endpoint } = await createEndpoint(hook.url, ["license.created"]);
    await emit("license.created", { id: "first" });
    await until("the first attempt under way", () => hook.received.length === 1);
    // Queued behind it, and failing for three days already.
    await t.app.db.transaction((tx) => queueWebhookEvent(tx, "license.created", { id: "waiting" }));
    await t.app.db.update(webhookEndpoints).set({ failingSince: sql`now() - interval '73 hours'` }).where(eq(webhookEndpoints.id, endpoint.id));
    release();
    await until("disabled", async () => (await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)))[0]?.enabled === false);
    const shown = json<{ data: WebhookEndpoint }>(await api("GET", `/webhook-endpoints/${endpoint.id}`)).data;
    expect(shown.enabled).toBe(false);
    expect(shown.disabledReason).toMatch(/failed for 72 hours/);
    const deliveries = await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(deliveries.map((row) => row.status)).toEqual(["failed", "failed"]);
    const [audit] = await t.app.db.select().from(auditEvents).where(and(eq(auditEvents.action, "webhook_endpoint.disabled"), eq(auditEvents.targetId, endpoint.id)));
    expect(audit!.details).toMatchObject({ url: hook.url });
    const alerts = await t.app.db.select().from(notifications).where(eq(notifications.type, "system_alerts"));
    expect(alerts.some((alert) => alert.title === "Webhook endpoint disabled" && alert.body.includes(hook.url) && alert.link === `/admin/webhooks/${endpoint.id}`)).toBe(true);
    // Disabled: new events are not queued for it.
    expect(await emit("license.created", { id: "after" })).toBe(0);

    // Enabled again: a fresh start.
    const enabled = json<{ data: WebhookEndpoint }>(await api("PATCH", `/webhook-endpoints/${endpoint.id}`, { enabled: true })).data;
    expect(enabled).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  it("disabling an endpoint by hand stops what waits for it", async () => {
    const hook = await receiver(() => ({ status: 500 }));
    const { endpoint } = await createEndpoint(hook.url, ["license.created"]);
    await emit("license.created", { id: "a" });
    await until("an attempt", () => hook.received.length >= 1);
    const disabled = json<{ data: WebhookEndpoint }>(await api("PATCH", `/webhook-endpoints/${endpoint.id}`, { enabled: false })).data;
    expect(disabled).toMatchObject({ enabled: false, disabledReason: null });
    await until("stopped", async () => (await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).every((row) => row.status === "failed"));
    const seen = hook.received.length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(hook.received.length).toBe(seen);
  });

  it("names webhook targets in the log monitor by URL, also once the endpoint is gone", async () => {
    const hook = await receiver();
    const { endpoint } = await createEndpoint(hook.url);
    const queued = await sendTest(endpoint.id);
    const targets = [
      { targetType: "webhook_endpoint", targetId: endpoint.id, details: null },
      { targetType: "webhook_delivery", targetId: queued.id, details: null },
    ];
    expect(await nameAuditTargets(t.app.db, targets)).toEqual([
      { name: hook.url, deleted: false },
      { name: `webhook.test → ${hook.url}`, deleted: false },
    ]);
    await api("DELETE", `/webhook-endpoints/${endpoint.id}`);
    const [gone] = await nameAuditTargets(t.app.db, [{ targetType: "webhook_endpoint", targetId: endpoint.id, details: { url: hook.url } }]);
    expect(gone).toEqual({ name: hook.url, deleted: true });
    expect(await t.app.db.select().from(webhookEvents).where(eq(webhookEvents.id, queued.eventId))).toHaveLength(1);
  });
});
