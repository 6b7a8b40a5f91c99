const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days until `iso`, rounded up: a 14-day trial started now has 14 days left, one with five
 * hours to go has 1; 0 once the moment has passed (or for an unreadable date). The licence badges
 * and the dashboard's trials say "N days left" with it.
 */
export function daysLeft(iso: string, now = Date.now()): number {
  const end = new Date(iso).getTime();
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / DAY_MS));
}
