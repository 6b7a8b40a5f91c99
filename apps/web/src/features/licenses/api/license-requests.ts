import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LicenseRequest, licenseRequestBodySchema, LicenseRequestPatch, LicenseRequestStatus, Page } from "@portal/contract";
import { apiClient, type Envelope, type QueryParams } from "@/lib/api-client";
import type { z } from "zod";
import { licenseKeys } from "./licenses";

/** Query keys of licence requests: a change invalidates the whole branch (every page of the list, every detail). */
const licenseRequestKeys = {
  all: ["license-requests"] as const,
  list: (params: QueryParams) => ["license-requests", "list", params] as const,
  detail: (id: string) => ["license-requests", "detail", id] as const,
};

/** GET api/v1/license-requests — customers get their own, administrators every request. */
export interface LicenseRequestListParams {
  page: number;
  pageSize: number;
  sort: "createdAt" | "status" | "quantity";
  order: "asc" | "desc";
  q?: string;
  status?: LicenseRequestStatus;
  [key: string]: string | number | undefined;
}

export async function listLicenseRequests(params: LicenseRequestListParams, signal?: AbortSignal): Promise<Page<LicenseRequest>> {
  const answer = await apiClient.get<Envelope<Page<LicenseRequest>>>("api/v1/license-requests", { params, signal });
  return answer.data;
}

export const licenseRequestsQueryOptions = (params: LicenseRequestListParams) =>
  queryOptions({
    queryKey: licenseRequestKeys.list(params),
    queryFn: ({ signal }) => listLicenseRequests(params, signal),
    placeholderData: keepPreviousData,
  });

export function useLicenseRequests(params: LicenseRequestListParams) {
  return useQuery(licenseRequestsQueryOptions(params));
}

/** GET api/v1/license-requests/{id} — another customer's request is a 404. */
export async function getLicenseRequest(id: string, signal?: AbortSignal): Promise<LicenseRequest> {
  const answer = await apiClient.get<Envelope<LicenseRequest>>(`api/v1/license-requests/${encodeURIComponent(id)}`, { signal });
  return answer.data;
}

export const licenseRequestQueryOptions = (id: string) =>
  queryOptions({ queryKey: licenseRequestKeys.detail(id), queryFn: ({ signal }) => getLicenseRequest(id, signal) });

export function useLicenseRequest(id: string) {
  return useQuery(licenseRequestQueryOptions(id));
}

export type LicenseRequestInput = z.output<typeof licenseRequestBodySchema>;

/** POST api/v1/license-requests {planId | featureIds, projectId?, quantity, note?} → 201 with the pending request. */
export async function createLicenseRequest(input: LicenseRequestInput): Promise<LicenseRequest> {
  const answer = await apiClient.post<Envelope<LicenseRequest>>("api/v1/license-requests", input);
  return answer.data;
}

export function useCreateLicenseRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["license-requests", "create"],
    mutationFn: createLicenseRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licenseRequestKeys.all }),
  });
}

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
    queryClient.setQueryData(licenseRequestKeys.detail(request.id), request);
    void queryClient.invalidateQueries({ queryKey: licenseRequestKeys.all });
    if (request.status === "approved") void queryClient.invalidateQueries({ queryKey: licenseKeys.all });
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
