import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Feature, FeatureBody } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { catalogueKeys } from "./keys";

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.features }),
  });
}
