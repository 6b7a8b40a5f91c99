import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Page, WebhookDelivery, WebhookEndpoint, WebhookEndpointCreated, WebhookEndpointPatch, WebhookSecret } from "@portal/contract";
import type { z } from "zod";
import type { webhookEndpointBodySchema } from "@portal/contract";
import { apiClient, type Envelope, type QueryParams } from "@/lib/api-client";
import { webhookDeliveryKeys } from "./webhook-deliveries";

export type WebhookEndpointInput = z.output<typeof webhookEndpointBodySchema>;

/** Query keys of webhook endpoints: lists and single endpoints under one prefix, so any change refreshes them all. */
export const webhookEndpointKeys = {
  all: ["webhook-endpoints"] as const,
  list: (query: QueryParams) => ["webhook-endpoints", "list", query] as const,
  one: (id: string) => ["webhook-endpoints", "one", id] as const,
};

export const webhookEndpointPath = (id: string) => `api/v1/webhook-endpoints/${encodeURIComponent(id)}`;

/** GET api/v1/webhook-endpoints (admin) — paged; sort createdAt | url. */
export async function listWebhookEndpoints(query: QueryParams, signal?: AbortSignal): Promise<Page<WebhookEndpoint>> {
  const answer = await apiClient.get<Envelope<Page<WebhookEndpoint>>>("api/v1/webhook-endpoints", { params: query, signal });
  return answer.data;
}

export const webhookEndpointsQueryOptions = (query: QueryParams) =>
  queryOptions({ queryKey: webhookEndpointKeys.list(query), queryFn: ({ signal }) => listWebhookEndpoints(query, signal), placeholderData: keepPreviousData });

export function useWebhookEndpoints(query: QueryParams) {
  return useQuery(webhookEndpointsQueryOptions(query));
}

/** GET api/v1/webhook-endpoints/{id} (admin) — 404 webhook/not_found. */
export async function getWebhookEndpoint(id: string, signal?: AbortSignal): Promise<WebhookEndpoint> {
  const answer = await apiClient.get<Envelope<WebhookEndpoint>>(webhookEndpointPath(id), { signal });
  return answer.data;
}

export function useWebhookEndpoint(id: string) {
  return useQuery({ queryKey: webhookEndpointKeys.one(id), queryFn: ({ signal }) => getWebhookEndpoint(id, signal) });
}

/**
 * POST api/v1/webhook-endpoints (admin) → 201 `{endpoint, secret}`, the secret shown this once.
 * 422 webhook/unknown_event (events), webhook/forbidden_address and webhook/insecure_url (url).
 */
export async function createWebhookEndpoint(body: WebhookEndpointInput): Promise<WebhookEndpointCreated> {
  const answer = await apiClient.post<Envelope<WebhookEndpointCreated>>("api/v1/webhook-endpoints", body);
  return answer.data;
}

/** PATCH api/v1/webhook-endpoints/{id} (admin) — the same 422s as creating; 404 webhook/not_found. */
export async function updateWebhookEndpoint(id: string, body: WebhookEndpointPatch): Promise<WebhookEndpoint> {
  const answer = await apiClient.patch<Envelope<WebhookEndpoint>>(webhookEndpointPath(id), body);
  return answer.data;
}

/** DELETE api/v1/webhook-endpoints/{id} (admin) — stops every pending delivery to it; 404 webhook/not_found. */
export async function deleteWebhookEndpoint(id: string): Promise<void> {
  await apiClient.delete<unknown>(webhookEndpointPath(id));
}

/** POST api/v1/webhook-endpoints/{id}/rotate-secret (admin) → `{secret}`, shown this once; the old one still signs for 24 h. */
export async function rotateWebhookSecret(id: string): Promise<WebhookSecret> {
  const answer = await apiClient.post<Envelope<WebhookSecret>>(`${webhookEndpointPath(id)}/rotate-secret`, {});
  return answer.data;
}

/** POST api/v1/webhook-endpoints/{id}/test (admin) → 202, the queued `webhook.test` delivery. */
export async function sendWebhookTest(id: string): Promise<WebhookDelivery> {
  const answer = await apiClient.post<Envelope<WebhookDelivery>>(`${webhookEndpointPath(id)}/test`, {});
  return answer.data;
}

/** Every endpoint change refreshes the endpoint queries; those that queue deliveries refresh the delivery lists too. */
function useEndpointMutation<Variables, Result>(name: string, mutationFn: (variables: Variables) => Promise<Result>, { deliveries = false } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["webhook-endpoints", name],
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookEndpointKeys.all }),
        deliveries ? queryClient.invalidateQueries({ queryKey: webhookDeliveryKeys.all }) : undefined,
      ]),
  });
}

export const useCreateWebhookEndpoint = () => useEndpointMutation("create", createWebhookEndpoint);
export const useUpdateWebhookEndpoint = () =>
  useEndpointMutation("update", ({ id, body }: { id: string; body: WebhookEndpointPatch }) => updateWebhookEndpoint(id, body));
export const useDeleteWebhookEndpoint = () => useEndpointMutation("delete", deleteWebhookEndpoint, { deliveries: true });
export const useRotateWebhookSecret = () => useEndpointMutation("rotate-secret", rotateWebhookSecret);
export const useSendWebhookTest = () => useEndpointMutation("test", sendWebhookTest, { deliveries: true });
