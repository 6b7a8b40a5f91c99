import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Page, PaymentMethod, PaymentMethodBody } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";

/** Query key of the caller's cards (one list, no paging). */
const paymentMethodsKey = ["payments", "methods"] as const;

/** GET api/v1/payment-methods — every card of the caller, the default one first. */
export async function listPaymentMethods(signal?: AbortSignal): Promise<Page<PaymentMethod>> {
  const answer = await apiClient.get<Envelope<Page<PaymentMethod>>>("api/v1/payment-methods", { signal });
  return answer.data;
}

export const paymentMethodsQueryOptions = () =>
  queryOptions({ queryKey: paymentMethodsKey, queryFn: ({ signal }) => listPaymentMethods(signal) });

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}

/**
 * POST api/v1/payment-methods — only what a card shows: holder, brand, last four digits, expiry and
 * the default flag. The full number and the security code never reach this call (see
 * lib/card-form.ts, which builds the body, and its unit test).
 */
export async function addPaymentMethod(body: PaymentMethodBody): Promise<PaymentMethod> {
  const answer = await apiClient.post<Envelope<PaymentMethod>>("api/v1/payment-methods", body);
  return answer.data;
}

export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["payments", "methods", "add"],
    mutationFn: addPaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsKey }),
  });
}

/** DELETE api/v1/payment-methods/{id} — removes one of the caller's cards. */
export async function deletePaymentMethod(id: string): Promise<void> {
  await apiClient.delete(`api/v1/payment-methods/${encodeURIComponent(id)}`);
}

export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["payments", "methods", "delete"],
    mutationFn: deletePaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsKey }),
  });
}
