import { queryOptions, useQuery } from "@tanstack/react-query";
import type { License } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { licenseKeys } from "./keys";

/** GET api/v1/licenses/{id} — another customer's licence is a 404. */
export async function getLicense(id: string, signal?: AbortSignal): Promise<License> {
  const answer = await apiClient.get<Envelope<License>>(`api/v1/licenses/${encodeURIComponent(id)}`, { signal });
  return answer.data;
}

export const licenseQueryOptions = (id: string) =>
  queryOptions({ queryKey: licenseKeys.license(id), queryFn: ({ signal }) => getLicense(id, signal) });

export function useLicense(id: string | null) {
  return useQuery({ ...licenseQueryOptions(id ?? ""), enabled: Boolean(id) });
}
