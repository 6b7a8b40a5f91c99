import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import type { User } from "@portal/contract";
import { apiClient, type Envelope } from "./api-client";
import { resetDisplaySettings } from "./display-settings";
import { takeEarlyAnswer } from "./early-answer";
import { EARLY_ME_GLOBAL, readStorage, removeStorage, storageKeys, writeStorage } from "./storage";

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
  const early = await takeEarlyMe();
  if (early) return early;
  const answer = await apiClient.get<Envelope<User>>("api/v1/auth/me", { signal });
  return answer.data;
}

/**
 * The `/auth/me` the boot script asked for before the app's scripts arrived (vite.config.ts), taken
 * by the first getMe.
 */
async function takeEarlyMe(): Promise<User | undefined> {
  return (await takeEarlyAnswer<Envelope<User>>(EARLY_ME_GLOBAL, getToken()))?.data;
}

/**
 * The user this browser last saw logged in, as a display hint until `/auth/me` answers: the layout
 * and the page render at once instead of one round trip later. Only what the screens show is read
 * from it; every permission is the server's to decide, and `/auth/me` replaces it on every page load
 * (a 401 there ends the session as before).
 */
export function readRememberedUser(): User | undefined {
  const stored = readStorage(storageKeys.user);
  const token = getToken();
  if (!stored || !token) return undefined;
  try {
    const remembered = JSON.parse(stored) as { token?: unknown; user?: Partial<User> } | null;
    // Kept for one session: a token put in place another way (another account) does not get it.
    if (remembered?.token !== tokenTag(token)) return undefined;
    const user = remembered.user;
    const usable =
      typeof user?.id === "string" &&
      typeof user.isAdmin === "boolean" &&
      typeof user.userName === "string" &&
      typeof user.email === "string" &&
      typeof user.firstname === "string" &&
      typeof user.lastname === "string";
    return usable ? (user as User) : undefined;
  } catch {
    return undefined;
  }
}

/** A short tag of the session token (FNV-1a), so the remembered user is used only with the token it came with; not a secret. */
function tokenTag(token: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < token.length; index += 1) hash = Math.imul(hash ^ token.charCodeAt(index), 0x01000193);
  return (hash >>> 0).toString(36);
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60_000,
    retry: false,
    initialData: readRememberedUser,
    // Remembered data is always stale: the server's answer is asked for as soon as the query mounts.
    initialDataUpdatedAt: 0,
  });

/** Keeps the stored user equal to the query cache's (a login, /auth/me, a profile edit); forgets it when the cache is cleared. */
export function rememberCurrentUser(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash !== JSON.stringify(meQueryKey)) return;
    if (event.type === "removed") removeStorage(storageKeys.user);
    else if (event.type === "updated" && event.action.type === "success" && event.query.state.data) {
      const token = getToken();
      if (token) writeStorage(storageKeys.user, JSON.stringify({ token: tokenTag(token), user: event.query.state.data }));
    }
  });
}

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
  removeStorage(storageKeys.user);
  // The next user's density, zone and sidebar arrive with their login; theme and language stay the device's.
  resetDisplaySettings();
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
