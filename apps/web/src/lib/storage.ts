/**
 * Keys of spec section 9 ("Local storage keys: token, language, theme"), the sidebar flag, and the
 * user (spec section 4: "Successful login stores token and user").
 */
export const storageKeys = {
  token: "token",
  user: "user",
  language: "language",
  theme: "theme",
  sidebarMinimized: "sidebarMinimized",
  /** The server's interface settings last applied here (lib/display-settings.ts), so the next start paints right. */
  settings: "settings",
} as const;

/**
 * Where the boot script (vite.config.ts) leaves the `/auth/me` it asked for when a token is stored:
 * `{ token, answer: Promise<Response | null> }`, taken once by lib/auth's first `getMe`.
 */
export const EARLY_ME_GLOBAL = "__portalEarlyMe";
/**
 * The same for the customer dashboard's `GET /api/v1/dashboard`, asked for when the page opened is
 * `/` or `/dashboard`: taken once by the dashboard's first query (features/dashboard/api).
 */
export const EARLY_DASHBOARD_GLOBAL = "__portalEarlyDashboard";

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/** localStorage can throw (privacy mode, quota, disabled storage): the app then just forgets. */
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the value lives only for this page load.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Same as above.
  }
}
