import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PaymentMethod, PaymentMethodBody } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { paymentKeys } from "./keys";

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.methods }),
  });
}
