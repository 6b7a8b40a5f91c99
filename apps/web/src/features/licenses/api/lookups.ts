import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { CurrentPlan, Feature, Page, Plan, Project, User } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";

/** Query key prefix of what the licence screens choose from (plans, features, projects, users). */
const lookupsKey = ["license-lookups"] as const;

/**
 * What the request form chooses from: active catalogue plans (GET api/v1/plans), features
 * (GET api/v1/features), the customer's projects (GET api/v1/projects) and the current plan (a
 * custom plan the customer built is not in the catalogue list). Lists are read at the API's
 * largest page size; the selects are searchable.
 */
const LOOKUP_PAGE_SIZE = 100;
const staleTime = 60_000;

export const plansLookupQueryOptions = () =>
  queryOptions({
    queryKey: [...lookupsKey, "plans"],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<Envelope<Page<Plan>>>("api/v1/plans", {
          params: { pageSize: LOOKUP_PAGE_SIZE, sort: "name", order: "asc", active: "true" },
          signal,
        })
      ).data.items,
    staleTime,
  });

export const currentPlanQueryOptions = () =>
  queryOptions({
    queryKey: [...lookupsKey, "current-plan"],
    queryFn: async ({ signal }) => (await apiClient.get<Envelope<CurrentPlan>>("api/v1/plans/current", { signal })).data,
    staleTime,
  });

export const featuresLookupQueryOptions = () =>
  queryOptions({
    queryKey: [...lookupsKey, "features"],
    queryFn: async ({ signal }) =>
      (await apiClient.get<Envelope<Page<Feature>>>("api/v1/features", { params: { pageSize: LOOKUP_PAGE_SIZE, sort: "name", order: "asc" }, signal }))
        .data.items,
    staleTime,
  });

export const projectsLookupQueryOptions = () =>
  queryOptions({
    queryKey: [...lookupsKey, "projects"],
    queryFn: async ({ signal }) =>
      (await apiClient.get<Envelope<Page<Project>>>("api/v1/projects", { params: { pageSize: LOOKUP_PAGE_SIZE, sort: "name", order: "asc" }, signal }))
        .data.items,
    staleTime,
  });

export function usePlansLookup(enabled = true) {
  return useQuery({ ...plansLookupQueryOptions(), enabled });
}

export function useCurrentPlan(enabled = true) {
  return useQuery({ ...currentPlanQueryOptions(), enabled });
}

export function useFeaturesLookup(enabled = true) {
  return useQuery({ ...featuresLookupQueryOptions(), enabled });
}

export function useProjectsLookup(enabled = true) {
  return useQuery({ ...projectsLookupQueryOptions(), enabled });
}

/** One plan by id (GET api/v1/plans/{id}); administrators can read a customer's custom plan this way. */
export function usePlan(id: string | null | undefined) {
  return useQuery({
    queryKey: [...lookupsKey, "plan", id],
    queryFn: async ({ signal }) => (await apiClient.get<Envelope<Plan>>(`api/v1/plans/${encodeURIComponent(id!)}`, { signal })).data,
    enabled: Boolean(id),
    staleTime,
  });
}

/** Admin: users matching a search (GET api/v1/users?q=), for the owner filter of the licence list. */
export const usersLookupQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...lookupsKey, "users", q],
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
    queryKey: [...lookupsKey, "user", id],
    queryFn: async ({ signal }) => (await apiClient.get<Envelope<User>>(`api/v1/users/${encodeURIComponent(id!)}`, { signal })).data,
    enabled: Boolean(id),
    staleTime: 60_000,
  });
}
