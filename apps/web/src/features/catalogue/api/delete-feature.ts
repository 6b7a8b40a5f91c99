import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { catalogueKeys } from "./keys";

/** DELETE api/v1/features/{id} (admin) — 409 catalogue/feature_in_use while a plan or licence holds it. */
export async function deleteFeature(id: string): Promise<void> {
  await apiClient.delete(`api/v1/features/${encodeURIComponent(id)}`);
}

export function useDeleteFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["catalogue", "features", "delete"],
    mutationFn: deleteFeature,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.features }),
  });
}
