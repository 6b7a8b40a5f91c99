import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AuditEvent, AuditPage } from "@portal/contract";
import { apiClient, buildUrl, handleUnauthorized, type Envelope, type QueryParams } from "@/lib/api-client";
import { readStorage, storageKeys } from "@/lib/storage";
import { createSseParser } from "../lib/sse";

/** GET api/v1/audit-events — admin; the filters, `page, pageSize, sort, order` (and `cursor`), sorted and paged on the server. */
export async function listAuditEvents(query: QueryParams, signal?: AbortSignal): Promise<AuditPage> {
  const answer = await apiClient.get<Envelope<AuditPage>>("api/v1/audit-events", { params: query, signal });
  return answer.data;
}

export const auditQueryKey = ["audit-events"] as const;

export const auditEventsQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: [...auditQueryKey, "list", query],
    queryFn: ({ signal }) => listAuditEvents(query, signal),
    placeholderData: keepPreviousData,
  });

export function useAuditEvents(query: QueryParams) {
  return useQuery(auditEventsQueryOptions(query));
}

/** GET api/v1/audit-events/actions: the actions the log holds, for the action filter. */
export function useAuditActions() {
  return useQuery({
    queryKey: [...auditQueryKey, "actions"],
    queryFn: async ({ signal }) => (await apiClient.get<Envelope<{ items: string[] }>>("api/v1/audit-events/actions", { signal })).data.items,
    staleTime: 60_000,
  });
}

/** An export may take a while on a long log: well beyond the API client's usual timeout. */
const EXPORT_TIMEOUT_MS = 10 * 60_000;

/** The filtered log as CSV (`Accept: text/csv`): every row the filters select, not one page. */
export function exportAuditCsv(filters: QueryParams, signal?: AbortSignal): Promise<Blob> {
  return apiClient.getBlob("api/v1/audit-events", { params: filters, headers: { Accept: "text/csv" }, signal, timeoutMs: EXPORT_TIMEOUT_MS });
}

export interface FollowHandlers {
  onEvent: (event: AuditEvent) => void;
  /** `true` once the stream is open, `false` while it is down (it reconnects by itself). */
  onConnected: (connected: boolean) => void;
}

const RECONNECT_MS = 3000;

/**
 * Live follow of GET api/v1/audit-events/stream. EventSource cannot send the bearer token, so the
 * stream is read with fetch; after a drop it reconnects with the
 * last event id, so nothing recorded meanwhile is missed. Stops when `signal` aborts.
 */
export async function followAuditEvents(filters: QueryParams, handlers: FollowHandlers, signal: AbortSignal): Promise<void> {
  let lastEventId: string | undefined;
  while (!signal.aborted) {
    try {
      const headers: Record<string, string> = { Accept: "text/event-stream" };
      const token = readStorage(storageKeys.token);
      if (token) headers.Authorization = `Bearer ${token}`;
      if (lastEventId) headers["Last-Event-ID"] = lastEventId;
      const response = await fetch(buildUrl("api/v1/audit-events/stream", filters), { headers, signal, cache: "no-store" });
      if (response.status === 401) {
        handleUnauthorized();
        return;
      }
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      handlers.onConnected(true);
      const parser = createSseParser((message) => {
        if (message.id) lastEventId = message.id;
        handlers.onEvent(JSON.parse(message.data) as AuditEvent);
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
    } catch {
      // Dropped, refused or aborted: try again below unless the caller stopped.
    }
    if (signal.aborted) return;
    handlers.onConnected(false);
    await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
  }
}
