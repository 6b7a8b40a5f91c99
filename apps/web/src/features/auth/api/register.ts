import { mutationOptions, useMutation } from "@tanstack/react-query";
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
