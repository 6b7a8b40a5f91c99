import { z } from "zod";
import { listQuerySchema, pageOf, timestamp } from "./common.js";
import { messageOf } from "./messages.js";

/** Everything the portal tells a vendor's systems about; an endpoint subscribes to some or to `*`. */
export const webhookEventTypes = [
  "license.created",
  "license.activated",
  "license.deactivated",
  "license.reactivated",
  "license.expiring",
  "license.expired",
  "license-request.created",
  "license-request.approved",
  "license-request.rejected",
  "user.registered",
  "user.approved",
  "ticket.created",
  "ticket.message-created",
  "ticket.status-changed",
  "update.published",
  "installation.activated",
  "installation.released",
  "installation.heartbeat-dead",
  "trial.started",
  "order.created",
  "order.offered",
  "order.accepted",
  "order.paid",
  "order.cancelled",
  "webhook.test",
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
export const WEBHOOK_ALL_EVENTS = "*";

/** `whsec_` + base64 of 32 random bytes (Standard Webhooks). */
export const WEBHOOK_SECRET_PREFIX = "whsec_";
/** At most this much of a receiver's answer is kept on the delivery. */
export const WEBHOOK_RESPONSE_EXCERPT_BYTES = 2048;
/** A receiver has this long, connection to last byte, to answer 2xx. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** After a rotation, deliveries carry the old secret's signature too for this long. */
export const WEBHOOK_PREVIOUS_SECRET_HOURS = 24;

export const webhookDeliveryStatuses = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

export const webhookEndpointSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    events: z.array(z.string()),
    description: z.string(),
    enabled: z.boolean(),
    createdAt: timestamp,
    /** Why the portal turned it off (every delivery failing for WEBHOOK_DISABLE_AFTER_HOURS); null otherwise. */
    disabledReason: z.string().nullable(),
    lastDeliveryAt: timestamp.nullable(),
    /** Since when every delivery has failed; null while the last one succeeded. */
    failingSince: timestamp.nullable(),
  })
  .meta({ id: "WebhookEndpoint" });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointCreatedSchema = z
  .object({ endpoint: webhookEndpointSchema, secret: z.string() })
  .meta({ id: "WebhookEndpointCreated" });
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreatedSchema>;

export const webhookSecretSchema = z.object({ secret: z.string() }).meta({ id: "WebhookSecret" });
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

export const webhookDeliverySchema = z
  .object({
    id: z.uuid(),
    endpointId: z.uuid(),
    eventId: z.string(),
    type: z.string(),
    status: z.enum(webhookDeliveryStatuses),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    /** The receiver's last answer, at most 2 KB of it. */
    responseExcerpt: z.string().nullable(),
    createdAt: timestamp,
    deliveredAt: timestamp.nullable(),
    nextAttemptAt: timestamp.nullable(),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

const urlField = z
  .string({ error: messageOf("webhooks.validation.url") })
  .trim()
  .min(1, { error: messageOf("webhooks.validation.urlRequired") })
  .max(2000, { error: messageOf("webhooks.validation.url") })
  .pipe(z.url({ protocol: /^https?$/, error: messageOf("webhooks.validation.url") }));

/** Names are checked by the server (422 `webhook/unknown_event` naming the field), not by the schema. */
const eventsField = z
  .array(z.string({ error: messageOf("webhooks.validation.events") }).max(100, { error: messageOf("webhooks.validation.events") }), {
    error: messageOf("webhooks.validation.events"),
  })
  .min(1, { error: messageOf("webhooks.validation.eventsRequired") })
  .max(webhookEventTypes.length + 1, { error: messageOf("webhooks.validation.events") });

const descriptionField = z
  .string({ error: messageOf("validation.notText", { label: "Description" }) })
  .trim()
  .max(500, { error: messageOf("validation.tooLong", { label: "Description", max: 500 }) });

const enabledField = z.boolean({ error: messageOf("validation.trueOrFalse", { label: "Enabled" }) });

export const webhookEndpointBodySchema = z
  .strictObject({
    url: urlField,
    events: eventsField,
    description: descriptionField.default(""),
    enabled: enabledField.default(true),
  })
  .meta({ id: "WebhookEndpointBody" });
export type WebhookEndpointBody = z.input<typeof webhookEndpointBodySchema>;

export const webhookEndpointPatchSchema = z
  .strictObject({
    url: urlField.optional(),
    events: eventsField.optional(),
    description: descriptionField.optional(),
    enabled: enabledField.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: messageOf("validation.nothingToChange") })
  .meta({ id: "WebhookEndpointPatch" });
export type WebhookEndpointPatch = z.input<typeof webhookEndpointPatchSchema>;

export const webhookEndpointSortFields = ["createdAt", "url"] as const;
export const webhookEndpointListQuerySchema = listQuerySchema(webhookEndpointSortFields, { sort: "createdAt", order: "desc" });
export type WebhookEndpointListQuery = z.input<typeof webhookEndpointListQuerySchema>;
export const webhookEndpointPageSchema = pageOf(webhookEndpointSchema).meta({ id: "WebhookEndpointPage" });

export const webhookDeliverySortFields = ["createdAt"] as const;
export const webhookDeliveryListQuerySchema = listQuerySchema(webhookDeliverySortFields, { sort: "createdAt", order: "desc" }).extend({
  status: z.enum(webhookDeliveryStatuses, { error: messageOf("webhooks.validation.status") }).optional(),
  type: z.string().trim().max(100).optional(),
});
export type WebhookDeliveryListQuery = z.input<typeof webhookDeliveryListQuerySchema>;
export const webhookDeliveryPageSchema = pageOf(webhookDeliverySchema).meta({ id: "WebhookDeliveryPage" });

/** What a receiver gets: the body of every delivery. */
export interface WebhookPayload<T = unknown> {
  type: WebhookEventType;
  /** ISO 8601, when the event happened. */
  timestamp: string;
  data: T;
}
