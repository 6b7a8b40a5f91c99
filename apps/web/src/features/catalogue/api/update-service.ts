import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Service, ServiceBody } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { catalogueKeys } from "./keys";

/** PUT api/v1/services/{id} (admin) — the whole body: name, description. */
export async function updateService({ id, body }: { id: string; body: ServiceBody }): Promise<Service> {
  const answer = await apiClient.put<Envelope<Service>>(`api/v1/services/${encodeURIComponent(id)}`, body);
  return answer.data;
}

export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["catalogue", "services", "update"],
    mutationFn: updateService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.services }),
  });
}
