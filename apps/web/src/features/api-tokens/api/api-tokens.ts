import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiToken, ApiTokenBody, ApiTokenCreated, ApiTokenList, User } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";

/** Query keys of API tokens: every list under one prefix, so a create or a revoke refreshes them all. */
export const apiTokenKeys = {
  all: ["api-tokens"] as const,
  /** The signed-in user's tokens (no `userId`), or an administrator's view of another user's. */
  list: (userId?: string) => ["api-tokens", "list", userId ?? "me"] as const,
};

/**
 * GET api/v1/api-tokens — the caller's tokens, never a secret; an administrator passes `userId` for
 * another user's (404 for an unknown user; 403 admin/forbidden for a customer asking for another's).
 */
export async function listApiTokens(userId?: string, signal?: AbortSignal): Promise<ApiToken[]> {
  const answer = await apiClient.get<Envelope<ApiTokenList>>("api/v1/api-tokens", { params: { userId }, signal });
  return answer.data.items;
}

export function useApiTokens(userId?: string) {
  return useQuery({ queryKey: apiTokenKeys.list(userId), queryFn: ({ signal }) => listApiTokens(userId, signal) });
}

/**
 * POST api/v1/api-tokens — for the caller themself; 201 `{token, secret}`, the secret this once.
 * 422 token/invalid_scope (unknown or admin-only scope), 422 on a field; 409 token/limit_reached (50 live tokens).
 */
export async function createApiToken(body: ApiTokenBody): Promise<ApiTokenCreated> {
  const answer = await apiClient.post<Envelope<ApiTokenCreated>>("api/v1/api-tokens", body);
  return answer.data;
}

/** DELETE api/v1/api-tokens/{id} — owner or administrator; revokes at once, answers the token with `revokedAt`; 404 token/not_found. */
export async function revokeApiToken(id: string): Promise<ApiToken> {
  const answer = await apiClient.delete<Envelope<ApiToken>>(`api/v1/api-tokens/${encodeURIComponent(id)}`);
  return answer.data;
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...apiTokenKeys.all, "create"],
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...apiTokenKeys.all, "revoke"],
    mutationFn: revokeApiToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

/** GET api/v1/users/{id} (admin) — whose tokens the administrator's page shows. */
export async function getTokenOwner(id: string, signal?: AbortSignal): Promise<User> {
  const answer = await apiClient.get<Envelope<User>>(`api/v1/users/${encodeURIComponent(id)}`, { signal });
  return answer.data;
}

export function useTokenOwner(id: string) {
  return useQuery({ queryKey: ["users", "one", id], queryFn: ({ signal }) => getTokenOwner(id, signal) });
}
