import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { License, LicenseStatus, Page } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { licenseKeys } from "./keys";

/** GET api/v1/licenses — paged and sorted in SQL; customers get their own, administrators may filter by owner. */
export interface LicenseListParams {
  page: number;
  pageSize: number;
  sort: "issuedAt" | "expiresAt" | "status" | "planName";
  order: "asc" | "desc";
  q?: string;
  status?: LicenseStatus;
  projectId?: string;
  ownerId?: string;
  [key: string]: string | number | undefined;
}

export async function listLicenses(params: LicenseListParams, signal?: AbortSignal): Promise<Page<License>> {
  const answer = await apiClient.get<Envelope<Page<License>>>("api/v1/licenses", { params, signal });
  return answer.data;
}

export const licensesQueryOptions = (params: LicenseListParams) =>
  queryOptions({
    queryKey: licenseKeys.licenseList(params),
    queryFn: ({ signal }) => listLicenses(params, signal),
    placeholderData: keepPreviousData,
  });

export function useLicenses(params: LicenseListParams) {
  return useQuery(licensesQueryOptions(params));
}
