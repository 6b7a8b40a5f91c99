import type { AuditEvent, AuditPage } from "@portal/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { QueryParams } from "@/lib/api-client";
import { auditEventsQueryOptions, followAuditEvents } from "../api/audit-events";
import { toAuditQuery, toStreamQuery } from "./audit-query";

/** A live page keeps at most this many rows: older ones are a reload (or the next page) away. */
const MAX_LIVE_ROWS = 500;

/** Whether new events belong at the top of what is shown: the first page, newest first. */
export function showsNewestFirst(query: QueryParams): boolean {
  return (query.page ?? 1) === 1 && (query.sort ?? "at") === "at" && (query.order ?? "desc") === "desc";
}

/** The list page with `event` on top (once), its total one higher. */
export function prependEvent(page: AuditPage, event: AuditEvent): AuditPage {
  if (page.items.some((item) => item.id === event.id)) return page;
  return { ...page, items: [event, ...page.items].slice(0, MAX_LIVE_ROWS), total: page.total + 1 };
}

/**
 * While `enabled`, follows the log with the list's filters: each new event goes on top of the list
 * shown (when it shows the newest first) and counts as unseen while the visitor is scrolled down or
 * looks at another page or order. Stops when turned off, when the filters change (and starts again
 * with the new ones) and when the page is left.
 */
export function useLiveFollow(enabled: boolean, query: QueryParams) {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const [unseen, setUnseen] = useState(0);
  const queryRef = useRef(query);
  useEffect(() => {
    queryRef.current = query;
  });
  const streamKey = JSON.stringify(toStreamQuery(query));

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    void followAuditEvents(
      JSON.parse(streamKey) as QueryParams,
      {
        onConnected: setConnected,
        onEvent: (event) => {
          const current = queryRef.current;
          const newestFirst = showsNewestFirst(current);
          if (newestFirst) {
            const key = auditEventsQueryOptions(toAuditQuery(current)).queryKey;
            queryClient.setQueryData<AuditPage>(key, (page) => (page ? prependEvent(page, event) : page));
          }
          if (!newestFirst || window.scrollY > 120) setUnseen((count) => count + 1);
        },
      },
      controller.signal,
    );
    return () => {
      controller.abort();
      setConnected(false);
    };
  }, [enabled, streamKey, queryClient]);

  // Back at the top, the new rows are in view.
  useEffect(() => {
    if (!enabled) return;
    const onScroll = () => {
      if (window.scrollY <= 120 && showsNewestFirst(queryRef.current)) setUnseen(0);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [enabled]);

  return { connected, unseen, clearUnseen: () => setUnseen(0) };
}
