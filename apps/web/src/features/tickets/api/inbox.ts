import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TicketInbox } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";

/**
 * The top bar's messages dropdown: GET api/v1/tickets/inbox?limit=10 (the latest ticket messages
 * addressed to the caller, unread first). Kept apart from the ticket pages' calls: the top bar is in
 * the shell chunk of every page, which should carry no more than this.
 */
export const ticketInboxQueryKey = ["ticket-inbox"] as const;
export const INBOX_LIMIT = 10;
/** How often the trigger's unread count is refreshed while the tab is visible. */
export const INBOX_POLL_MS = 30_000;

export async function getTicketInbox(signal?: AbortSignal): Promise<TicketInbox> {
  const answer = await apiClient.get<Envelope<TicketInbox>>("api/v1/tickets/inbox", { params: { limit: INBOX_LIMIT }, signal });
  return answer.data;
}

export const ticketInboxQueryOptions = () =>
  queryOptions({
    queryKey: ticketInboxQueryKey,
    queryFn: ({ signal }) => getTicketInbox(signal),
    refetchInterval: INBOX_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 10_000,
  });

export function useTicketInbox() {
  return useQuery(ticketInboxQueryOptions());
}
