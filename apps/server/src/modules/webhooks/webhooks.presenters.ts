import type { WebhookDelivery, WebhookEndpoint } from "@portal/contract";
import type { WebhookDeliveryRow, WebhookEndpointRow } from "../../db/schema/index.js";

const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** An endpoint as the API answers it: never its secret, sealed or not. */
export function presentEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    disabledReason: row.disabledReason,
    lastDeliveryAt: isoOrNull(row.lastDeliveryAt),
    failingSince: isoOrNull(row.failingSince),
  };
}

export function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    responseExcerpt: row.responseExcerpt,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: isoOrNull(row.deliveredAt),
    nextAttemptAt: isoOrNull(row.nextAttemptAt),
  };
}
