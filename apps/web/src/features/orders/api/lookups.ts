import { queryOptions, useQuery } from "@tanstack/react-query";
import type { BillingAddress } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";

/** What the order screens read from other areas' resources (areas do not import each other). */
const lookupsKey = ["order-lookups"] as const;

/**
 * GET api/v1/billing-address — the caller's billing address, null until saved. The team cannot make
 * an offer without one (409 order/billing_address_required), so the order page asks for it.
 */
export const billingAddressLookupQueryOptions = () =>
  queryOptions({
    queryKey: [...lookupsKey, "billing-address"],
    queryFn: async ({ signal }) => (await apiClient.get<Envelope<BillingAddress>>("api/v1/billing-address", { signal })).data,
    staleTime: 30_000,
  });

export function useBillingAddressLookup() {
  return useQuery(billingAddressLookupQueryOptions());
}
