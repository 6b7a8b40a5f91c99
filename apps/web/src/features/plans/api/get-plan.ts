import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Plan } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { planKeys } from "./keys";

/** GET api/v1/plans/{id} — 404 catalogue/plan_not_found for a plan the caller may not see. */
export async function getPlan(id: string, signal?: AbortSignal): Promise<Plan> {
  const answer = await apiClient.get<Envelope<Plan>>(`api/v1/plans/${encodeURIComponent(id)}`, { signal });
  return answer.data;
}

export const planQueryOptions = (id: string) =>
  queryOptions({ queryKey: planKeys.detail(id), queryFn: ({ signal }) => getPlan(id, signal) });

export function usePlan(id: string | undefined) {
  return useQuery({ ...planQueryOptions(id ?? ""), enabled: Boolean(id) });
}
