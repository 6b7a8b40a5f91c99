import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Page, User, UserPatchBody } from "@portal/contract";
import { apiClient, type Envelope, type QueryParams } from "@/lib/api-client";
import { meQueryKey } from "@/lib/auth";

/** GET api/v1/users — admin; `page, pageSize, sort, order, q, status`, sorted and paged on the server. */
export async function listUsers(query: QueryParams, signal?: AbortSignal): Promise<Page<User>> {
  const answer = await apiClient.get<Envelope<Page<User>>>("api/v1/users", { params: query, signal });
  return answer.data;
}

export const usersQueryKey = ["users"] as const;

export const usersQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: [...usersQueryKey, "list", query],
    queryFn: ({ signal }) => listUsers(query, signal),
    // The previous page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useUsers(query: QueryParams) {
  return useQuery(usersQueryOptions(query));
}

/**
 * The administrator's actions on an account:
 * POST api/v1/users/{id}/approve · /verify-email · /lock · /unlock, and PATCH api/v1/users/{id} with
 * `{status: "disabled"|"active"}` (disable / enable) or `{isAdmin}` (grant / revoke).
 */
export const userActions = ["approve", "verifyEmail", "lock", "unlock", "enable", "disable", "revokeAdmin", "grantAdmin"] as const;
export type UserAction = (typeof userActions)[number];
/** What a confirmation may run: an action, or approving an unverified account and verifying its e-mail at once. */
export type UserChange = UserAction | "approveAndVerify";

export async function runUserAction(id: string, action: UserChange): Promise<User> {
  const path = `api/v1/users/${encodeURIComponent(id)}`;
  let answer: Envelope<User>;
  switch (action) {
    case "approve":
    case "lock":
    case "unlock":
      answer = await apiClient.post<Envelope<User>>(`${path}/${action}`);
      break;
    case "verifyEmail":
      answer = await apiClient.post<Envelope<User>>(`${path}/verify-email`);
      break;
    case "approveAndVerify":
      // Approval first: it is what was asked for, and an account left unverified by a failure here
      // still offers "Mark e-mail verified".
      await apiClient.post<Envelope<User>>(`${path}/approve`);
      answer = await apiClient.post<Envelope<User>>(`${path}/verify-email`);
      break;
    default: {
      const body: UserPatchBody =
        action === "disable"
          ? { status: "disabled" }
          : action === "enable"
            ? { status: "active" }
            : { isAdmin: action === "grantAdmin" };
      answer = await apiClient.patch<Envelope<User>>(path, body);
    }
  }
  return answer.data;
}

export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...usersQueryKey, "action"],
    mutationFn: ({ id, action }: { id: string; action: UserChange }) => runUserAction(id, action),
    onSettled: async (_user, _error, { id }) => {
      await queryClient.invalidateQueries({ queryKey: usersQueryKey });
      // An administrator who changed their own account sees it at once (e.g. no more admin menu).
      const me = queryClient.getQueryData<User>(meQueryKey);
      if (me?.id === id) await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

/** Which actions an account in this state offers. */
export function actionsFor(user: Pick<User, "status" | "isAdmin" | "emailVerified">): UserAction[] {
  const actions: UserAction[] = [];
  if (user.status === "pending") actions.push("approve");
  if (!user.emailVerified) actions.push("verifyEmail");
  if (user.status === "active") actions.push("lock");
  if (user.status === "locked") actions.push("unlock");
  if (user.status === "disabled") actions.push("enable");
  else actions.push("disable");
  actions.push(user.isAdmin ? "revokeAdmin" : "grantAdmin");
  return actions;
}
