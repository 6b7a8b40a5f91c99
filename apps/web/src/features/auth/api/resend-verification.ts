import { mutationOptions, useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";

/** POST api/v1/auth/verify-email/resend {email} — same answer whether or not the address has an account. */
export async function resendVerification(input: { email: string }): Promise<void> {
  await apiClient.post("api/v1/auth/verify-email/resend", { email: input.email });
}

export const resendVerificationMutationOptions = () =>
  mutationOptions({ mutationKey: ["auth", "resend-verification"], mutationFn: resendVerification });

export function useResendVerification() {
  return useMutation(resendVerificationMutationOptions());
}
