import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { catalogueKeys } from "./keys";

/** DELETE api/v1/services/{id} (admin) — 409 catalogue/service_in_use while a plan holds it. */
export async function deleteService(id: string): Promise<void> {
  await apiClient.delete(`api/v1/services/${encodeURIComponent(id)}`);
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["catalogue", "services", "delete"],
    mutationFn: deleteService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.services }),
  });
}
