import { useEffect, useState } from "react";
import { expiryOf, secondsLeft, shouldRefresh } from "./countdown";

interface CodeQuery {
  data: { remainingSeconds: number } | undefined;
  dataUpdatedAt: number;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

const TICK_MS = 250;

/** Seconds left of the shown code, ticking; fetches the next code when they reach zero (see shouldRefresh). */
export function useCodeCountdown(query: CodeQuery): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // A quarter second: the display changes within 250 ms of the real second, without drifting.
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    const onVisible = () => setNow(Date.now());
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);

  // An answer newer than the last tick counts from its own arrival.
  const left = query.data ? secondsLeft(expiryOf(query.dataUpdatedAt, query.data.remainingSeconds), Math.max(now, query.dataUpdatedAt)) : 0;
  const refresh = query.data !== undefined && shouldRefresh({ secondsLeft: left, fetching: query.isFetching, failed: query.isError, hidden: document.hidden });
  const { refetch } = query;
  useEffect(() => {
    if (refresh) void refetch();
  }, [refresh, refetch]);
  return left;
}
