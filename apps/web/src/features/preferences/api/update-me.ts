import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UpdateMeBody, User } from "@portal/contract";
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
