import { useQuery } from "@tanstack/react-query";
import type { WebConfig } from "@portal/contract";
import { apiClient, type Envelope } from "./api-client";

/** GET api/v1/config: the server's run-time settings for the web app (no login). */
export async function getWebConfig(signal?: AbortSignal): Promise<WebConfig> {
  return (await apiClient.get<Envelope<WebConfig>>("api/v1/config", { signal })).data;
}

/**
 * The support site's address (the server's SUPPORT_URL), or undefined until it is known — or when
 * it could not be read: a link to a wrong site is worse than no link.
 */
export function useSupportUrl(): string | undefined {
  const { data } = useQuery({ queryKey: ["web-config"], queryFn: ({ signal }) => getWebConfig(signal), staleTime: Infinity, retry: 1 });
  return data?.supportUrl;
}
