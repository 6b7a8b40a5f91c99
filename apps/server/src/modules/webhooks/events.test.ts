import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs, webhookDeliveries, webhookEndpoints, webhookEvents } from "../../db/schema/index.js";
import { useTestApp } from "../../test/test-app.js";
import { WEBHOOK_DELIVERY_JOB, queueWebhookEvent } from "./events.js";

// The jobs stay queued: this file checks what the change's transaction writes, not the sending.
const t = useTestApp({}, { runJobs: false });

async function endpoint(events: string[], enabled = true) {
  const [row] = await t.app.db
    .insert(webhookEndpoints)
    .values({ url: "https://receiver.example.com/hook", events, enabled, secretSealed: "sealed" })
    .returning();
  return row!;
}

describe("queueWebhookEvent", () => {
  it("writes nothing while no enabled endpoint listens to the event", async () => {
    await t.app.db.delete(webhookEndpoints);
    const off = await endpoint(["*"], false);
    await endpoint(["ticket.created"]);
    const before = await t.app.db.select({ count: sql<number>`count(*)::int` }).from(webhookEvents);
    expect(await queueWebhookEvent(t.app.db, "license.created", { id: "x" })).toBe(0);
    const after = await t.app.db.select({ count: sql<number>`count(*)::int` }).from(webhookEvents);
    expect(after[0]!.count).toBe(before[0]!.count);
    await t.app.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, off.id));
  });

  it("queues one delivery and one job per listening endpoint, in the caller's transaction", async () => {
    await t.app.db.delete(webhookEndpoints);
    const all = await endpoint(["*"]);
    const named = await endpoint(["license.created", "order.paid"]);
    await endpoint(["ticket.created"]);

    // Rolled back: nothing stays.
    await t.app.db
      .transaction(async (tx) => {
        expect(await queueWebhookEvent(tx, "license.created", { id: "rolled-back" })).toBe(2);
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect(await t.app.db.select().from(webhookDeliveries)).toEqual([]);

    const queued = await t.app.db.transaction((tx) => queueWebhookEvent(tx, "license.created", { id: "lic-1" }));
    expect(queued).toBe(2);
    const deliveries = await t.app.db.select().from(webhookDeliveries);
    expect(deliveries.map((row) => row.endpointId).sort()).toEqual([all.id, named.id].sort());
    expect(deliveries.every((row) => row.status === "pending" && row.type === "license.created" && row.eventId === deliveries[0]!.eventId)).toBe(true);
    const [event] = await t.app.db.select().from(webhookEvents).where(eq(webhookEvents.id, deliveries[0]!.eventId));
    expect(event!.payload).toMatchObject({ type: "license.created", data: { id: "lic-1" } });
    expect(Number.isNaN(Date.parse(String(event!.payload.timestamp)))).toBe(false);
    const queuedJobs = await t.app.db.select().from(jobs).where(eq(jobs.kind, WEBHOOK_DELIVERY_JOB));
    expect(queuedJobs.map((job) => job.payload.deliveryId).sort()).toEqual(deliveries.map((row) => row.id).sort());
    expect(queuedJobs.map((job) => job.groupKey).sort()).toEqual([all.id, named.id].sort());
  });
});
