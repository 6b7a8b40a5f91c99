/**
 * Webhooks: endpoints the vendor's systems register, events queued in the changes' transactions,
 * signed deliveries sent by the durable job queue.
 *
 * Emitting an event from another module's service: run the change in `transactionWithWebhooks(db,
 * waker, (tx, webhooks) => …)` and call `webhooks.emit(type, data)` (or `emitLazily`, which presents
 * the data only when an endpoint listens) beside the change's recordAudit. The events are written in
 * that transaction (nothing while no enabled endpoint listens) and the job runner is woken after the
 * COMMIT when anything was queued (a wake before it finds nothing). Services hold `mailing: Mailing`,
 * whose `wake()` is `app.jobs.wake()`; routes pass `app.jobs`.
 *
 * Delivery: one job per delivery (WEBHOOK_DELIVERY_JOB, group = the endpoint), in a lane of
 * WEBHOOK_DELIVERY_CONCURRENCY slots of its own per process (background-jobs.ts), at most
 * JOBS_PER_GROUP (4) of them for one endpoint, so a receiver that never answers holds 4 slots for
 * 10 s each and the others keep going.
 */
export { pruneWebhookHistory, queueWebhookEvent, WEBHOOK_DELIVERY_JOB } from "./events.js";
export { webhookRoutes } from "./webhooks.routes.js";
export { webhookDeliveryJobHandler, type WebhookDeliverySettings } from "./webhook-delivery.js";
// The changes that cause events run in this transaction, which wakes the job runner after the commit.
export { transactionWithWebhooks, type JobWaker, type WebhookEmitter } from "./emitter.js";
