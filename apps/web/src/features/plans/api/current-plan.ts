import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CurrentPlan, CustomPlanResult, SelectedPlan } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { planKeys } from "./plans";

/** Under the plans' prefix: a change to any plan refreshes it. */
const currentPlanKey = [...planKeys.all, "current"] as const;

/** GET api/v1/plans/current — `{plan, selectedAt}`, both null before the first choice. */
export async function getCurrentPlan(signal?: AbortSignal): Promise<CurrentPlan> {
  const answer = await apiClient.get<Envelope<CurrentPlan>>("api/v1/plans/current", { signal });
  return answer.data;
}

export const currentPlanQueryOptions = () =>
  queryOptions({ queryKey: currentPlanKey, queryFn: ({ signal }) => getCurrentPlan(signal) });

export function useCurrentPlan() {
  return useQuery(currentPlanQueryOptions());
}

/**
 * POST api/v1/plans/{id}/select — makes an active plan the caller's plan; answers the new current plan
 * and the `orderId` of the `pending_offer` order the choice started.
 */
export async function selectPlan(id: string): Promise<SelectedPlan> {
  const answer = await apiClient.post<Envelope<SelectedPlan>>(`api/v1/plans/${encodeURIComponent(id)}/select`);
  return answer.data;
}

/** The orders' query prefix (features/orders): a choice starts an order, so their lists and counts refresh. */
const ordersKey = ["orders"] as const;

export function useSelectPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["plans", "select"],
    mutationFn: selectPlan,
    onSuccess: ({ plan, selectedAt }) => {
      queryClient.setQueryData<CurrentPlan>(currentPlanKey, { plan, selectedAt });
      return Promise.all([queryClient.invalidateQueries({ queryKey: currentPlanKey }), queryClient.invalidateQueries({ queryKey: ordersKey })]);
    },
  });
}

/**
 * POST api/v1/plans/custom `{featureIds}` — a private plan priced at the sum of its features (USD);
 * it becomes the caller's current plan at once, and a `pending_offer` order for it starts (`orderId`).
 */
export async function createCustomPlan(featureIds: string[]): Promise<CustomPlanResult> {
  const answer = await apiClient.post<Envelope<CustomPlanResult>>("api/v1/plans/custom", { featureIds });
  return answer.data;
}

export function useCreateCustomPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["plans", "custom"],
    mutationFn: createCustomPlan,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: currentPlanKey }), queryClient.invalidateQueries({ queryKey: ordersKey })]),
  });
}
