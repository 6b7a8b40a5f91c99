import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Service, Page } from "@portal/contract";
import { apiClient, type Envelope, type QueryParams } from "@/lib/api-client";
import { catalogueKeys } from "./keys";

/** GET api/v1/services — paged, sorted and searched (`q`) on the server. */
export async function listServices(query: QueryParams, signal?: AbortSignal): Promise<Page<Service>> {
  const answer = await apiClient.get<Envelope<Page<Service>>>("api/v1/services", { params: query, signal });
  return answer.data;
}

export const servicesQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: catalogueKeys.serviceList(query),
    queryFn: ({ signal }) => listServices(query, signal),
    placeholderData: keepPreviousData,
  });

export function useServices(query: QueryParams) {
  return useQuery(servicesQueryOptions(query));
}
