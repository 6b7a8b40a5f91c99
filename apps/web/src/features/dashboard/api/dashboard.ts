import { useQuery } from "@tanstack/react-query";
import type { AdminDashboard, CustomerDashboard } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";
import { getToken } from "@/lib/auth";
import { takeEarlyAnswer } from "@/lib/early-answer";
import { EARLY_DASHBOARD_GLOBAL } from "@/lib/storage";

/** The calls of API.md "Dashboards". */
export const dashboardQueryKey = ["dashboard"] as const;

/**
 * The boot script asks for the dashboard beside the app's scripts when the page opened is `/` or
 * `/dashboard`: the figures no longer wait for the scripts, the layout and the page to arrive and run
 * before their call starts. Used only by a query that starts within this long of the page load.
 */
const EARLY_DASHBOARD_MAX_AGE_MS = 30_000;

export function useCustomerDashboard() {
  return useQuery({
    queryKey: [...dashboardQueryKey, "own"],
    queryFn: async ({ signal }) => {
      const early = await takeEarlyAnswer<Envelope<CustomerDashboard>>(EARLY_DASHBOARD_GLOBAL, getToken(), { maxAgeMs: EARLY_DASHBOARD_MAX_AGE_MS });
      return early?.data ?? (await apiClient.get<Envelope<CustomerDashboard>>("api/v1/dashboard", { signal })).data;
    },
  });
}

export function useAdminDashboard() {
  return useQuery({
    queryKey: [...dashboardQueryKey, "admin"],
    queryFn: async ({ signal }) => (await apiClient.get<Envelope<AdminDashboard>>("api/v1/admin/dashboard", { signal })).data,
  });
}
