import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { LicenseRequest, LicenseRequestStatus, Page } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { licenseKeys } from "./keys";

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
    queryKey: licenseKeys.requestList(params),
    queryFn: ({ signal }) => listLicenseRequests(params, signal),
    placeholderData: keepPreviousData,
  });

export function useLicenseRequests(params: LicenseRequestListParams) {
  return useQuery(licenseRequestsQueryOptions(params));
}
