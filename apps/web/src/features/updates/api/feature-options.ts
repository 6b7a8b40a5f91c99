import { useQuery } from "@tanstack/react-query";
import type { Feature, Page } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";

/** The API's page-size ceiling, and a bound on the walk (2,000 features is far beyond any catalogue). */
const PAGE_SIZE = 100;
const MAX_PAGES = 20;

/**
 * Every feature of the catalogue by name (GET api/v1/features, page after page): what an update may
 * require (the wizard's change log step). Paging stays on the server; this only walks its pages.
 */
async function listAllFeatures(signal?: AbortSignal): Promise<Feature[]> {
  const items: Feature[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await apiClient.get<Envelope<Page<Feature>>>("api/v1/features", { params: { page, pageSize: PAGE_SIZE, sort: "name", order: "asc" }, signal });
    items.push(...answer.data.items);
    if (answer.data.items.length < PAGE_SIZE || items.length >= answer.data.total) break;
  }
  return items;
}

export function useRequiredFeatureOptions() {
  return useQuery({ queryKey: ["catalogue", "features", "update-options"], queryFn: ({ signal }) => listAllFeatures(signal), staleTime: 60_000 });
}
