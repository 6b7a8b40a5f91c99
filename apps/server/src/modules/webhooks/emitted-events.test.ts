import { randomBytes } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Installation, InstallationList, License, LicenseRequest, Order, Ticket, TicketMessage, Update, User } from "@portal/contract";
import { zipOf } from "@portal/test-support";
import { jobs, webhookDeliveries, webhookEndpoints, webhookEvents } from "../../db/schema/index.js";
import { registerUser } from "../../test/accounts.js";
import { adminToken, createCustomer, createPlanWithFeature, issueLicenses } from "../../test/factories.js";
import { call, json } from "../../test/http.js";
import { multipartFile } from "../../test/multipart.js";
import { orderTools } from "../../test/orders.js";
import { useTestApp } from "../../test/test-app.js";
import { sendExpiryReminders } from "../licenses/index.js";
import { WEBHOOK_DELIVERY_JOB } from "./events.js";
import { transactionWithWebhooks } from "./emitter.js";

// The deliveries stay queued: this file checks which events each change writes, not the sending.
const t = useTestApp({}, { runJobs: false });
const tools = orderTools(t);

interface Emitted {
  type: string;
  data: unknown;
}

async function listen(events: string[] = ["*"]): Promise<string> {
  await t.app.db.delete(webhookEndpoints);
  const [row] = await t.app.db.insert(webhookEndpoints).values({ url: "https://receiver.example.com/hook", events, secretSealed: "sealed" }).returning();
  return row!.id;
}

/**
 * Runs `action` and answers the events it queued (the table is emptied first). Each must have one
 * pending delivery to the one listening endpoint, and a delivery job.
 */
async function emittedBy(action: () => Promise<unknown>): Promise<Emitted[]> {
  await t.app.db.delete(webhookEvents);
  await action();
  const events = await t.app.db.select().from(webhookEvents);
  const deliveries = await t.app.db.select().from(webhookDeliveries);
  expect(deliveries.map((delivery) => delivery.eventId).sort()).toEqual(events.map((event) => event.id).sort());
  for (const delivery of deliveries) {
    const event = events.find((candidate) => candidate.id === delivery.eventId)!;
    expect(delivery).toMatchObject({ type: event.type, status: "pending" });
  }
  if (deliveries.length) {
    const queued = await t.app.db
      .select({ deliveryId: sql<string>`${jobs.payload}->>'deliveryId'` })
      .from(jobs)
      .where(sql`${jobs.kind} = ${WEBHOOK_DELIVERY_JOB} and ${jobs.payload}->>'deliveryId' in ${deliveries.map((delivery) => delivery.id)}`);
    expect(queued).toHaveLength(deliveries.length);
  }
  return events.map((event) => {
    expect(event.payload).toMatchObject({ type: event.type });
    return { type: event.type, data: event.payload.data };
  });
}

const typesOf = (events: Emitted[]) => events.map((event) => event.type).sort();
const dataOf = <T>(events: Emitted[], type: string): T[] => events.filter((event) => event.type === type).map((event) => event.data as T);
const only = <T>(events: Emitted[], type: string): T => {
  const found = dataOf<T>(events, type);
  expect(found, type).toHaveLength(1);
  return found[0]!;
};

async function get<T>(url: string, token: string): Promise<T> {
  const response = await call(t.app, { method: "GET", url, token });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: T }>(response).data;
}

async function send(method: "POST" | "PUT" | "PATCH", url: string, token: string | undefined, payload?: unknown, status = 200) {
  const response = await call(t.app, { method, url, token, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  expect(response.statusCode, response.body).toBe(status);
  return response;
}

const validate = (key: string, fingerprint: string) => t.app.inject({ method: "POST", url: "/api/v1/licenses/validate", payload: { key, fingerprint } });

describe("webhook events of licences and licence requests", () => {
  beforeEach(async () => {
    await listen();
  });

  it("a request, its approval (one license.created per licence) and a rejection; a refused approval queues nothing", async () => {
    const { admin, plan } = await createPlanWithFeature(t);
    const customer = await createCustomer(t);
    let request!: LicenseRequest;
    const created = await emittedBy(async () => {
      request = json<{ data: LicenseRequest }>(await send("POST", "/api/v1/license-requests", customer.token, { planId: plan.id, quantity: 2 }, 201)).data;
    });
    expect(typesOf(created)).toEqual(["license-request.created"]);
    expect(only(created, "license-request.created")).toEqual(await get(`/api/v1/license-requests/${request.id}`, customer.token));

    const approved = await emittedBy(() => send("POST", `/api/v1/license-requests/${request.id}/approve`, admin));
    expect(typesOf(approved)).toEqual(["license-request.approved", "license.created", "license.created"]);
    const approvedRequest = await get<LicenseRequest>(`/api/v1/license-requests/${request.id}`, admin);
    expect(only(approved, "license-request.approved")).toEqual(approvedRequest);
    const issued = dataOf<License>(approved, "license.created");
    expect(issued.map((license) => license.id).sort()).toEqual([...approvedRequest.licenseIds].sort());
    for (const license of issued) expect(license).toEqual(await get(`/api/v1/licenses/${license.id}`, customer.token));

    expect(await emittedBy(() => send("POST", `/api/v1/license-requests/${request.id}/approve`, admin, undefined, 409))).toEqual([]);

    const other = json<{ data: LicenseRequest }>(await send("POST", "/api/v1/license-requests", customer.token, { planId: plan.id, quantity: 1 }, 201)).data;
    const rejected = await emittedBy(() => send("POST", `/api/v1/license-requests/${other.id}/reject`, admin, { reason: "Not this year" }));
    expect(typesOf(rejected)).toEqual(["license-request.rejected"]);
    expect(only(rejected, "license-request.rejected")).toEqual(await get(`/api/v1/license-requests/${other.id}`, customer.token));
    expect(await emittedBy(() => send("POST", `/api/v1/license-requests/${other.id}/reject`, admin, { reason: "Twice" }, 409))).toEqual([]);
  });

  it("license.activated on the first activation only, installation.activated for each new machine, installation.released", async () => {
    const { admin, customer, licenses: [issued] } = await issueLicenses(t, { maxActivations: 2 });
    const license = issued!;
    const installations = () => get<InstallationList>(`/api/v1/licenses/${license.id}/installations`, customer.token);

    const first = await emittedBy(() => validate(license.key, "machine-a"));
    expect(typesOf(first)).toEqual(["installation.activated", "license.activated"]);
    const activated = await get<License>(`/api/v1/licenses/${license.id}`, customer.token);
    expect(activated).toMatchObject({ status: "active", activations: 1 });
    expect(only(first, "license.activated")).toEqual(activated);
    const [machineA] = (await installations()).items;
    expect(only(first, "installation.activated")).toEqual({ license: activated, installation: machineA });

    const second = await emittedBy(() => validate(license.key, "machine-b"));
    expect(typesOf(second)).toEqual(["installation.activated"]);
    const machineB = (await installations()).items.find((item) => item.id !== machineA!.id)!;
    expect(only(second, "installation.activated")).toEqual({ license: await get(`/api/v1/licenses/${license.id}`, customer.token), installation: machineB });

    // A machine already known, and one past the licence's limit: nothing happened.
    expect(await emittedBy(() => validate(license.key, "machine-a"))).toEqual([]);
    expect(json<{ data: { code: string } }>(await validate(license.key, "machine-c")).data.code).toBe("TOO_MANY_ACTIVATIONS");
    expect(await emittedBy(() => validate(license.key, "machine-c"))).toEqual([]);

    const released = await emittedBy(() => send("POST", `/api/v1/licenses/${license.id}/installations/${machineA!.id}/release`, customer.token));
    expect(typesOf(released)).toEqual(["installation.released"]);
    expect(only<{ license: License; installation: Installation }>(released, "installation.released")).toEqual({
      license: await get(`/api/v1/licenses/${license.id}`, customer.token),
      installation: machineA,
    });
    expect(await emittedBy(() => send("POST", `/api/v1/licenses/${license.id}/installations/${machineA!.id}/release`, customer.token, undefined, 404))).toEqual([]);

    // The .req flow on a new machine: the licence was activated long ago, the installation is new.
    const byReq = await emittedBy(async () => {
      const response = await call(t.app, { method: "POST", url: "/api/v1/req/auth", token: customer.token, ...multipartFile("file", "install.req", `${license.key}\n{"hostname":"plant-9"}\n`) });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(typesOf(byReq)).toEqual(["installation.activated"]);
    const { installation } = only<{ license: License; installation: Installation }>(byReq, "installation.activated");
    expect((await installations()).items).toContainEqual(installation);

    const deactivated = await emittedBy(() => send("POST", `/api/v1/licenses/${license.id}/deactivate`, admin));
    expect(typesOf(deactivated)).toEqual(["license.deactivated"]);
    expect(only(deactivated, "license.deactivated")).toEqual(await get(`/api/v1/licenses/${license.id}`, admin));
    // Deactivating a deactivated licence changes nothing.
    expect(await emittedBy(() => send("POST", `/api/v1/licenses/${license.id}/deactivate`, admin))).toEqual([]);
    const reactivated = await emittedBy(() => send("POST", `/api/v1/licenses/${license.id}/reactivate`, admin));
    expect(typesOf(reactivated)).toEqual(["license.reactivated"]);
    expect(only(reactivated, "license.reactivated")).toEqual(await get(`/api/v1/licenses/${license.id}`, admin));
    expect(await emittedBy(() => send("POST", `/api/v1/licenses/${license.id}/reactivate`, admin, undefined, 409))).toEqual([]);
  });

  it("license.expiring for each expiry reminder sent, once", async () => {
    const { customer, licenses: [license] } = await issueLicenses(t);
    // Every licence of this file expires within 30 days: this one's event is among them.
    const reminded = await emittedBy(() => sendExpiryReminders(t.database.db, t.app.mailing));
    const expiring = dataOf<License>(reminded, "license.expiring");
    expect(new Set(typesOf(reminded))).toEqual(new Set(["license.expiring"]));
    expect(expiring.filter((item) => item.id === license!.id)).toEqual([await get(`/api/v1/licenses/${license!.id}`, customer.token)]);
    expect(await emittedBy(() => sendExpiryReminders(t.database.db, t.app.mailing))).toEqual([]);
  });
});

describe("webhook events of users", () => {
  beforeEach(async () => {
    await listen();
  });

  it("user.registered on sign-up, user.approved on approval; a refused approval queues nothing", async () => {
    const admin = await adminToken(t.app);
    let user!: User;
    const registered = await emittedBy(async () => {
      const { response } = await registerUser(t.app);
      expect(response.statusCode, response.body).toBe(201);
      user = json<{ data: { user: User } }>(response).data.user;
    });
    expect(typesOf(registered)).toEqual(["user.registered"]);
    expect(only(registered, "user.registered")).toEqual(await get(`/api/v1/users/${user.id}`, admin));

    const approved = await emittedBy(() => send("POST", `/api/v1/users/${user.id}/approve`, admin));
    expect(typesOf(approved)).toEqual(["user.approved"]);
    expect(only(approved, "user.approved")).toEqual(await get(`/api/v1/users/${user.id}`, admin));
    expect(await emittedBy(() => send("POST", `/api/v1/users/${user.id}/approve`, admin, undefined, 409))).toEqual([]);
  });
});

describe("webhook events of tickets", () => {
  beforeEach(async () => {
    await listen();
  });

  it("ticket.created, ticket.message-created and ticket.status-changed carry the ticket as its customer sees it; an internal note queues nothing", async () => {
    const admin = await adminToken(t.app);
    const customer = await createCustomer(t);
    let ticket!: Ticket;
    const opened = await emittedBy(async () => {
      ticket = json<{ data: Ticket }>(await send("POST", "/api/v1/tickets", customer.token, { subject: "Cannot activate", type: "technical", priority: "high", message: "The key is refused." }, 201)).data;
    });
    expect(typesOf(opened)).toEqual(["ticket.created"]);
    expect(only(opened, "ticket.created")).toEqual(await get(`/api/v1/tickets/${ticket.id}`, customer.token));

    expect(await emittedBy(() => send("POST", `/api/v1/tickets/${ticket.id}/messages`, admin, { body: "Internal: check the key server", internal: true }, 201))).toEqual([]);

    let answer!: TicketMessage;
    const replied = await emittedBy(async () => {
      answer = json<{ data: TicketMessage }>(await send("POST", `/api/v1/tickets/${ticket.id}/messages`, admin, { body: "Please try again now." }, 201)).data;
    });
    expect(typesOf(replied)).toEqual(["ticket.message-created"]);
    const { messages, ...summary } = await get<Ticket>(`/api/v1/tickets/${ticket.id}`, customer.token);
    expect(only(replied, "ticket.message-created")).toEqual({ ticket: summary, message: answer });
    expect(messages.at(-1)).toEqual(answer);

    const resolved = await emittedBy(() => send("POST", `/api/v1/tickets/${ticket.id}/resolve`, admin));
    expect(typesOf(resolved)).toEqual(["ticket.status-changed"]);
    const seenByCustomer = await get<Ticket>(`/api/v1/tickets/${ticket.id}`, customer.token);
    expect(only(resolved, "ticket.status-changed")).toEqual(seenByCustomer);
    expect(seenByCustomer).toMatchObject({ status: "resolved", messageCount: 2 });
    expect(seenByCustomer.messages.some((message) => message.internal)).toBe(false);
    expect(await emittedBy(() => send("POST", `/api/v1/tickets/${ticket.id}/resolve`, admin, undefined, 409))).toEqual([]);

    // The customer answering a resolved ticket reopens it: a message and a status change.
    const reopened = await emittedBy(() => send("POST", `/api/v1/tickets/${ticket.id}/messages`, customer.token, { body: "Still refused." }, 201));
    expect(typesOf(reopened)).toEqual(["ticket.message-created", "ticket.status-changed"]);
    expect(only(reopened, "ticket.status-changed")).toEqual(await get(`/api/v1/tickets/${ticket.id}`, customer.token));

    await send("POST", `/api/v1/tickets/${ticket.id}/close`, customer.token);
    expect(await emittedBy(() => send("POST", `/api/v1/tickets/${ticket.id}/messages`, customer.token, { body: "Too late" }, 409))).toEqual([]);
  });
});

describe("webhook events of updates", () => {
  beforeEach(async () => {
    await listen();
  });

  it("update.published with the update as its GET answers it; a refused publish queues nothing", async () => {
    const admin = await adminToken(t.app);
    const zip = (label: string) => zipOf([{ name: "README.txt", data: `${label} ${randomBytes(8).toString("hex")}`, deflate: true }]);
    const boundary = `----events-${randomBytes(8).toString("hex")}`;
    const part = (field: string, content: Buffer) => [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${field}.zip"\r\nContent-Type: application/zip\r\n\r\n`),
      content,
      Buffer.from("\r\n"),
    ];
    const uploaded = await call(t.app, {
      method: "POST",
      url: "/api/v1/updates",
      token: admin,
      payload: Buffer.concat([...part("backend", zip("backend")), ...part("frontend", zip("frontend")), Buffer.from(`--${boundary}--\r\n`)]),
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const draft = json<{ data: Update }>(uploaded).data;
    const changelog = { header: "Release 7", version: "7.0.0", type: "minor", changeLog: "- faster" };
    const published = await emittedBy(() => send("PUT", `/api/v1/updates/${draft.id}/changelog`, admin, changelog));
    expect(typesOf(published)).toEqual(["update.published"]);
    expect(only(published, "update.published")).toEqual(await get(`/api/v1/updates/${draft.id}`, admin));
    expect(await emittedBy(() => send("PUT", `/api/v1/updates/${draft.id}/changelog`, admin, changelog, 409))).toEqual([]);
  });
});

describe("webhook events of orders", () => {
  beforeEach(async () => {
    await listen();
  });

  it("order.created, offered, accepted, paid (with the request and licences it issues) and cancelled; refused steps queue nothing", async () => {
    const plan = await tools.plan(400, "USD", { maxActivations: 2 });
    const customer = await createCustomer(t);
    await tools.billingAddress(customer.token, "DE");
    let order!: Order;
    const created = await emittedBy(async () => {
      order = await tools.order(customer.token, { planId: plan.id, quantity: 2 });
    });
    expect(typesOf(created)).toEqual(["order.created"]);
    expect(only(created, "order.created")).toEqual(await get(`/api/v1/orders/${order.id}`, customer.token));

    const offered = await emittedBy(() => tools.offer(order.id));
    expect(typesOf(offered)).toEqual(["order.offered"]);
    expect(only(offered, "order.offered")).toEqual(await get(`/api/v1/orders/${order.id}`, customer.token));

    const accepted = await emittedBy(() => tools.accept(order.id, customer.token));
    expect(typesOf(accepted)).toEqual(["order.accepted"]);
    expect(only(accepted, "order.accepted")).toEqual(await get(`/api/v1/orders/${order.id}`, customer.token));
    expect(await emittedBy(() => send("POST", `/api/v1/orders/${order.id}/accept`, customer.token, undefined, 409))).toEqual([]);

    const paid = await emittedBy(() => tools.markPaid(order.id));
    expect(typesOf(paid)).toEqual(["license-request.approved", "license-request.created", "license.created", "license.created", "order.paid"]);
    const paidOrder = await get<Order>(`/api/v1/orders/${order.id}`, customer.token);
    expect(only(paid, "order.paid")).toEqual(paidOrder);
    const issued = dataOf<License>(paid, "license.created");
    expect(issued.map((license) => license.id).sort()).toEqual([...paidOrder.licenseIds].sort());
    for (const license of issued) expect(license).toEqual(await get(`/api/v1/licenses/${license.id}`, customer.token));
    const request = only<LicenseRequest>(paid, "license-request.approved");
    expect(request).toEqual(await get(`/api/v1/license-requests/${request.id}`, customer.token));
    expect(only<LicenseRequest>(paid, "license-request.created")).toMatchObject({ id: request.id, status: "pending", licenseIds: [] });
    const admin = await tools.admin();
    expect(await emittedBy(() => send("POST", `/api/v1/orders/${order.id}/mark-paid`, admin, { reference: "Twice" }, 409))).toEqual([]);

    const second = await tools.order(customer.token, { planId: plan.id, quantity: 1 });
    const cancelled = await emittedBy(() => send("POST", `/api/v1/orders/${second.id}/cancel`, customer.token, { reason: "Wrong plan" }));
    expect(typesOf(cancelled)).toEqual(["order.cancelled"]);
    expect(only(cancelled, "order.cancelled")).toEqual(await get(`/api/v1/orders/${second.id}`, customer.token));
    expect(await emittedBy(() => send("POST", `/api/v1/orders/${second.id}/cancel`, customer.token, {}, 409))).toEqual([]);
  });

  it("choosing a plan on the pricing pages opens an order: order.created", async () => {
    const plan = await tools.plan(100);
    const customer = await createCustomer(t);
    let orderId!: string;
    const chosen = await emittedBy(async () => {
      orderId = json<{ data: { orderId: string } }>(await send("POST", `/api/v1/plans/${plan.id}/select`, customer.token)).data.orderId;
    });
    expect(typesOf(chosen)).toEqual(["order.created"]);
    expect(only(chosen, "order.created")).toEqual(await get(`/api/v1/orders/${orderId}`, customer.token));
  });
});

describe("webhook events nobody listens to", () => {
  it("writes nothing while no endpoint listens, and only the subscribed events otherwise", async () => {
    await t.app.db.delete(webhookEndpoints);
    const { plan } = await createPlanWithFeature(t);
    const customer = await createCustomer(t);
    expect(await emittedBy(() => send("POST", "/api/v1/license-requests", customer.token, { planId: plan.id, quantity: 1 }, 201))).toEqual([]);
    const { licenses: [license] } = await issueLicenses(t, { customer });
    expect(await emittedBy(() => validate(license!.key, "quiet-machine"))).toEqual([]);

    await listen(["installation.activated"]);
    expect(typesOf(await emittedBy(() => validate(license!.key, "second-machine")))).toEqual(["installation.activated"]);
    const { licenses: [fresh] } = await issueLicenses(t, { customer });
    // The licence's first activation: only the subscribed one of its two events.
    expect(typesOf(await emittedBy(() => validate(fresh!.key, "third-machine")))).toEqual(["installation.activated"]);
  });
});

describe("transactionWithWebhooks", () => {
  it("wakes the job runner after a commit that queued events, never for a rollback or a change nobody hears", async () => {
    await listen(["license.created"]);
    let wakes = 0;
    const waker = { wake: () => void wakes++ };
    await expect(
      transactionWithWebhooks(t.app.db, waker, async (_tx, webhooks) => {
        await webhooks.emit("license.created", { id: "rolled-back" });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(wakes).toBe(0);
    expect(await t.app.db.select().from(webhookEvents).where(sql`${webhookEvents.payload}->'data'->>'id' = 'rolled-back'`)).toEqual([]);

    let presented = 0;
    await transactionWithWebhooks(t.app.db, waker, async (_tx, webhooks) => {
      await webhooks.emitLazily("ticket.created", async () => ({ id: String(++presented) }));
      expect(await webhooks.listens("ticket.created")).toBe(false);
    });
    expect({ wakes, presented }).toEqual({ wakes: 0, presented: 0 });

    const answer = await transactionWithWebhooks(t.app.db, waker, async (_tx, webhooks) => {
      await webhooks.emitLazily("license.created", async () => ({ id: `committed-${++presented}` }));
      return webhooks.emit("license.created", { id: "committed-2" });
    });
    expect(answer).toEqual({ id: "committed-2" });
    expect({ wakes, presented }).toEqual({ wakes: 1, presented: 1 });
    const committed = await t.app.db.select().from(webhookEvents).where(inArray(sql`${webhookEvents.payload}->'data'->>'id'`, ["committed-1", "committed-2"]));
    expect(committed).toHaveLength(2);
  });
});
