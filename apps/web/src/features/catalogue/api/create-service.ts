import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Service, ServiceBody } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { catalogueKeys } from "./keys";

/** POST api/v1/services (admin) — 409 catalogue/name_taken for a name already used. */
export async function createService(body: ServiceBody): Promise<Service> {
  const answer = await apiClient.post<Envelope<Service>>("api/v1/services", body);
  return answer.data;
}

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["catalogue", "services", "create"],
    mutationFn: createService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.services }),
  });
}
