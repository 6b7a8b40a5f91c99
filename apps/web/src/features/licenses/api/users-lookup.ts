import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Page, User } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { licenseKeys } from "./keys";

/** Admin: users matching a search (GET api/v1/users?q=), for the owner filter of the licence list. */
export const usersLookupQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...licenseKeys.lookups, "users", q],
    queryFn: async ({ signal }) =>
      (await apiClient.get<Envelope<Page<User>>>("api/v1/users", { params: { q: q || undefined, pageSize: 20, sort: "email", order: "asc" }, signal })).data
        .items,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export function useUsersLookup(q: string, enabled: boolean) {
  return useQuery({ ...usersLookupQueryOptions(q), enabled });
}

/** Admin: one user (GET api/v1/users/{id}), to name the owner a shared link filters by. */
export function useUserById(id: string | undefined) {
  return useQuery({
    queryKey: [...licenseKeys.lookups, "user", id],
    queryFn: async ({ signal }) => (await apiClient.get<Envelope<User>>(`api/v1/users/${encodeURIComponent(id!)}`, { signal })).data,
    enabled: Boolean(id),
    staleTime: 60_000,
  });
}
