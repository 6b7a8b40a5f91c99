import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LicenseRequest, LicenseRequestPatch } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { licenseKeys } from "./keys";

/**
 * The transitions of a pending request: the owner cancels (POST /cancel); an administrator edits
 * (PATCH), approves (POST /approve, which issues the licences in the same transaction) or rejects
 * (POST /reject {reason}). Each answers the request as it now is.
 */
const base = (id: string) => `api/v1/license-requests/${encodeURIComponent(id)}`;

export async function cancelLicenseRequest(id: string): Promise<LicenseRequest> {
  return (await apiClient.post<Envelope<LicenseRequest>>(`${base(id)}/cancel`)).data;
}

export async function approveLicenseRequest(id: string): Promise<LicenseRequest> {
  return (await apiClient.post<Envelope<LicenseRequest>>(`${base(id)}/approve`)).data;
}

export async function rejectLicenseRequest({ id, reason }: { id: string; reason: string }): Promise<LicenseRequest> {
  return (await apiClient.post<Envelope<LicenseRequest>>(`${base(id)}/reject`, { reason })).data;
}

export async function updateLicenseRequest({ id, patch }: { id: string; patch: LicenseRequestPatch }): Promise<LicenseRequest> {
  return (await apiClient.patch<Envelope<LicenseRequest>>(base(id), patch)).data;
}

/** After any transition: the request's lists and detail, and (approval) the licence lists. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return (request: LicenseRequest) => {
    queryClient.setQueryData(licenseKeys.request(request.id), request);
    void queryClient.invalidateQueries({ queryKey: licenseKeys.requests });
    if (request.status === "approved") void queryClient.invalidateQueries({ queryKey: licenseKeys.licenses });
  };
}

export function useCancelLicenseRequest() {
  const refresh = useRefreshAfter();
  return useMutation({ mutationKey: ["license-requests", "cancel"], mutationFn: cancelLicenseRequest, onSuccess: refresh });
}

export function useApproveLicenseRequest() {
  const refresh = useRefreshAfter();
  return useMutation({ mutationKey: ["license-requests", "approve"], mutationFn: approveLicenseRequest, onSuccess: refresh });
}

export function useRejectLicenseRequest() {
  const refresh = useRefreshAfter();
  return useMutation({ mutationKey: ["license-requests", "reject"], mutationFn: rejectLicenseRequest, onSuccess: refresh });
}

export function useUpdateLicenseRequest() {
  const refresh = useRefreshAfter();
  return useMutation({ mutationKey: ["license-requests", "update"], mutationFn: updateLicenseRequest, onSuccess: refresh });
}
