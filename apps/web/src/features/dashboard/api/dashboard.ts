import { useQuery } from "@tanstack/react-query";
import type { AdminDashboard, CustomerDashboard } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";

/** The calls of API.md "Dashboards". */
export const dashboardQueryKey = ["dashboard"] as const;

export function useCustomerDashboard() {
  return useQuery({
    queryKey: [...dashboardQueryKey, "own"],
    queryFn: async ({ signal }) => (await apiClient.get<Envelope<CustomerDashboard>>("api/v1/dashboard", { signal })).data,
  });
}

export function useAdminDashboard() {
  return useQuery({
    queryKey: [...dashboardQueryKey, "admin"],
    queryFn: async ({ signal }) => (await apiClient.get<Envelope<AdminDashboard>>("api/v1/admin/dashboard", { signal })).data,
  });
}
