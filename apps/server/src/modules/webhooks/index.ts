/** Webhooks: endpoints the vendor's systems register, events queued in the changes' transactions, signed deliveries. */
export { queueWebhookEvent, WEBHOOK_DELIVERY_JOB } from "./events.js";
