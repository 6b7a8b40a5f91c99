import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ChangePasswordBody, UpdateMeBody, User } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { meQueryKey } from "@/lib/auth";

/** PUT api/v1/auth/me {firstname?, lastname?, userName?} → the updated user. */
export async function updateMe(body: UpdateMeBody): Promise<User> {
  const answer = await apiClient.put<Envelope<User>>("api/v1/auth/me", body);
  return answer.data;
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["auth", "me", "update"],
    mutationFn: updateMe,
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}

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
