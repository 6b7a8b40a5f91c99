import type { License } from "@portal/contract";
import { apiClient } from "@/lib/api-client";
import type { DownloadJob } from "@/lib/use-download";

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
