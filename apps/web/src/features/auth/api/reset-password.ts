import { mutationOptions, useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";

/** POST api/v1/auth/reset-password {token, password} — the token comes from the e-mailed link's `?token=`. */
export async function resetPassword(input: { token: string; password: string }): Promise<void> {
  await apiClient.post("api/v1/auth/reset-password", { token: input.token, password: input.password });
}

export const resetPasswordMutationOptions = () =>
  mutationOptions({ mutationKey: ["auth", "reset-password"], mutationFn: resetPassword });

export function useResetPassword() {
  return useMutation(resetPasswordMutationOptions());
}
