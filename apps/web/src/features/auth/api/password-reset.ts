import { mutationOptions, useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";

/** POST api/v1/auth/recover-password {email} — always 200 (the server never reveals whether the account exists). */
export async function recoverPassword(input: { email: string }): Promise<void> {
  await apiClient.post("api/v1/auth/recover-password", { email: input.email });
}

export const recoverPasswordMutationOptions = () =>
  mutationOptions({ mutationKey: ["auth", "recover-password"], mutationFn: recoverPassword });

export function useRecoverPassword() {
  return useMutation(recoverPasswordMutationOptions());
}

/** POST api/v1/auth/reset-password {token, password} — the token comes from the e-mailed link's `?token=`. */
export async function resetPassword(input: { token: string; password: string }): Promise<void> {
  await apiClient.post("api/v1/auth/reset-password", { token: input.token, password: input.password });
}

export const resetPasswordMutationOptions = () =>
  mutationOptions({ mutationKey: ["auth", "reset-password"], mutationFn: resetPassword });

export function useResetPassword() {
  return useMutation(resetPasswordMutationOptions());
}
