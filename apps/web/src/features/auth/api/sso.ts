import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { SsoStatus, TokenAnswer } from "@portal/contract";
import { apiClient, buildUrl, type Envelope } from "@/lib/api-client";
import { safeRedirectTarget } from "@/lib/redirect";
import { InvalidLoginResponseError, isTokenAnswer } from "./session";

export const ssoStatusQueryKey = ["auth", "oidc"] as const;

/** GET api/v1/auth/oidc → whether the login page offers single sign-on, and the button's name. */
export async function getSsoStatus(signal?: AbortSignal): Promise<SsoStatus> {
  const answer = await apiClient.get<Envelope<SsoStatus>>("api/v1/auth/oidc", { signal });
  return answer.data;
}

export const ssoStatusQueryOptions = () =>
  queryOptions({ queryKey: ssoStatusQueryKey, queryFn: ({ signal }) => getSsoStatus(signal), staleTime: 60_000 });

export function useSsoStatus() {
  return useQuery(ssoStatusQueryOptions());
}

/** Where the button leads: the server's start, which sends the browser on to the identity provider. */
export function ssoStartUrl(redirect: string | null): string {
  return buildUrl("api/v1/auth/oidc/start", { redirect: safeRedirectTarget(redirect) });
}

export interface SsoExchangeInput {
  code: string;
  otp?: string;
}

/** POST api/v1/auth/oidc/exchange: the one-time code of the login page's ?sso= for a session, as a password login answers. */
export async function exchangeSsoCode(input: SsoExchangeInput): Promise<TokenAnswer> {
  const answer = await apiClient.post<Envelope<unknown>>("api/v1/auth/oidc/exchange", { code: input.code, ...(input.otp ? { otp: input.otp } : {}) });
  if (answer?.status !== "success" || !isTokenAnswer(answer.data)) throw new InvalidLoginResponseError();
  return answer.data;
}

export function useSsoExchange() {
  return useMutation({ mutationKey: ["auth", "oidc", "exchange"], mutationFn: exchangeSsoCode });
}
