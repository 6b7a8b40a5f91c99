/** Webhooks: endpoints the vendor's systems register, events queued in the changes' transactions, signed deliveries. */
export { queueWebhookEvent, WEBHOOK_DELIVERY_JOB } from "./events.js";
// The changes that cause events run in this transaction, which wakes the job runner after the commit.
export { transactionWithWebhooks, type JobWaker, type WebhookEmitter } from "./emitter.js";
