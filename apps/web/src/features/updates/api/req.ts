import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AvailableUpdates, Installation, License } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";

/**
 * POST api/v1/req/auth (multipart field `file`): line 1 of the .req is the licence key (the
 * caller's own; admins: any), line 2 the installation data. Records the installation, activates the
 * licence and answers a short-lived licence token plus a licence file bound to this installation.
 * Refusals: 415 license/req_wrong_type, 413 license/req_too_large, 422 license/req_invalid, 404
 * license/req_unknown_key for a key that is unknown or not the caller's, 409 deactivated / expired /
 * too many activations.
 */
export interface ReqAuthAnswer {
  licenseToken: string;
  licenseTokenExpiresAt: string;
  license: License;
  licenseFile: string;
  installation: Installation;
}

export async function uploadReqFile(file: File): Promise<ReqAuthAnswer> {
  const form = new FormData();
  form.append("file", file, file.name);
  return (await apiClient.postMultipart<Envelope<ReqAuthAnswer>>("api/v1/req/auth", form)).data;
}

export function useUploadReqFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["req", "auth"],
    mutationFn: uploadReqFile,
    // The licence lists and details (features/licenses caches them under "licenses") now show it active.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["licenses"] }),
  });
}

/** The header that carries the licence token of POST api/v1/req/auth. */
export const LICENSE_TOKEN_HEADER = "X-License-Token";

/**
 * The list request of the .req flow (spec section 4: "an auth request followed by a list request"):
 * GET api/v1/req/updates with the licence token → the published updates this licence is verified for
 * and newer than the installed version the .req named.
 */
export async function listAvailableUpdates(licenseToken: string, signal?: AbortSignal): Promise<AvailableUpdates> {
  return (await apiClient.get<Envelope<AvailableUpdates>>("api/v1/req/updates", { headers: { [LICENSE_TOKEN_HEADER]: licenseToken }, signal })).data;
}

export function availableUpdatesQuery(licenseToken: string) {
  return queryOptions({
    queryKey: ["req", "updates", licenseToken],
    queryFn: ({ signal }) => listAvailableUpdates(licenseToken, signal),
    // The token is short-lived and the list belongs to this upload: read once (Retry reads again).
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
    retryOnMount: false,
  });
}

export function useAvailableUpdates(licenseToken: string) {
  return useQuery(availableUpdatesQuery(licenseToken));
}
