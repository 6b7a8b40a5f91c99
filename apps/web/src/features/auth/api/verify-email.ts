import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";

/**
 * POST api/v1/auth/verify-email {token} — the token of the link the server mails after sign-up
 * (`/auth/verify-email?token=…`). It works once, so it runs as a query: one call per token even
 * when the page renders twice.
 */
export async function verifyEmail(token: string): Promise<void> {
  await apiClient.post("api/v1/auth/verify-email", { token });
}

export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["auth", "verify-email", token],
    queryFn: () => verifyEmail(token).then(() => true as const),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

export function useVerifyEmail(token: string) {
  return useQuery({ ...verifyEmailQueryOptions(token), enabled: token !== "" });
}
