import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Page, User } from "@portal/contract";
import { apiClient, type Envelope, type QueryParams } from "@/lib/api-client";

/** GET api/v1/users — admin; `page, pageSize, sort, order, q, status`, sorted and paged on the server. */
export async function listUsers(query: QueryParams, signal?: AbortSignal): Promise<Page<User>> {
  const answer = await apiClient.get<Envelope<Page<User>>>("api/v1/users", { params: query, signal });
  return answer.data;
}

export const usersQueryKey = ["users"] as const;

export const usersQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: [...usersQueryKey, "list", query],
    queryFn: ({ signal }) => listUsers(query, signal),
    // The previous page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useUsers(query: QueryParams) {
  return useQuery(usersQueryOptions(query));
}
