import { LEASE_DRIFT_SECONDS, type Installation } from "@portal/contract";
import { useEffect, useState } from "react";

/**
 * A floating seat's state, from its lease (API.md "Floating seats", notes/LICENSING.md semantics):
 * - live: no `deadAt` and the lease (plus the 30 s drift the server allows) has not run out — the seat is held;
 * - lapsed: the lease ran out, the job has not marked it yet (within 60 s) — the seat is already free;
 * - checkedIn: the software released it (check-in ends the lease and sets `deadAt` at the same instant);
 * - dead: the job found it lapsed (`deadAt` at least the drift after the lease's end; `installation.heartbeat-dead`).
 * A node-locked installation (no lease) has none.
 */
export type SeatState = "live" | "lapsed" | "checkedIn" | "dead";

export const seatStates: readonly SeatState[] = ["live", "lapsed", "checkedIn", "dead"];

type Lease = Pick<Installation, "leaseExpiresAt" | "deadAt">;

export function seatState(installation: Lease, now: number): SeatState | null {
  if (!installation.leaseExpiresAt) return null;
  const leaseEnd = new Date(installation.leaseExpiresAt).getTime();
  const drift = LEASE_DRIFT_SECONDS * 1000;
  if (installation.deadAt) return new Date(installation.deadAt).getTime() - leaseEnd < drift ? "checkedIn" : "dead";
  return leaseEnd + drift > now ? "live" : "lapsed";
}

/** Seats in the order the panel lists them: live first, then lapsed, then the freed ones; the latest heartbeat first within each. */
export function sortSeats<T extends Lease & Pick<Installation, "lastHeartbeatAt" | "lastSeenAt">>(items: T[], now: number): T[] {
  const rank = (item: T) => seatStates.indexOf(seatState(item, now) ?? "live");
  const latest = (item: T) => new Date(item.lastHeartbeatAt ?? item.lastSeenAt).getTime();
  return [...items].sort((a, b) => rank(a) - rank(b) || latest(b) - latest(a));
}

/** How many seats are held now. */
export function liveSeats(items: Lease[], now: number): number {
  return items.filter((item) => seatState(item, now) === "live").length;
}

/** The current time, ticking every `everyMs` (null: frozen), so relative times and seat states move on between fetches. */
export function useNow(everyMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (everyMs === null) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
