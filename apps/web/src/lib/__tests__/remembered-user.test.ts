import { QueryClient, QueryObserver } from "@tanstack/react-query";
import type { User } from "@portal/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endSession, getMe, meQueryKey, meQueryOptions, readRememberedUser, rememberCurrentUser, startSession } from "../auth";
import { EARLY_ME_GLOBAL, storageKeys } from "../storage";

const user: User = {
  id: "6f1c1f8e-9a3b-4a55-8f3e-3c1f4d2a9b10",
  firstname: "Ada",
  lastname: "Lovelace",
  email: "ada@example.com",
  userName: "ada",
  isAdmin: true,
  d_created: "2026-01-01T00:00:00.000Z",
  status: "active",
  emailVerified: true,
  twoFactorEnabled: false,
};

afterEach(() => window.localStorage.clear());

describe("the remembered user", () => {
  it("is written when a session starts and forgotten when it ends", () => {
    const queryClient = new QueryClient();
    rememberCurrentUser(queryClient);
    startSession(queryClient, "token-1", user);
    expect(JSON.parse(window.localStorage.getItem(storageKeys.user)!).user).toEqual(user);
    expect(readRememberedUser()).toEqual(user);

    endSession(queryClient);
    expect(window.localStorage.getItem(storageKeys.user)).toBeNull();
    expect(readRememberedUser()).toBeUndefined();
  });

  it("follows the query cache (a profile edit) and is dropped with it", () => {
    const queryClient = new QueryClient();
    rememberCurrentUser(queryClient);
    startSession(queryClient, "token-1", user);
    queryClient.setQueryData(meQueryKey, { ...user, firstname: "Augusta" });
    expect(readRememberedUser()?.firstname).toBe("Augusta");
    queryClient.getQueryCache().clear();
    expect(window.localStorage.getItem(storageKeys.user)).toBeNull();
  });

  it("is not used without its token, with another token, nor when it is not a user", () => {
    const queryClient = new QueryClient();
    rememberCurrentUser(queryClient);
    startSession(queryClient, "token-1", user);
    const stored = window.localStorage.getItem(storageKeys.user)!;
    window.localStorage.removeItem(storageKeys.token);
    expect(readRememberedUser()).toBeUndefined();
    window.localStorage.setItem(storageKeys.token, "token-2");
    expect(readRememberedUser()).toBeUndefined();
    window.localStorage.setItem(storageKeys.token, "token-1");
    expect(readRememberedUser()).toEqual(user);
    const tag = (JSON.parse(stored) as { token: string }).token;
    for (const bad of ["{", "null", "[]", JSON.stringify({ token: tag, user: { ...user, isAdmin: "yes" } }), JSON.stringify({ token: tag, user: { id: user.id } })]) {
      window.localStorage.setItem(storageKeys.user, bad);
      expect(readRememberedUser()).toBeUndefined();
    }
  });

  it("seeds /auth/me as stale data, so the server's answer is asked for at once", () => {
    const first = new QueryClient();
    rememberCurrentUser(first);
    startSession(first, "token-1", user);
    const queryClient = new QueryClient();
    const result = new QueryObserver(queryClient, { ...meQueryOptions(), enabled: false }).getCurrentResult();
    expect(result.data).toEqual(user);
    expect(result.status).toBe("success");
    expect(result.dataUpdatedAt).toBe(0);
    expect(queryClient.getQueryCache().find({ queryKey: meQueryKey })?.isStaleByTime(5 * 60_000)).toBe(true);
  });
});

describe("the current user asked for by the boot script", () => {
  const holder = window as unknown as Record<string, unknown>;
  const answered = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

  afterEach(() => {
    delete holder[EARLY_ME_GLOBAL];
    vi.unstubAllGlobals();
  });

  it("is taken by the first getMe, once, without another call", async () => {
    window.localStorage.setItem(storageKeys.token, "token-1");
    holder[EARLY_ME_GLOBAL] = { token: "token-1", answer: answered(200, { status: "success", data: user }) };
    const fetch = vi.fn(() => answered(200, { status: "success", data: { ...user, firstname: "Later" } }));
    vi.stubGlobal("fetch", fetch);
    expect(await getMe()).toEqual(user);
    expect(fetch).not.toHaveBeenCalled();
    expect(holder[EARLY_ME_GLOBAL]).toBeUndefined();
    // The next getMe (a refetch) asks the server as always.
    expect((await getMe()).firstname).toBe("Later");
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("is left to the usual call when it failed or came with another token", async () => {
    window.localStorage.setItem(storageKeys.token, "token-2");
    const fetch = vi.fn(() => answered(200, { status: "success", data: { ...user, firstname: "Fresh" } }));
    vi.stubGlobal("fetch", fetch);
    holder[EARLY_ME_GLOBAL] = { token: "token-1", answer: answered(200, { status: "success", data: user }) };
    expect((await getMe()).firstname).toBe("Fresh");
    holder[EARLY_ME_GLOBAL] = { token: "token-2", answer: answered(401, { detail: "expired" }) };
    expect((await getMe()).firstname).toBe("Fresh");
    holder[EARLY_ME_GLOBAL] = { token: "token-2", answer: Promise.resolve(null) };
    expect((await getMe()).firstname).toBe("Fresh");
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
