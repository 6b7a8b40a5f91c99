import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Installation, License, LicenseChannelsBody } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import type { DownloadJob } from "@/lib/use-download";
import { licenseFileName, licenseKeys } from "./licenses";

/**
 * API.md "Encrypted licence files, machine files, check-out" and "Release channels": the encrypted
 * licence file (Keygen's aes-256-gcm+ed25519 scheme), an installation's machine file, and the
 * administrator's change of the channels a licence follows.
 */

const licensePath = (id: string) => `api/v1/licenses/${encodeURIComponent(id)}`;

async function fetchArmoured(path: string, params: Record<string, string | number>, armour: string): Promise<string> {
  const text = await apiClient.get<unknown>(path, { params, headers: { Accept: "text/plain, application/json" } });
  if (typeof text !== "string" || !text.includes(`-----BEGIN ${armour}-----`)) throw new Error(`Not a ${armour.toLowerCase()}`);
  return text;
}

/**
 * GET api/v1/licenses/{id}/file?encrypt=true&ttl=SECONDS — the licence file encrypted with a key made
 * from the licence key (`alg: aes-256-gcm+ed25519`), whose `meta.expiry` is `ttl` seconds after it is
 * issued. 422 naming `ttl` outside 3600..31536000; 409 license/deactivated.
 */
export function fetchEncryptedLicenseFile(id: string, ttlSeconds: number): Promise<string> {
  return fetchArmoured(`${licensePath(id)}/file`, { encrypt: "true", ttl: ttlSeconds }, "LICENSE FILE");
}

/** `<KEY>.encrypted.lic`: beside the plain `<KEY>.lic` it does not overwrite it. */
export function encryptedLicenseFileName(license: Pick<License, "key">): string {
  return licenseFileName(license).replace(/\.lic$/, ".encrypted.lic");
}

export function encryptedLicenseFileDownload(license: Pick<License, "id" | "key">, ttlSeconds: number): DownloadJob {
  return {
    key: `license-${license.id}`,
    fileName: encryptedLicenseFileName(license),
    content: () => fetchEncryptedLicenseFile(license.id, ttlSeconds),
  };
}

/** GET api/v1/licenses/{id}/installations/{installationId}/file — always encrypted, with the licence key and the machine's fingerprint. */
export function fetchMachineFile(licenseId: string, installationId: string): Promise<string> {
  return fetchArmoured(`${licensePath(licenseId)}/installations/${encodeURIComponent(installationId)}/file`, {}, "MACHINE FILE");
}

/** `machine-<first 12 of the fingerprint>.lic`: one per machine, told apart by their fingerprints. */
export function machineFileName(installation: Pick<Installation, "fingerprint">): string {
  return `machine-${installation.fingerprint.replace(/[^0-9A-Za-z]/g, "").slice(0, 12)}.lic`;
}

export function machineFileDownload(licenseId: string, installation: Pick<Installation, "id" | "fingerprint">): DownloadJob {
  return { key: `machine-${installation.id}`, fileName: machineFileName(installation), content: () => fetchMachineFile(licenseId, installation.id) };
}

/** Admin: PUT api/v1/licenses/{id}/channels `{channels}` → the licence (audited as license.channels_changed). */
export async function setLicenseChannels({ id, body }: { id: string; body: LicenseChannelsBody }): Promise<License> {
  return (await apiClient.put<Envelope<License>>(`${licensePath(id)}/channels`, body)).data;
}

export function useSetLicenseChannels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["licenses", "channels"],
    mutationFn: setLicenseChannels,
    onSuccess: (license) => {
      queryClient.setQueryData(licenseKeys.detail(license.id), license);
      return queryClient.invalidateQueries({ queryKey: licenseKeys.all });
    },
  });
}
