import type { QueryParams } from "@/lib/api-client";

/** Query keys of the catalogue: every list under one prefix, so a change refreshes them all. */
export const catalogueKeys = {
  features: ["catalogue", "features"] as const,
  featureList: (query: QueryParams) => ["catalogue", "features", "list", query] as const,
  services: ["catalogue", "services"] as const,
  serviceList: (query: QueryParams) => ["catalogue", "services", "list", query] as const,
};
