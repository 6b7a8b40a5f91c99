/**
 * The current code's countdown. The server answers the whole seconds left in the code's time step;
 * counted from the moment the answer arrived, the code is never taken for expired before it is, so
 * the refresh at zero always brings the next code.
 */

/** When the shown code stops being current (ms since the epoch). */
export function expiryOf(receivedAt: number, remainingSeconds: number): number {
  return receivedAt + remainingSeconds * 1000;
}

/** Whole seconds until `expiresAt`, never below zero. */
export function secondsLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

/**
 * Fetch the next code now? Only once the time is up, not while a request runs, not after a failed
 * one (the page shows the error and a retry instead of asking every second), and not while the tab
 * is hidden (each read is audited; the code is fetched when the tab shows again).
 */
export function shouldRefresh(state: { secondsLeft: number; fetching: boolean; failed: boolean; hidden: boolean }): boolean {
  return state.secondsLeft === 0 && !state.fetching && !state.failed && !state.hidden;
}

/** "123456" → "123 456": the code read in two groups of three. */
export function groupDigits(code: string): string {
  return /^\d{6}$/.test(code) ? `${code.slice(0, 3)} ${code.slice(3)}` : code;
}
