import { mutationOptions, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { RegisterBody, User } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";

/** POST api/v1/auth/register — 201 with the new user, whose status is "pending" until approved. */
export async function register(body: RegisterBody): Promise<User> {
  const answer = await apiClient.post<Envelope<{ user: User }>>("api/v1/auth/register", body);
  return answer.data.user;
}

export const registerMutationOptions = () => mutationOptions({ mutationKey: ["auth", "register"], mutationFn: register });

export function useRegister() {
  return useMutation(registerMutationOptions());
}

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

/** POST api/v1/auth/verify-email/resend {email} — same answer whether or not the address has an account. */
export async function resendVerification(input: { email: string }): Promise<void> {
  await apiClient.post("api/v1/auth/verify-email/resend", { email: input.email });
}

export const resendVerificationMutationOptions = () =>
  mutationOptions({ mutationKey: ["auth", "resend-verification"], mutationFn: resendVerification });

export function useResendVerification() {
  return useMutation(resendVerificationMutationOptions());
}
