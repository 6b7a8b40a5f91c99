import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AvailableUpdates } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";

/** The header that carries the licence token of POST api/v1/req/auth. */
export const LICENSE_TOKEN_HEADER = "X-License-Token";

/**
 * The list request of the .req flow (spec section 4: "an auth request followed by a list request"):
 * GET api/v1/req/updates with the licence token → the published updates this licence is verified for
 * and newer than the installed version the .req named.
 */
export async function listAvailableUpdates(licenseToken: string, signal?: AbortSignal): Promise<AvailableUpdates> {
  return (await apiClient.get<Envelope<AvailableUpdates>>("api/v1/req/updates", { headers: { [LICENSE_TOKEN_HEADER]: licenseToken }, signal })).data;
}

export function availableUpdatesQuery(licenseToken: string) {
  return queryOptions({
    queryKey: ["req", "updates", licenseToken],
    queryFn: ({ signal }) => listAvailableUpdates(licenseToken, signal),
    // The token is short-lived and the list belongs to this upload: read once (Retry reads again).
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
    retryOnMount: false,
  });
}

export function useAvailableUpdates(licenseToken: string) {
  return useQuery(availableUpdatesQuery(licenseToken));
}
