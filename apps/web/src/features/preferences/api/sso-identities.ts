import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SsoIdentity } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";

export const ssoIdentitiesQueryKey = ["auth", "oidc", "identities"] as const;

/** GET api/v1/auth/oidc/identities → the identity-provider accounts linked to mine. */
export async function getSsoIdentities(signal?: AbortSignal): Promise<SsoIdentity[]> {
  const answer = await apiClient.get<Envelope<SsoIdentity[]>>("api/v1/auth/oidc/identities", { signal });
  return answer.data;
}

export function useSsoIdentities() {
  return useQuery(queryOptions({ queryKey: ssoIdentitiesQueryKey, queryFn: ({ signal }) => getSsoIdentities(signal) }));
}
