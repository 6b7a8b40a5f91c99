import { useQuery } from "@tanstack/react-query";
import type { License, Page } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { dashboardQueryKey } from "./dashboard";

/** The API's page-size ceiling: a customer has at most one trial per plan. */
const PAGE_SIZE = 100;

/**
 * Which plan each of the caller's trial licences is of (GET api/v1/licenses?type=trial&ownerId=me),
 * for the dashboard's "Buy" links: the dashboard's `trials` name the plan but not its id. Asked only
 * while there are trials to show.
 */
export function useTrialPlans(ownerId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...dashboardQueryKey, "trial-plans", ownerId] as const,
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<Envelope<Page<License>>>("api/v1/licenses", {
          params: { type: "trial", ownerId, page: 1, pageSize: PAGE_SIZE, sort: "issuedAt", order: "desc" },
          signal,
        })
      ).data.items,
    enabled: enabled && Boolean(ownerId),
    select: planIdByLicense,
  });
}

/** Module-level, so the selected Map keeps its identity between renders. */
const planIdByLicense = (licenses: License[]) => new Map(licenses.map((license) => [license.id, license.planId]));
