import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InstallationList } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { licenseKeys } from "./licenses";

/** Under the licences' branch: a change to a licence refreshes its installations. */
const installationsKey = (licenseId: string) => [...licenseKeys.all, "installations", licenseId] as const;
const base = (licenseId: string) => `api/v1/licenses/${encodeURIComponent(licenseId)}/installations`;

/** GET api/v1/licenses/{id}/installations → {items, releasesLast30Days, maxReleasesPer30Days}. */
export async function listInstallations(licenseId: string, signal?: AbortSignal): Promise<InstallationList> {
  return (await apiClient.get<Envelope<InstallationList>>(base(licenseId), { signal })).data;
}

/**
 * Fresh for a few seconds: the detail drawer asks for them together with the licence, and its panel,
 * drawn once the licence is there, reads that answer instead of asking again. A change made here
 * (a release, a check-in) invalidates them at once whatever their age.
 */
export const INSTALLATIONS_FRESH_MS = 5_000;

export const installationsQueryOptions = (licenseId: string) =>
  queryOptions({ queryKey: installationsKey(licenseId), queryFn: ({ signal }) => listInstallations(licenseId, signal), staleTime: INSTALLATIONS_FRESH_MS });

/** How often a floating licence's seats are read again while its panel is open (live leases come and go). */
export const SEATS_POLL_MS = 15_000;

/**
 * The installations of a licence; `poll` (a floating licence's seats) reads them again every 15 s
 * while the panel is mounted and the browser tab is visible (react-query pauses the interval in a
 * hidden tab), so live seats, heartbeats and lapses show without a reload.
 */
export function useInstallations(licenseId: string, { poll = false }: { poll?: boolean } = {}) {
  return useQuery({ ...installationsQueryOptions(licenseId), refetchInterval: poll ? SEATS_POLL_MS : false });
}

/**
 * POST api/v1/licenses/{id}/installations/{installationId}/release — frees the place so the licence
 * can move to another machine; customers may do it maxReleasesPer30Days times in 30 days (409
 * license/release_limit), administrators without limit. Answers the list as it now is.
 */
export async function releaseInstallation({ licenseId, installationId }: { licenseId: string; installationId: string }): Promise<InstallationList> {
  return (await apiClient.post<Envelope<InstallationList>>(`${base(licenseId)}/${encodeURIComponent(installationId)}/release`)).data;
}

export function useReleaseInstallation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["licenses", "release"],
    mutationFn: releaseInstallation,
    onSuccess: (list, { licenseId }) => {
      queryClient.setQueryData(installationsKey(licenseId), list);
      // The licence's activation count changed.
      return queryClient.invalidateQueries({ queryKey: licenseKeys.all });
    },
  });
}
