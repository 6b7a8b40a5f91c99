import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { License, LicenseStatus, LicenseType, Page } from "@portal/contract";
import { apiClient, type Envelope, type QueryParams } from "@/lib/api-client";
import type { DownloadJob } from "@/lib/use-download";

/** Query keys of issued licences: a change invalidates the whole branch (every page of the list, every detail). */
export const licenseKeys = {
  all: ["licenses"] as const,
  list: (params: QueryParams) => ["licenses", "list", params] as const,
  detail: (id: string) => ["licenses", "detail", id] as const,
};

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
  type?: LicenseType;
  [key: string]: string | number | undefined;
}

export async function listLicenses(params: LicenseListParams, signal?: AbortSignal): Promise<Page<License>> {
  const answer = await apiClient.get<Envelope<Page<License>>>("api/v1/licenses", { params, signal });
  return answer.data;
}

export const licensesQueryOptions = (params: LicenseListParams) =>
  queryOptions({
    queryKey: licenseKeys.list(params),
    queryFn: ({ signal }) => listLicenses(params, signal),
    placeholderData: keepPreviousData,
  });

export function useLicenses(params: LicenseListParams) {
  return useQuery(licensesQueryOptions(params));
}

/** GET api/v1/licenses/{id} — another customer's licence is a 404. */
export async function getLicense(id: string, signal?: AbortSignal): Promise<License> {
  const answer = await apiClient.get<Envelope<License>>(`api/v1/licenses/${encodeURIComponent(id)}`, { signal });
  return answer.data;
}

export const licenseQueryOptions = (id: string) =>
  queryOptions({ queryKey: licenseKeys.detail(id), queryFn: ({ signal }) => getLicense(id, signal) });

export function useLicense(id: string | null) {
  return useQuery({ ...licenseQueryOptions(id ?? ""), enabled: Boolean(id) });
}

/** Admin: POST api/v1/licenses/{id}/deactivate, or /reactivate (409 license/not_deactivated if it is not). */
export async function setLicenseActive({ id, active }: { id: string; active: boolean }): Promise<License> {
  const action = active ? "reactivate" : "deactivate";
  return (await apiClient.post<Envelope<License>>(`api/v1/licenses/${encodeURIComponent(id)}/${action}`)).data;
}

export function useSetLicenseActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["licenses", "set-active"],
    mutationFn: setLicenseActive,
    onSuccess: (license) => {
      queryClient.setQueryData(licenseKeys.detail(license.id), license);
      return queryClient.invalidateQueries({ queryKey: licenseKeys.all });
    },
  });
}

/**
 * GET api/v1/licenses/{id}/file — the signed licence file (`-----BEGIN LICENSE FILE-----` …) as text;
 * the browser saves it as `<key>.lic`. A deactivated licence answers 409 license/deactivated.
 */
export async function fetchLicenseFile(id: string): Promise<string> {
  const text = await apiClient.get<unknown>(`api/v1/licenses/${encodeURIComponent(id)}/file`, {
    headers: { Accept: "text/plain, application/json" },
  });
  if (typeof text !== "string" || !text.includes("-----BEGIN LICENSE FILE-----")) throw new Error("Not a licence file");
  return text;
}

export function licenseFileName(license: Pick<License, "key">): string {
  return `${license.key.replace(/[^0-9A-Za-z]/g, "")}.lic`;
}

/** The licence file as a download for lib/use-download (its notices, its pending state). */
export function licenseFileDownload(license: Pick<License, "id" | "key">): DownloadJob {
  return { key: `license-${license.id}`, fileName: licenseFileName(license), content: () => fetchLicenseFile(license.id) };
}
