import type { QueryParams } from "@/lib/api-client";

export const projectKeys = {
  all: ["projects"] as const,
  list: (query: QueryParams) => ["projects", "list", query] as const,
};
