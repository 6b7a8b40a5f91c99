import { queryOptions, useQuery } from "@tanstack/react-query";
import type { BillingAddress } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { paymentKeys } from "./keys";

/** GET api/v1/billing-address — null until the caller saves one. */
export async function getBillingAddress(signal?: AbortSignal): Promise<BillingAddress> {
  const answer = await apiClient.get<Envelope<BillingAddress>>("api/v1/billing-address", { signal });
  return answer.data;
}

export const billingAddressQueryOptions = () =>
  queryOptions({ queryKey: paymentKeys.billingAddress, queryFn: ({ signal }) => getBillingAddress(signal) });

export function useBillingAddress() {
  return useQuery(billingAddressQueryOptions());
}
