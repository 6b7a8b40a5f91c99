import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Feature, Page } from "@portal/contract";
import { apiClient, type Envelope, type QueryParams } from "@/lib/api-client";
import { catalogueKeys } from "./keys";

/** GET api/v1/features — paged, sorted and searched (`q`) on the server. */
export async function listFeatures(query: QueryParams, signal?: AbortSignal): Promise<Page<Feature>> {
  const answer = await apiClient.get<Envelope<Page<Feature>>>("api/v1/features", { params: query, signal });
  return answer.data;
}

export const featuresQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: catalogueKeys.featureList(query),
    queryFn: ({ signal }) => listFeatures(query, signal),
    placeholderData: keepPreviousData,
  });

export function useFeatures(query: QueryParams) {
  return useQuery(featuresQueryOptions(query));
}
