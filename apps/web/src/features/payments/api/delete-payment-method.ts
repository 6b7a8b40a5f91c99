import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { paymentKeys } from "./keys";

/** DELETE api/v1/payment-methods/{id} — removes one of the caller's cards. */
export async function deletePaymentMethod(id: string): Promise<void> {
  await apiClient.delete(`api/v1/payment-methods/${encodeURIComponent(id)}`);
}

export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["payments", "methods", "delete"],
    mutationFn: deletePaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.methods }),
  });
}
