import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs, webhookDeliveries, webhookEndpoints, webhookEvents } from "../../db/schema/index.js";
import { useTestApp } from "../../test/test-app.js";
import { WEBHOOK_DELIVERY_JOB, pruneWebhookHistory, queueWebhookEvent } from "./events.js";

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

describe("pruneWebhookHistory", () => {
  it("removes finished deliveries past their window and the events left without any, never a pending one", async () => {
    await t.app.db.delete(webhookEndpoints);
    await t.app.db.delete(webhookEvents);
    const listener = await endpoint(["*"]);
    for (const id of ["old-delivered", "old-failed", "old-pending", "recent-delivered"]) await queueWebhookEvent(t.app.db, "license.created", { id });
    const rows = await t.app.db.select().from(webhookDeliveries);
    const byData = async (id: string) => {
      const [event] = await t.app.db.select().from(webhookEvents).where(sql`${webhookEvents.payload} -> 'data' ->> 'id' = ${id}`);
      return rows.find((row) => row.eventId === event!.id)!;
    };
    const age = (days: number) => sql`now() - make_interval(days => ${days})`;
    const set = async (id: string, status: "delivered" | "failed" | "pending", days: number) => {
      const delivery = await byData(id);
      await t.app.db.update(webhookDeliveries).set({ status, createdAt: age(days), deliveredAt: status === "delivered" ? age(days) : null }).where(eq(webhookDeliveries.id, delivery.id));
      await t.app.db.update(webhookEvents).set({ createdAt: age(days) }).where(eq(webhookEvents.id, delivery.eventId));
      return delivery;
    };
    await set("old-delivered", "delivered", 20);
    await set("old-failed", "failed", 20);
    const pending = await set("old-pending", "pending", 200);
    const recent = await set("recent-delivered", "delivered", 1);

    expect(await pruneWebhookHistory(t.app.db, 14, 90)).toBe(1);
    const left = await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, listener.id));
    expect(left.map((row) => row.id).sort()).toEqual([(await byData("old-failed")).id, pending.id, recent.id].sort());
    const events = await t.app.db.select({ id: webhookEvents.id }).from(webhookEvents);
    expect(events).toHaveLength(3);

    // An endpoint deleted: its deliveries went with it, and its old events go at the next prune.
    await t.app.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, listener.id));
    await pruneWebhookHistory(t.app.db, 14, 90);
    const remaining = await t.app.db.select({ id: webhookEvents.id }).from(webhookEvents);
    expect(remaining.map((row) => row.id)).toEqual([recent.eventId]);
  });
});
