import { sql } from "drizzle-orm";
import { WEBHOOK_ALL_EVENTS, type WebhookEventType } from "@portal/contract";
import type { Database, Transaction } from "../../db/client.js";
import { queueWebhookEvent, queueWebhookEvents } from "./events.js";

/** Whatever wakes the job runner: `app.jobs`, or a service's `Mailing` (its wake is the same runner's). */
export interface JobWaker {
  wake(): void;
}

/** Queues webhook events in the transaction it was made for (see `transactionWithWebhooks`). */
export interface WebhookEmitter {
  /** Queues `type` with `data`, the resource exactly as the API answers it; answers `data`, for the change to answer too. */
  emit<T>(type: WebhookEventType, data: T): Promise<T>;
  /** Queues one `type` event per item of `dataList`, in one statement (a job's batch), when an endpoint listens. */
  emitAll(type: WebhookEventType, dataList: unknown[]): Promise<void>;
  /**
   * Queues `type` with what `present` answers, calling it only when an endpoint listens: for data the
   * change did not present anyway, so a portal without webhooks pays one look-up, not the queries.
   */
  emitLazily(type: WebhookEventType, present: () => Promise<unknown>): Promise<void>;
  /** Whether an enabled endpoint listens to `type` (the subscriptions are read once per transaction). */
  listens(type: WebhookEventType): Promise<boolean>;
}

/**
 * Runs `work` in one transaction with an emitter of webhook events bound to it, and wakes the job
 * runner after the commit when something was queued, so delivery starts at once. A rolled-back
 * change queued nothing: its events went with it, and nobody is woken.
 */
export async function transactionWithWebhooks<T>(db: Database, waker: JobWaker, work: (tx: Transaction, webhooks: WebhookEmitter) => Promise<T>): Promise<T> {
  let queued = 0;
  const result = await db.transaction((tx) =>
    work(tx, webhookEmitter(tx, (count) => {
      queued += count;
    })),
  );
  if (queued > 0) waker.wake();
  return result;
}

function webhookEmitter(tx: Transaction, counted: (queued: number) => void): WebhookEmitter {
  // What the enabled endpoints subscribe to, read once when first asked: later events of the same
  // transaction nobody listens to then cost no round trip at all.
  let subscribed: Set<string> | undefined;
  const emitter: WebhookEmitter = {
    async emit(type, data) {
      if (subscribed && !(await emitter.listens(type))) return data;
      counted(await queueWebhookEvent(tx, type, data));
      return data;
    },
    async emitAll(type, dataList) {
      if (dataList.length === 0 || !(await emitter.listens(type))) return;
      counted(await queueWebhookEvents(tx, type, dataList));
    },
    async emitLazily(type, present) {
      if (await emitter.listens(type)) await emitter.emit(type, await present());
    },
    async listens(type) {
      if (!subscribed) {
        const result = await tx.execute(sql`select distinct unnest(events) as event from webhook_endpoints where enabled`);
        subscribed = new Set(((result as { rows?: { event: string }[] }).rows ?? []).map((row) => row.event));
      }
      return subscribed.has(WEBHOOK_ALL_EVENTS) || subscribed.has(type);
    },
  };
  return emitter;
}
