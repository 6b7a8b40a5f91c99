/** The clock a verifier uses. An invalid `now` would silently disable every time check, so it is refused loudly. */
export function resolveNow(now: Date | undefined): number {
  if (now === undefined) return Date.now();
  const time = now instanceof Date ? now.getTime() : Number.NaN;
  if (Number.isNaN(time)) throw new RangeError("options.now must be a valid Date");
  return time;
}
