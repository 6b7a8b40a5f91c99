import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Page, Service, ServiceBody } from "@portal/contract";
import { apiClient, type Envelope, type QueryParams } from "@/lib/api-client";

/** Query keys of services: every list under one prefix, so a change refreshes them all. */
const serviceKeys = {
  all: ["catalogue", "services"] as const,
  list: (query: QueryParams) => ["catalogue", "services", "list", query] as const,
};

/** GET api/v1/services — paged, sorted and searched (`q`) on the server. */
export async function listServices(query: QueryParams, signal?: AbortSignal): Promise<Page<Service>> {
  const answer = await apiClient.get<Envelope<Page<Service>>>("api/v1/services", { params: query, signal });
  return answer.data;
}

export const servicesQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: serviceKeys.list(query),
    queryFn: ({ signal }) => listServices(query, signal),
    placeholderData: keepPreviousData,
  });

export function useServices(query: QueryParams) {
  return useQuery(servicesQueryOptions(query));
}

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}

/** DELETE api/v1/services/{id} (admin) — 409 catalogue/service_in_use while a plan holds it. */
export async function deleteService(id: string): Promise<void> {
  await apiClient.delete(`api/v1/services/${encodeURIComponent(id)}`);
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["catalogue", "services", "delete"],
    mutationFn: deleteService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}
