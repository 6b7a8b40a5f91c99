import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Feature, License, Page, Service } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { myTrialsQueryKey, planKeys } from "./plans";

/** The API's page-size ceiling. */
const PAGE_SIZE = 100;
/** A guard against a runaway loop; 2,000 features or services is far beyond any real catalogue. */
const MAX_PAGES = 20;

/**
 * The whole list of GET api/v1/features or api/v1/services, by name, page after page: what a
 * picker (plan form) or the custom plan builder offers. Paging stays on the server; this only
 * walks its pages.
 */
async function listAll<T>(path: string, signal?: AbortSignal): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await apiClient.get<Envelope<Page<T>>>(path, {
      params: { page, pageSize: PAGE_SIZE, sort: "name", order: "asc" },
      signal,
    });
    items.push(...answer.data.items);
    if (answer.data.items.length < PAGE_SIZE || items.length >= answer.data.total) break;
  }
  return items;
}

export const featureOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...planKeys.all, "options", "features"] as const,
    queryFn: ({ signal }) => listAll<Feature>("api/v1/features", signal),
  });

export const serviceOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...planKeys.all, "options", "services"] as const,
    queryFn: ({ signal }) => listAll<Service>("api/v1/services", signal),
  });

export function useFeatureOptions() {
  return useQuery(featureOptionsQueryOptions());
}

export function useServiceOptions() {
  return useQuery(serviceOptionsQueryOptions());
}

/**
 * The plans whose free trial the signed-in user has had: their trial licences, running or ended
 * (GET api/v1/licenses?type=trial&ownerId=me, one page of the API's largest size: a customer has at
 * most one trial per plan). Only rows of type "trial" count, whatever the server filtered. The
 * pricing cards then say "Trial used" instead of offering a trial the server would refuse.
 */
export function useTrialPlanIds(ownerId: string | undefined) {
  return useQuery({
    queryKey: [...myTrialsQueryKey, ownerId] as const,
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<Envelope<Page<License>>>("api/v1/licenses", {
          params: { type: "trial", ownerId, page: 1, pageSize: PAGE_SIZE, sort: "issuedAt", order: "desc" },
          signal,
        })
      ).data.items,
    enabled: Boolean(ownerId),
    select: trialPlanIdsOf,
  });
}

/** Module-level, so the selected Set keeps its identity between renders (an inline select would make a new one each time). */
const trialPlanIdsOf = (licenses: License[]) => new Set(licenses.filter((license) => license.type === "trial").map((license) => license.planId));
