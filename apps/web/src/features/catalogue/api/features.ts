import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Feature, FeatureBody, Page } from "@portal/contract";
import { apiClient, type Envelope, type QueryParams } from "@/lib/api-client";

/** Query keys of features: every list under one prefix, so a change refreshes them all. */
const featureKeys = {
  all: ["catalogue", "features"] as const,
  list: (query: QueryParams) => ["catalogue", "features", "list", query] as const,
};

/** GET api/v1/features — paged, sorted and searched (`q`) on the server. */
export async function listFeatures(query: QueryParams, signal?: AbortSignal): Promise<Page<Feature>> {
  const answer = await apiClient.get<Envelope<Page<Feature>>>("api/v1/features", { params: query, signal });
  return answer.data;
}

export const featuresQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: featureKeys.list(query),
    queryFn: ({ signal }) => listFeatures(query, signal),
    placeholderData: keepPreviousData,
  });

export function useFeatures(query: QueryParams) {
  return useQuery(featuresQueryOptions(query));
}

/** POST api/v1/features (admin) — 409 catalogue/name_taken for a name already used. */
export async function createFeature(body: FeatureBody): Promise<Feature> {
  const answer = await apiClient.post<Envelope<Feature>>("api/v1/features", body);
  return answer.data;
}

export function useCreateFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["catalogue", "features", "create"],
    mutationFn: createFeature,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: featureKeys.all }),
  });
}

/** PUT api/v1/features/{id} (admin) — the whole body: name, description, price. */
export async function updateFeature({ id, body }: { id: string; body: FeatureBody }): Promise<Feature> {
  const answer = await apiClient.put<Envelope<Feature>>(`api/v1/features/${encodeURIComponent(id)}`, body);
  return answer.data;
}

export function useUpdateFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["catalogue", "features", "update"],
    mutationFn: updateFeature,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: featureKeys.all }),
  });
}

/** DELETE api/v1/features/{id} (admin) — 409 catalogue/feature_in_use while a plan or licence holds it. */
export async function deleteFeature(id: string): Promise<void> {
  await apiClient.delete(`api/v1/features/${encodeURIComponent(id)}`);
}

export function useDeleteFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["catalogue", "features", "delete"],
    mutationFn: deleteFeature,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: featureKeys.all }),
  });
}
