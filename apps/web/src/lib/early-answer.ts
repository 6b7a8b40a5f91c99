/** What the boot script (vite.config.ts) leaves under a global: a GET it started with the stored token. */
interface EarlyAnswer {
  token: string;
  answer: Promise<Response | null>;
}

/**
 * The envelope of a GET the boot script asked for before the app's scripts arrived, taken once (the
 * global is removed), and only for the token it was asked with. Anything but a 200 is left to the
 * usual call, so a 401 ends the session and an outage shows its error exactly as before. With
 * `maxAgeMs`, an answer asked for longer ago than that (counted from the page load) is not used: a
 * page opened later than its boot must show fresh data.
 */
export async function takeEarlyAnswer<T>(globalName: string, token: string | null, { maxAgeMs }: { maxAgeMs?: number } = {}): Promise<T | undefined> {
  const holder = window as unknown as Record<string, EarlyAnswer | undefined>;
  const early = holder[globalName];
  if (!early) return undefined;
  delete holder[globalName];
  if (early.token !== token) return undefined;
  if (maxAgeMs !== undefined && performance.now() > maxAgeMs) return undefined;
  const response = await early.answer;
  if (response?.status !== 200) return undefined;
  try {
    return (await response.json()) as T;
  } catch {
    return undefined;
  }
}
