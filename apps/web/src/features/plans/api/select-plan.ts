import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CurrentPlan } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { planKeys } from "./keys";

/** POST api/v1/plans/{id}/select — makes an active plan the caller's plan; answers the new current plan. */
export async function selectPlan(id: string): Promise<CurrentPlan> {
  const answer = await apiClient.post<Envelope<CurrentPlan>>(`api/v1/plans/${encodeURIComponent(id)}/select`);
  return answer.data;
}

export function useSelectPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["plans", "select"],
    mutationFn: selectPlan,
    onSuccess: (current) => {
      queryClient.setQueryData(planKeys.current, current);
      return queryClient.invalidateQueries({ queryKey: planKeys.current });
    },
  });
}
