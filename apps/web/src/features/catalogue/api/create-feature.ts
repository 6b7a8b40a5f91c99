import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Feature, FeatureBody } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { catalogueKeys } from "./keys";

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.features }),
  });
}
