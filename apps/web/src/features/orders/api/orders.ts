import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Order, OrderBody, OrderCancelBody, OrderMarkPaidBody, OrderOfferBody, Page } from "@portal/contract";
import { apiClient, type Envelope, type QueryParams } from "@/lib/api-client";

/** Query keys of orders: lists and single orders under one prefix, so any change refreshes them all. */
export const orderKeys = {
  all: ["orders"] as const,
  list: (query: QueryParams) => ["orders", "list", query] as const,
  one: (id: string) => ["orders", "one", id] as const,
};

const orderPath = (id: string) => `api/v1/orders/${encodeURIComponent(id)}`;

/** GET api/v1/orders — the caller's orders (an admin: everybody's), paged; filters status, userId (admin), q. */
export async function listOrders(query: QueryParams, signal?: AbortSignal): Promise<Page<Order>> {
  const answer = await apiClient.get<Envelope<Page<Order>>>("api/v1/orders", { params: query, signal });
  return answer.data;
}

export const ordersQueryOptions = (query: QueryParams) =>
  queryOptions({ queryKey: orderKeys.list(query), queryFn: ({ signal }) => listOrders(query, signal), placeholderData: keepPreviousData });

export function useOrders(query: QueryParams) {
  return useQuery(ordersQueryOptions(query));
}

/** GET api/v1/orders/{id} — 404 order/not_found for another customer's order. */
export async function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  const answer = await apiClient.get<Envelope<Order>>(orderPath(id), { signal });
  return answer.data;
}

export function useOrder(id: string) {
  return useQuery({ queryKey: orderKeys.one(id), queryFn: ({ signal }) => getOrder(id, signal) });
}

/** GET api/v1/orders/{id}/document — the offer (offered, accepted) or invoice (paid) PDF; 404 order/no_document before an offer. */
export function fetchOrderDocument(id: string): Promise<Blob> {
  return apiClient.getBlob(`${orderPath(id)}/document`);
}

/** POST api/v1/orders — a customer orders a plan or features; 201 pending_offer. */
export async function createOrder(body: OrderBody): Promise<Order> {
  const answer = await apiClient.post<Envelope<Order>>("api/v1/orders", body);
  return answer.data;
}

/** One mutation per transition; each answers the changed order and refreshes every order query. */
function useOrderMutation<Variables>(name: string, mutationFn: (variables: Variables) => Promise<Order>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["orders", name],
    mutationFn,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.one(order.id), order);
      return queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

export function useCreateOrder() {
  return useOrderMutation("create", createOrder);
}

async function transition(id: string, action: string, body: object): Promise<Order> {
  const answer = await apiClient.post<Envelope<Order>>(`${orderPath(id)}/${action}`, body);
  return answer.data;
}

/** POST …/offer (admin) — 409 order/billing_address_required, order/invalid_transition. */
export const useMakeOffer = () => useOrderMutation("offer", ({ id, body }: { id: string; body: OrderOfferBody }) => transition(id, "offer", body));
/** POST …/accept (owner) — 409 order/offer_expired after validUntil, order/invalid_transition. */
export const useAcceptOffer = () => useOrderMutation("accept", (id: string) => transition(id, "accept", {}));
/** POST …/mark-paid (admin) — issues the licences; 409 order/invalid_transition on a second call. */
export const useMarkPaid = () => useOrderMutation("mark-paid", ({ id, body }: { id: string; body: OrderMarkPaidBody }) => transition(id, "mark-paid", body));
/** POST …/cancel (owner before paid; admin) — 409 order/invalid_transition once paid or cancelled. */
export const useCancelOrder = () => useOrderMutation("cancel", ({ id, body }: { id: string; body: OrderCancelBody }) => transition(id, "cancel", body));
