import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Page, UpdateHistoryRow } from "@portal/contract";
import { apiClient, type Envelope, type QueryParams } from "@/lib/api-client";
import { updateHistoryQueryKey } from "./updates";

/** A history row with the id a table row needs: one row per update and licence. */
export type HistoryRow = UpdateHistoryRow & { id: string };

export const historyRowId = (row: Pick<UpdateHistoryRow, "updateId" | "licenseId">) => `${row.updateId}:${row.licenseId}`;

/** GET api/v1/update-history: a customer's own rows, an administrator's every customer's; sorted and paged on the server. */
export async function listUpdateHistory(query: QueryParams, signal?: AbortSignal): Promise<Page<HistoryRow>> {
  const page = (await apiClient.get<Envelope<Page<UpdateHistoryRow>>>("api/v1/update-history", { params: query, signal })).data;
  return { ...page, items: page.items.map((row) => ({ ...row, id: historyRowId(row) })) };
}

export function useUpdateHistory(query: QueryParams) {
  return useQuery({
    queryKey: [...updateHistoryQueryKey, query],
    queryFn: ({ signal }) => listUpdateHistory(query, signal),
    placeholderData: keepPreviousData,
  });
}
