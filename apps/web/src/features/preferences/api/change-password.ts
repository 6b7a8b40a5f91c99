import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordBody } from "@portal/contract";
import { apiClient } from "@/lib/api-client";

/**
 * POST api/v1/auth/password {oldPassword, newPassword, confirmPassword}. The server revokes every
 * session of the user, this one included: the page logs out 3 seconds later (spec section 4).
 */
export async function changePassword(body: ChangePasswordBody): Promise<void> {
  await apiClient.post("api/v1/auth/password", body);
}

export function useChangePassword() {
  return useMutation({ mutationKey: ["auth", "password"], mutationFn: changePassword });
}
