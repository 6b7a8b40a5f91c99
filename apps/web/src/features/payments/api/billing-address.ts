import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BillingAddress, BillingAddressBody } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";

/** Query key of the caller's billing address. */
const billingAddressKey = ["payments", "billing-address"] as const;

/** GET api/v1/billing-address — null until the caller saves one. */
export async function getBillingAddress(signal?: AbortSignal): Promise<BillingAddress> {
  const answer = await apiClient.get<Envelope<BillingAddress>>("api/v1/billing-address", { signal });
  return answer.data;
}

export const billingAddressQueryOptions = () =>
  queryOptions({ queryKey: billingAddressKey, queryFn: ({ signal }) => getBillingAddress(signal) });

export function useBillingAddress() {
  return useQuery(billingAddressQueryOptions());
}

/** PUT api/v1/billing-address — line1, line2?, city, postalCode, country (ISO alpha-2), taxLocation. */
export async function saveBillingAddress(body: BillingAddressBody): Promise<BillingAddress> {
  const answer = await apiClient.put<Envelope<BillingAddress>>("api/v1/billing-address", body);
  return answer.data;
}

export function useSaveBillingAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["payments", "billing-address", "save"],
    mutationFn: saveBillingAddress,
    onSuccess: (address) => queryClient.setQueryData(billingAddressKey, address),
  });
}
