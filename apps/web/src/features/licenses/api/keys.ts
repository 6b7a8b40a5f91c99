import type { QueryParams } from "@/lib/api-client";

/** Query keys of the licence area: a mutation invalidates a whole branch (every page of a list, every detail). */
export const licenseKeys = {
  requests: ["license-requests"] as const,
  requestList: (params: QueryParams) => ["license-requests", "list", params] as const,
  request: (id: string) => ["license-requests", "detail", id] as const,
  licenses: ["licenses"] as const,
  licenseList: (params: QueryParams) => ["licenses", "list", params] as const,
  license: (id: string) => ["licenses", "detail", id] as const,
  installations: (id: string) => ["licenses", "installations", id] as const,
  lookups: ["license-lookups"] as const,
};
