import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Page, PaymentMethod } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { paymentKeys } from "./keys";

/** GET api/v1/payment-methods — every card of the caller, the default one first. */
export async function listPaymentMethods(signal?: AbortSignal): Promise<Page<PaymentMethod>> {
  const answer = await apiClient.get<Envelope<Page<PaymentMethod>>>("api/v1/payment-methods", { signal });
  return answer.data;
}

export const paymentMethodsQueryOptions = () =>
  queryOptions({ queryKey: paymentKeys.methods, queryFn: ({ signal }) => listPaymentMethods(signal) });

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}
