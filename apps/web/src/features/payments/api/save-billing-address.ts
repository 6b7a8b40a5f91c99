import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BillingAddress, BillingAddressBody } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { paymentKeys } from "./keys";

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
    onSuccess: (address) => queryClient.setQueryData(paymentKeys.billingAddress, address),
  });
}
