/**
 * Webhooks: endpoints the vendor's systems register, events queued in the changes' transactions,
 * signed deliveries sent by the durable job queue.
 *
 * Emitting an event from another module's service:
 *
 *     const queued = await db.transaction(async (tx) => {
 *       …the change and its recordAudit…
 *       return queueWebhookEvent(tx, "license.created", presentLicense(row));
 *     });
 *     if (queued > 0) mailing.wake();   // or app.jobs.wake() in a route: the same runner
 *
 * `queueWebhookEvent` writes nothing while no enabled endpoint listens, and answers how many
 * deliveries it queued; waking the runner after the COMMIT sends them at once (a wake before the
 * commit finds nothing; without one they go at the next poll, JOB_POLL_INTERVAL_MS). Services already
 * hold `mailing: Mailing`, whose `wake()` is `app.jobs.wake()`.
 *
 * Delivery: one job per delivery (WEBHOOK_DELIVERY_JOB, group = the endpoint), in a lane of
 * WEBHOOK_DELIVERY_CONCURRENCY slots of its own per process (background-jobs.ts), at most
 * JOBS_PER_GROUP (4) of them for one endpoint, so a receiver that never answers holds 4 slots for
 * 10 s each and the others keep going.
 */
export { queueWebhookEvent, WEBHOOK_DELIVERY_JOB } from "./events.js";
// The changes that cause events run in this transaction, which wakes the job runner after the commit.
export { transactionWithWebhooks, type JobWaker, type WebhookEmitter } from "./emitter.js";
export { webhookRoutes } from "./webhooks.routes.js";
export { webhookDeliveryJobHandler, type WebhookDeliverySettings } from "./webhook-delivery.js";
