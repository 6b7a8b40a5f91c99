import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { planKeys } from "./keys";

/** DELETE api/v1/plans/{id} (admin) — 409 catalogue/plan_in_use while customers or licences hold it. */
export async function deletePlan(id: string): Promise<void> {
  await apiClient.delete(`api/v1/plans/${encodeURIComponent(id)}`);
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["plans", "delete"],
    mutationFn: deletePlan,
    // The deleted plan's own page is left alone (it is being left); every list refreshes.
    onSuccess: (_data, id) =>
      queryClient.invalidateQueries({ queryKey: planKeys.all, predicate: (query) => query.queryKey[2] !== id }),
  });
}
