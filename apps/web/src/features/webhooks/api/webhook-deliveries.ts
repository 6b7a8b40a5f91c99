import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Page, WebhookDelivery } from "@portal/contract";
import { apiClient, type Envelope, type QueryParams } from "@/lib/api-client";

/** Query keys of deliveries, per endpoint, under one prefix. */
export const webhookDeliveryKeys = {
  all: ["webhook-deliveries"] as const,
  list: (endpointId: string, query: QueryParams) => ["webhook-deliveries", "list", endpointId, query] as const,
};

/** While a shown delivery is pending, the list is read again this often (the first retry is 30 s away by default). */
export const PENDING_REFRESH_MS = 5_000;

/** GET api/v1/webhook-endpoints/{id}/deliveries (admin) — paged; filters status, type; sort createdAt; 404 webhook/not_found. */
export async function listWebhookDeliveries(endpointId: string, query: QueryParams, signal?: AbortSignal): Promise<Page<WebhookDelivery>> {
  const answer = await apiClient.get<Envelope<Page<WebhookDelivery>>>(`api/v1/webhook-endpoints/${encodeURIComponent(endpointId)}/deliveries`, {
    params: query,
    signal,
  });
  return answer.data;
}

/** True while a delivery of the page still waits for an answer: the page is worth reading again. */
export function hasPending(page: Page<WebhookDelivery> | undefined): boolean {
  return page?.items.some((delivery) => delivery.status === "pending") ?? false;
}

/**
 * One endpoint's deliveries. While one of them is pending the list refreshes itself every
 * PENDING_REFRESH_MS; TanStack Query stops the interval while the tab is hidden and when the page unmounts.
 */
export function useWebhookDeliveries(endpointId: string, query: QueryParams) {
  return useQuery({
    queryKey: webhookDeliveryKeys.list(endpointId, query),
    queryFn: ({ signal }) => listWebhookDeliveries(endpointId, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (hasPending(current.state.data) ? PENDING_REFRESH_MS : false),
    refetchIntervalInBackground: false,
  });
}

/** POST api/v1/webhook-deliveries/{id}/retry (admin) → 202, the delivery with one more attempt queued now; 404 webhook/delivery_not_found. */
export async function retryWebhookDelivery(id: string): Promise<WebhookDelivery> {
  const answer = await apiClient.post<Envelope<WebhookDelivery>>(`api/v1/webhook-deliveries/${encodeURIComponent(id)}/retry`, {});
  return answer.data;
}

export function useRetryWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["webhook-deliveries", "retry"],
    mutationFn: retryWebhookDelivery,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: webhookDeliveryKeys.all }), queryClient.invalidateQueries({ queryKey: ["webhook-endpoints"] })]),
  });
}
