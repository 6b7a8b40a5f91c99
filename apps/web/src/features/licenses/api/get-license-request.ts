import { queryOptions, useQuery } from "@tanstack/react-query";
import type { LicenseRequest } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { licenseKeys } from "./keys";

/** GET api/v1/license-requests/{id} — another customer's request is a 404. */
export async function getLicenseRequest(id: string, signal?: AbortSignal): Promise<LicenseRequest> {
  const answer = await apiClient.get<Envelope<LicenseRequest>>(`api/v1/license-requests/${encodeURIComponent(id)}`, { signal });
  return answer.data;
}

export const licenseRequestQueryOptions = (id: string) =>
  queryOptions({ queryKey: licenseKeys.request(id), queryFn: ({ signal }) => getLicenseRequest(id, signal) });

export function useLicenseRequest(id: string) {
  return useQuery(licenseRequestQueryOptions(id));
}
