import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import type { User } from "@portal/contract";
import { apiClient, type Envelope } from "./api-client";
import { readStorage, removeStorage, storageKeys, writeStorage } from "./storage";

/**
 * The session shared by every feature (spec section 4): the client is authenticated when a token
 * is stored; the current user lives in the query cache under `meQueryKey`.
 */

export function getToken(): string | null {
  return readStorage(storageKeys.token);
}

export function hasToken(): boolean {
  return Boolean(getToken());
}

export const meQueryKey = ["auth", "me"] as const;

export async function getMe(signal?: AbortSignal): Promise<User> {
  const answer = await apiClient.get<Envelope<User>>("api/v1/auth/me", { signal });
  return answer.data;
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The current user once loaded (guards make sure it is before any protected page renders). */
export function useUser() {
  return useQuery({ ...meQueryOptions(), enabled: hasToken() });
}

/** A successful login stores the token and the user. */
export function startSession(queryClient: QueryClient, token: string, user: User): void {
  writeStorage(storageKeys.token, token);
  queryClient.setQueryData(meQueryKey, user);
}

/** A failed login or verification, a logout or a 401 clears token and user. */
export function endSession(queryClient: QueryClient): void {
  removeStorage(storageKeys.token);
  forgetServerData(queryClient);
}

/**
 * Drops every cached answer (the next user must not see the last one's data). Mutations stay: a
 * login that failed with a 401 still has to deliver its error to the form that sent it.
 */
export function forgetServerData(queryClient: QueryClient): void {
  void queryClient.cancelQueries();
  queryClient.getQueryCache().clear();
}

export async function logout(queryClient: QueryClient): Promise<void> {
  try {
    await apiClient.post("api/v1/auth/logout");
  } catch {
    // The server may already have forgotten the session; the client forgets it anyway.
  } finally {
    endSession(queryClient);
  }
}
