import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DemoRequest, DemoRequestBody, Page } from "@portal/contract";
import { apiClient, type Envelope, type QueryParams } from "@/lib/api-client";

const demoRequestsQueryKey = ["demo-requests"] as const;

/** POST api/v1/demo-requests — anyone; 422 naming `email` for a bad address, 429 when sent too often. */
export async function createDemoRequest(body: DemoRequestBody): Promise<DemoRequest> {
  return (await apiClient.post<Envelope<DemoRequest>>("api/v1/demo-requests", body)).data;
}

export function useCreateDemoRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["demo-requests", "create"],
    mutationFn: createDemoRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: demoRequestsQueryKey }),
  });
}

/** GET api/v1/demo-requests (admin): paged, sorted and searched on the server. */
export function useDemoRequests(query: QueryParams) {
  return useQuery({
    queryKey: [...demoRequestsQueryKey, "list", query],
    queryFn: async ({ signal }) => (await apiClient.get<Envelope<Page<DemoRequest>>>("api/v1/demo-requests", { params: query, signal })).data,
    placeholderData: keepPreviousData,
  });
}
