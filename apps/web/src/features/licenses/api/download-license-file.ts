import { useMutation } from "@tanstack/react-query";
import type { License } from "@portal/contract";
import { apiClient } from "@/lib/api-client";
import { saveTextFile } from "@/lib/download";

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

export async function downloadLicenseFile(license: Pick<License, "id" | "key">): Promise<void> {
  saveTextFile(await fetchLicenseFile(license.id), licenseFileName(license));
}

export function useDownloadLicenseFile() {
  return useMutation({ mutationKey: ["licenses", "download"], mutationFn: downloadLicenseFile });
}
