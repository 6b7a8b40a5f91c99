import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { OutboxMessage, Page } from "@portal/contract";
import { apiClient, type Envelope, type QueryParams } from "@/lib/api-client";
import { errorCodeOf } from "@/lib/errors";

/**
 * GET api/v1/admin/outbox — admin; the e-mail the server wrote instead of sending it, newest first
 * (`page, pageSize, sort, order, q`). Only while SMTP_URL is unset: else 404 `mail/outbox_disabled`.
 */
export async function listOutbox(query: QueryParams, signal?: AbortSignal): Promise<Page<OutboxMessage>> {
  const answer = await apiClient.get<Envelope<Page<OutboxMessage>>>("api/v1/admin/outbox", { params: query, signal });
  return answer.data;
}

export const outboxQueryKey = ["outbox"] as const;

export const outboxQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: [...outboxQueryKey, "list", query],
    queryFn: ({ signal }) => listOutbox(query, signal),
    placeholderData: keepPreviousData,
  });

export function useOutbox(query: QueryParams) {
  return useQuery(outboxQueryOptions(query));
}

/**
 * Whether this server has an outbox (SMTP_URL unset), for the admin navigation: one message is
 * asked for once per session; `mail/outbox_disabled` means the server sends through SMTP. Until
 * the answer comes, and for anyone but an administrator, there is none.
 */
export function useOutboxEnabled(isAdmin: boolean): boolean {
  const probe = useQuery({
    queryKey: [...outboxQueryKey, "enabled"],
    queryFn: async ({ signal }) => {
      try {
        await listOutbox({ pageSize: 1 }, signal);
        return true;
      } catch (error) {
        if (errorCodeOf(error) === "mail/outbox_disabled") return false;
        throw error;
      }
    },
    enabled: isAdmin,
    staleTime: Infinity,
    retry: false,
  });
  return isAdmin && probe.data === true;
}
