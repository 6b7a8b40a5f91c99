import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Plan } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { planKeys } from "./keys";

/**
 * POST api/v1/plans/custom `{featureIds}` — a private plan priced at the sum of its features (USD);
 * it becomes the caller's current plan at once.
 */
export async function createCustomPlan(featureIds: string[]): Promise<Plan> {
  const answer = await apiClient.post<Envelope<Plan>>("api/v1/plans/custom", { featureIds });
  return answer.data;
}

export function useCreateCustomPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["plans", "custom"],
    mutationFn: createCustomPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.current }),
  });
}
