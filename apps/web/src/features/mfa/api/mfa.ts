import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MfaCurrentCode, MfaProvisioning, MfaStatus } from "@portal/contract";
import { apiClient, isApiError, type Envelope } from "@/lib/api-client";

/** The calls of API.md "MFA authenticator" (admin). */
export const currentCodeQueryKey = ["mfa", "current-code"] as const;
export const mfaStatusQueryKey = ["mfa", "status"] as const;

/** GET api/v1/mfa/status — whether the system secret exists (and since when); read-only, not audited. */
export async function getMfaStatus(signal?: AbortSignal): Promise<MfaStatus> {
  return (await apiClient.get<Envelope<MfaStatus>>("api/v1/mfa/status", { signal })).data;
}

/** Asked first: the current code is only asked for once there is a secret to make it from. */
export function useMfaStatus() {
  return useQuery({ queryKey: mfaStatusQueryKey, queryFn: ({ signal }) => getMfaStatus(signal), refetchOnWindowFocus: false });
}

export async function getCurrentCode(signal?: AbortSignal): Promise<MfaCurrentCode> {
  return (await apiClient.get<Envelope<MfaCurrentCode>>("api/v1/mfa/current-code", { signal })).data;
}

/** 404 `mfa/not_configured`: nothing to show yet (the page offers the setup instead). */
export const isNotConfigured = (error: unknown) => isApiError(error) && error.status === 404;

/**
 * The current code. It is read when the page opens and when its time is up (see useCodeCountdown),
 * never in the background on its own: every read is an audit event. It is not kept after the page
 * closes (a stale code is useless, and it is a secret).
 */
export function useCurrentCode(enabled = true) {
  return useQuery({
    queryKey: currentCodeQueryKey,
    enabled,
    queryFn: ({ signal }) => getCurrentCode(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // One retry for a passing network hiccup; a refusal (not set up, not an admin) is final.
    retry: (failures, error) => failures < 1 && !isNotConfigured(error) && !(isApiError(error) && error.status === 403),
  });
}

/** POST api/v1/mfa/verify — `{valid: true}`, or 400 `mfa/invalid_code`. */
export async function verifyMfaCode(code: string): Promise<void> {
  await apiClient.post("api/v1/mfa/verify", { code });
}

export function useVerifyMfaCode() {
  return useMutation({ mutationKey: ["mfa", "verify"], mutationFn: verifyMfaCode });
}

/** POST api/v1/mfa/provisioning — a new system secret (the old codes stop working) as an otpauth URL and a QR code. */
export async function provisionMfa(): Promise<MfaProvisioning> {
  return (await apiClient.post<Envelope<MfaProvisioning>>("api/v1/mfa/provisioning")).data;
}

export function useProvisionMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["mfa", "provisioning"],
    mutationFn: provisionMfa,
    // The shown code belongs to the old secret now, and the status to before the setup.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: mfaStatusQueryKey });
      await queryClient.resetQueries({ queryKey: currentCodeQueryKey });
    },
  });
}
