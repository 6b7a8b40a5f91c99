import { sql } from "drizzle-orm";
import type { WebhookEventType } from "@portal/contract";
import type { Database, Transaction } from "../../db/client.js";
import { queueWebhookEvent } from "./events.js";

/** Whatever wakes the job runner: `app.jobs`, or a service's `Mailing` (its wake is the same runner's). */
export interface JobWaker {
  wake(): void;
}

/** Queues webhook events in the transaction it was made for (see `transactionWithWebhooks`). */
export interface WebhookEmitter {
  /** Queues `type` with `data`, the resource exactly as the API answers it; answers `data`, for the change to answer too. */
  emit<T>(type: WebhookEventType, data: T): Promise<T>;
  /**
   * Queues `type` with what `present` answers, calling it only when an endpoint listens: for data the
   * change did not present anyway, so a portal without webhooks pays one look-up, not the queries.
   */
  emitLazily(type: WebhookEventType, present: () => Promise<unknown>): Promise<void>;
  /** Whether an enabled endpoint listens to `type` (asked once per type and transaction). */
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
  const listening = new Map<WebhookEventType, boolean>();
  const emitter: WebhookEmitter = {
    async emit(type, data) {
      const queued = await queueWebhookEvent(tx, type, data);
      // What was found listening just now holds for the rest of the transaction.
      listening.set(type, queued > 0);
      counted(queued);
      return data;
    },
    async emitLazily(type, present) {
      if (await emitter.listens(type)) await emitter.emit(type, await present());
    },
    async listens(type) {
      let known = listening.get(type);
      if (known === undefined) {
        const result = await tx.execute(sql`
          select 1 from webhook_endpoints
          where enabled and (events @> array['*']::text[] or events @> array[${type}]::text[])
          limit 1`);
        known = ((result as { rows?: unknown[] }).rows ?? []).length > 0;
        listening.set(type, known);
      }
      return known;
    },
  };
  return emitter;
}
