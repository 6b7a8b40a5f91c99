import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { License, Page, Plan, PlanBody } from "@portal/contract";
import { apiClient, type Envelope, type QueryParams } from "@/lib/api-client";

/** Query keys of plans; every key starts with "plans", so one invalidation refreshes them all. */
export const planKeys = {
  all: ["plans"] as const,
  list: (query: QueryParams) => ["plans", "list", query] as const,
  detail: (id: string) => ["plans", "detail", id] as const,
};

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

const PAGE_SIZE = 12;

/**
 * GET api/v1/plans page after page, cheapest first: what the pricing carousel shows. The next page
 * is fetched when the visitor scrolls near the end of what is loaded.
 */
export const offeredPlansQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...planKeys.all, "offered"] as const,
    queryFn: ({ pageParam, signal }) => listPlans({ page: pageParam, pageSize: PAGE_SIZE, sort: "price", order: "asc" }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });

export function useOfferedPlans() {
  return useInfiniteQuery(offeredPlansQueryOptions());
}

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

/** POST api/v1/plans (admin) — a template plan with every field of `planBodySchema`. */
export async function createPlan(body: PlanBody): Promise<Plan> {
  const answer = await apiClient.post<Envelope<Plan>>("api/v1/plans", body);
  return answer.data;
}

export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["plans", "create"],
    mutationFn: createPlan,
    onSuccess: (plan) => {
      queryClient.setQueryData(planKeys.detail(plan.id), plan);
      return queryClient.invalidateQueries({ queryKey: planKeys.all });
    },
  });
}

/** PUT api/v1/plans/{id} (admin) — the whole template plan. */
export async function updatePlan({ id, body }: { id: string; body: PlanBody }): Promise<Plan> {
  const answer = await apiClient.put<Envelope<Plan>>(`api/v1/plans/${encodeURIComponent(id)}`, body);
  return answer.data;
}

export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["plans", "update"],
    mutationFn: updatePlan,
    onSuccess: (plan) => {
      queryClient.setQueryData(planKeys.detail(plan.id), plan);
      return queryClient.invalidateQueries({ queryKey: planKeys.all });
    },
  });
}

/** DELETE api/v1/plans/{id} (admin) — 409 catalogue/plan_in_use while customers or licences hold it. */
export async function deletePlan(id: string): Promise<void> {
  await apiClient.delete(`api/v1/plans/${encodeURIComponent(id)}`);
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["plans", "delete"],
    mutationFn: deletePlan,
    // The deleted plan's own page is left alone (it is being left); every list refreshes.
    onSuccess: (_data, id) =>
      queryClient.invalidateQueries({ queryKey: planKeys.all, predicate: (query) => query.queryKey[2] !== id }),
  });
}

/** The caller's own trial licences, as the pricing cards read them (plans/api/lookups.ts). */
export const myTrialsQueryKey = [...planKeys.all, "my-trials"] as const;

/**
 * POST api/v1/plans/{id}/trial — a trial licence of the plan for the signed-in customer (201, type
 * "trial", not activated, ending `trialDays` from now). 404 plan/not_found when the plan offers no
 * trial, 409 trial/already_used when this customer has had one.
 */
export async function startTrial(planId: string): Promise<License> {
  return (await apiClient.post<Envelope<License>>(`api/v1/plans/${encodeURIComponent(planId)}/trial`)).data;
}

export function useStartTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["plans", "trial"],
    mutationFn: startTrial,
    // The licence screens (features/licenses caches them under "licenses"), the dashboard's trials
    // and the cards' own list of used trials now have the new licence; a refusal (already used)
    // says that list was out of date too.
    onSettled: () =>
      Promise.all(
        [["licenses"], ["dashboard"], myTrialsQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
