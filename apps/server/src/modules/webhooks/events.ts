import { sql } from "drizzle-orm";
import type { WebhookEventType, WebhookPayload } from "@portal/contract";
import type { Executor } from "../../db/client.js";
import { webhookDeliveries, webhookEvents, type WebhookDeliveryRow } from "../../db/schema/index.js";
import { enqueueJob } from "../jobs/index.js";

/** The job kind that sends one delivery (its handler lives in this module). */
export const WEBHOOK_DELIVERY_JOB = "webhook.deliver";

/**
 * Queues `type` for every enabled endpoint subscribed to it (or to `*`), in the caller's transaction:
 * a change rolled back sends nothing, a committed one is delivered at least once. One statement, so
 * the write that causes the event pays one round trip; nothing at all is written while no endpoint
 * listens. `data` is the resource as the API answers it. Answers how many deliveries were queued
 * (wake the job runner after the commit when it is more than 0).
 */
export async function queueWebhookEvent(executor: Executor, type: WebhookEventType, data: unknown): Promise<number> {
  const payload: WebhookPayload = { type, timestamp: new Date().toISOString(), data };
  const result = await executor.execute(sql`
    with listening as (
      select id from webhook_endpoints
      where enabled and (events @> array['*']::text[] or events @> array[${type}]::text[])
    ), event as (
      insert into webhook_events (type, payload)
      select ${type}, ${JSON.stringify(payload)}::jsonb
      where exists (select 1 from listening)
      returning id
    ), queued as (
      insert into webhook_deliveries (endpoint_id, event_id, type, next_attempt_at)
      select listening.id, event.id, ${type}, now() from listening cross join event
      returning id, endpoint_id
    )
    insert into jobs (kind, payload, group_key)
    select ${WEBHOOK_DELIVERY_JOB}, jsonb_build_object('deliveryId', queued.id), queued.endpoint_id::text from queued
    returning id`);
  return rowCount(result);
}

/**
 * Queues one `type` event per item of `dataList` for every enabled endpoint subscribed to it, as
 * queueWebhookEvent does, in one statement whatever their number (a job's batch of a thousand events
 * is one round trip). Answers how many deliveries were queued.
 */
export async function queueWebhookEvents(executor: Executor, type: WebhookEventType, dataList: unknown[]): Promise<number> {
  if (dataList.length === 0) return 0;
  const timestamp = new Date().toISOString();
  const payloads: WebhookPayload[] = dataList.map((data) => ({ type, timestamp, data }));
  const result = await executor.execute(sql`
    with listening as (
      select id from webhook_endpoints
      where enabled and (events @> array['*']::text[] or events @> array[${type}]::text[])
    ), event as (
      insert into webhook_events (type, payload)
      select ${type}, payload from jsonb_array_elements(${JSON.stringify(payloads)}::jsonb) as payload
      where exists (select 1 from listening)
      returning id
    ), queued as (
      insert into webhook_deliveries (endpoint_id, event_id, type, next_attempt_at)
      select listening.id, event.id, ${type}, now() from listening cross join event
      returning id, endpoint_id
    )
    insert into jobs (kind, payload, group_key)
    select ${WEBHOOK_DELIVERY_JOB}, jsonb_build_object('deliveryId', queued.id), queued.endpoint_id::text from queued
    returning id`);
  return rowCount(result);
}

/**
 * Queues `type` for one endpoint only, whatever it subscribes to and even while it is disabled (the
 * admin's test event): the event, its delivery and the delivery's job, in the caller's transaction.
 */
export async function queueWebhookEventFor(executor: Executor, endpointId: string, type: WebhookEventType, data: unknown): Promise<WebhookDeliveryRow> {
  const payload: WebhookPayload = { type, timestamp: new Date().toISOString(), data };
  const [event] = await executor.insert(webhookEvents).values({ type, payload: payload as unknown as Record<string, unknown> }).returning({ id: webhookEvents.id });
  const [delivery] = await executor.insert(webhookDeliveries).values({ endpointId, eventId: event!.id, type, nextAttemptAt: sql`now()` }).returning();
  await queueDeliveryJob(executor, delivery!.id, endpointId);
  return delivery!;
}

/** The job that sends one delivery, in its endpoint's group (at most a few of one endpoint run at once). */
export async function queueDeliveryJob(executor: Executor, deliveryId: string, endpointId: string): Promise<void> {
  await enqueueJob(executor, WEBHOOK_DELIVERY_JOB, { deliveryId }, { groupKey: endpointId });
}

function rowCount(result: unknown): number {
  const rows = (result as { rows?: unknown[] }).rows;
  return Array.isArray(rows) ? rows.length : 0;
}

/**
 * Delivery history is kept for support like finished jobs are (delivered for `keepDeliveredDays`,
 * failed for `keepFailedDays`), then removed, and with it the events no delivery points at any more
 * (also those of deleted endpoints). Pending deliveries are never touched. Answers how many
 * deliveries went.
 */
export async function pruneWebhookHistory(executor: Executor, keepDeliveredDays: number, keepFailedDays: number): Promise<number> {
  const deliveries = await executor.execute(sql`
    delete from webhook_deliveries
    where (status = 'delivered' and coalesce(delivered_at, created_at) < now() - make_interval(days => ${keepDeliveredDays}))
       or (status = 'failed' and created_at < now() - make_interval(days => ${keepFailedDays}))
    returning id`);
  await executor.execute(sql`
    delete from webhook_events e
    where e.created_at < now() - make_interval(days => ${Math.min(keepDeliveredDays, keepFailedDays)})
      and not exists (select 1 from webhook_deliveries d where d.event_id = e.id)`);
  return rowCount(deliveries);
}
