import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CurrentPlan } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { planKeys } from "./keys";

/** GET api/v1/plans/current — `{plan, selectedAt}`, both null before the first choice. */
export async function getCurrentPlan(signal?: AbortSignal): Promise<CurrentPlan> {
  const answer = await apiClient.get<Envelope<CurrentPlan>>("api/v1/plans/current", { signal });
  return answer.data;
}

export const currentPlanQueryOptions = () =>
  queryOptions({ queryKey: planKeys.current, queryFn: ({ signal }) => getCurrentPlan(signal) });

export function useCurrentPlan() {
  return useQuery(currentPlanQueryOptions());
}
