import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Plan, PlanBody } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { planKeys } from "./keys";

/** PUT api/v1/plans/{id} (admin) — the whole template plan. */
export async function updatePlan({ id, body }: { id: string; body: PlanBody }): Promise<Plan> {
  const answer = await apiClient.put<Envelope<Plan>>(`api/v1/plans/${encodeURIComponent(id)}`, body);
  return answer.data;
}

export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["plans", "update"],
    mutationFn: updatePlan,
    onSuccess: (plan) => {
      queryClient.setQueryData(planKeys.detail(plan.id), plan);
      return queryClient.invalidateQueries({ queryKey: planKeys.all });
    },
  });
}
