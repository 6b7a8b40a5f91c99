import type { QueryParams } from "@/lib/api-client";

/** Query keys of plans; every key starts with "plans", so one invalidation refreshes them all. */
export const planKeys = {
  all: ["plans"] as const,
  list: (query: QueryParams) => ["plans", "list", query] as const,
  detail: (id: string) => ["plans", "detail", id] as const,
  current: ["plans", "current"] as const,
  /** The catalogue as the plan screens read it (pickers, custom plan builder). */
  featureOptions: ["plans", "options", "features"] as const,
  serviceOptions: ["plans", "options", "services"] as const,
};
