import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CurrentPlan, Feature, Page, Plan, Project } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { licenseKeys } from "./keys";

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
    queryKey: [...licenseKeys.lookups, "plans"],
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
    queryKey: [...licenseKeys.lookups, "current-plan"],
    queryFn: async ({ signal }) => (await apiClient.get<Envelope<CurrentPlan>>("api/v1/plans/current", { signal })).data,
    staleTime,
  });

export const featuresLookupQueryOptions = () =>
  queryOptions({
    queryKey: [...licenseKeys.lookups, "features"],
    queryFn: async ({ signal }) =>
      (await apiClient.get<Envelope<Page<Feature>>>("api/v1/features", { params: { pageSize: LOOKUP_PAGE_SIZE, sort: "name", order: "asc" }, signal }))
        .data.items,
    staleTime,
  });

export const projectsLookupQueryOptions = () =>
  queryOptions({
    queryKey: [...licenseKeys.lookups, "projects"],
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
    queryKey: [...licenseKeys.lookups, "plan", id],
    queryFn: async ({ signal }) => (await apiClient.get<Envelope<Plan>>(`api/v1/plans/${encodeURIComponent(id!)}`, { signal })).data,
    enabled: Boolean(id),
    staleTime,
  });
}
