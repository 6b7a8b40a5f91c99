import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { License } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { licenseKeys } from "./keys";

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
      queryClient.setQueryData(licenseKeys.license(license.id), license);
      return queryClient.invalidateQueries({ queryKey: licenseKeys.licenses });
    },
  });
}
