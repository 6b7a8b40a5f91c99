import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { TwoFactorSetup, User } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { meQueryKey } from "@/lib/auth";

/** POST api/v1/auth/2fa/setup → a new pending secret, its otpauth URL and a QR code (data URL). */
export async function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  const answer = await apiClient.post<Envelope<TwoFactorSetup>>("api/v1/auth/2fa/setup");
  return answer.data;
}

/** POST api/v1/auth/2fa/enable {code} → the ten one-time recovery codes, shown once. */
export async function enableTwoFactor(code: string): Promise<string[]> {
  const answer = await apiClient.post<Envelope<{ enabled: true; recoveryCodes: string[] }>>("api/v1/auth/2fa/enable", { code });
  return answer.data.recoveryCodes;
}

/** POST api/v1/auth/2fa/disable {code} — a current 6-digit code or an unused recovery code. */
export async function disableTwoFactor(code: string): Promise<void> {
  await apiClient.post("api/v1/auth/2fa/disable", { code });
}

export function useStartTwoFactorSetup() {
  return useMutation({ mutationKey: ["auth", "2fa", "setup"], mutationFn: startTwoFactorSetup });
}

export function useEnableTwoFactor() {
  return useMutation({ mutationKey: ["auth", "2fa", "enable"], mutationFn: enableTwoFactor });
}

/** Sets the 2FA flag of the cached current user (after the recovery codes were shown, or after disabling). */
export function useSetTwoFactorFlag() {
  const queryClient = useQueryClient();
  return useCallback(
    (enabled: boolean) => {
      queryClient.setQueryData<User>(meQueryKey, (user) => (user ? { ...user, twoFactorEnabled: enabled } : user));
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
    [queryClient],
  );
}

export function useDisableTwoFactor() {
  const setFlag = useSetTwoFactorFlag();
  return useMutation({
    mutationKey: ["auth", "2fa", "disable"],
    mutationFn: disableTwoFactor,
    onSuccess: () => setFlag(false),
  });
}
