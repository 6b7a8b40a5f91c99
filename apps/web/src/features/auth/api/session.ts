import { mutationOptions, useMutation } from "@tanstack/react-query";
import type { TokenAnswer } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";

/** POST api/v1/auth/token — the OAuth2 password form: username (email or userName), password, optional otp. */
export interface LoginInput {
  username: string;
  password: string;
  otp?: string;
}

/** The answer could not be used (spec section 8: "Invalid login response format"). */
export class InvalidLoginResponseError extends Error {
  constructor() {
    super("Invalid login response format");
    this.name = "InvalidLoginResponseError";
  }
}

export function isTokenAnswer(value: unknown): value is TokenAnswer {
  if (typeof value !== "object" || value === null) return false;
  const answer = value as Partial<TokenAnswer>;
  const user = answer.user as Partial<TokenAnswer["user"]> | undefined;
  return (
    typeof answer.access_token === "string" &&
    answer.access_token.length > 0 &&
    typeof user === "object" &&
    user !== null &&
    typeof user.id === "string" &&
    typeof user.isAdmin === "boolean"
  );
}

export async function login(input: LoginInput): Promise<TokenAnswer> {
  const answer = await apiClient.postForm<Envelope<unknown>>("api/v1/auth/token", {
    username: input.username.trim(),
    password: input.password,
    otp: input.otp || undefined,
  });
  if (answer?.status !== "success" || !isTokenAnswer(answer.data)) throw new InvalidLoginResponseError();
  return answer.data;
}

export const loginMutationOptions = () => mutationOptions({ mutationKey: ["auth", "login"], mutationFn: login });

export function useLogin() {
  return useMutation(loginMutationOptions());
}
