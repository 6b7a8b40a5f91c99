import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Page, Plan } from "@portal/contract";
import { apiClient, type Envelope, type QueryParams } from "@/lib/api-client";
import { planKeys } from "./keys";

/**
 * GET api/v1/plans — template plans, paged and sorted on the server (`sort` name|price|createdAt,
 * `q`, admin filter `active`). Customers get the active ones only.
 */
export async function listPlans(query: QueryParams, signal?: AbortSignal): Promise<Page<Plan>> {
  const answer = await apiClient.get<Envelope<Page<Plan>>>("api/v1/plans", { params: query, signal });
  return answer.data;
}

export const plansQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: planKeys.list(query),
    queryFn: ({ signal }) => listPlans(query, signal),
    placeholderData: keepPreviousData,
  });

export function usePlans(query: QueryParams) {
  return useQuery(plansQueryOptions(query));
}
