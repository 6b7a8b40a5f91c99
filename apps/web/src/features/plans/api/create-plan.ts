import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Plan, PlanBody } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { planKeys } from "./keys";

/** POST api/v1/plans (admin) — a template plan with every field of `planBodySchema`. */
export async function createPlan(body: PlanBody): Promise<Plan> {
  const answer = await apiClient.post<Envelope<Plan>>("api/v1/plans", body);
  return answer.data;
}

export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["plans", "create"],
    mutationFn: createPlan,
    onSuccess: (plan) => {
      queryClient.setQueryData(planKeys.detail(plan.id), plan);
      return queryClient.invalidateQueries({ queryKey: planKeys.all });
    },
  });
}
