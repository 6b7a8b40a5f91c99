import type { WebhookDelivery, WebhookEndpoint } from "@portal/contract";

export const ENDPOINT_ID = "6a0f8f0e-4c2a-4d59-9a53-6a1f3c1e2d01";

export function endpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: ENDPOINT_ID,
    url: "https://hooks.example.com/portal",
    events: ["license.created", "license-request.approved", "order.paid"],
    description: "Billing system",
    enabled: true,
    createdAt: "2026-11-20T10:00:00.000Z",
    disabledReason: null,
    lastDeliveryAt: "2026-11-26T09:30:00.000Z",
    failingSince: null,
    ...overrides,
  };
}

export function delivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: "7b1f0c9e-2a4b-4c6d-8e0f-1a2b3c4d5e01",
    endpointId: ENDPOINT_ID,
    eventId: "msg_2xYz",
    type: "license.created",
    status: "delivered",
    attempts: 1,
    lastStatusCode: 200,
    lastError: null,
    responseExcerpt: "ok",
    createdAt: "2026-11-26T09:29:59.000Z",
    deliveredAt: "2026-11-26T09:30:00.000Z",
    nextAttemptAt: null,
    ...overrides,
  };
}

export const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 20 });
