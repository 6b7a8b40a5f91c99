import { paths } from "@/lib/paths";
import { afterLoginTarget, loginPathWithRedirect } from "@/lib/redirect";

export { afterLoginTarget, loginPathWithRedirect, safeRedirectTarget } from "@/lib/redirect";

/**
 * The route guard of spec section 6 as pure decisions (the components in guards.tsx only read the
 * inputs and act on the answer):
 * - a logged-in visitor opening any /auth page goes to the dashboard (or to the page a
 *   `?redirect=` asked for, which is where the login it just made was meant to lead);
 * - a route needing login, without a token, goes to login;
 * - a token but no loaded user: the user is fetched; if that fails, to login;
 * - admin-only routes: an unauthenticated visitor goes to login with `?redirect=<full path>`,
 *   a non-admin to the dashboard.
 */

export type CurrentUserState =
  | { status: "pending" }
  | { status: "error" }
  /** `remembered`: the user this browser last saw (lib/auth), shown until /auth/me answers. */
  | { status: "success"; user: { isAdmin: boolean }; remembered?: boolean };

export type GuardDecision =
  | { action: "allow" }
  /** Wait: the current user is being fetched. */
  | { action: "load" }
  | { action: "redirect"; to: string; /** the token is no good: forget it first */ endSession?: boolean };

/** /auth/* pages. */
export function decideGuestRoute(input: { hasToken: boolean; redirectParam?: string | null }): GuardDecision {
  if (!input.hasToken) return { action: "allow" };
  return { action: "redirect", to: afterLoginTarget(input.redirectParam) };
}

/** Every route under the main layout; `requiresAdmin` for the admin ones. */
export function decideProtectedRoute(input: {
  hasToken: boolean;
  user: CurrentUserState;
  requiresAdmin: boolean;
  /** pathname + search + hash of the page asked for */
  fullPath: string;
}): GuardDecision {
  const toLogin = input.requiresAdmin ? loginPathWithRedirect(input.fullPath) : paths.auth.login;
  if (!input.hasToken) return { action: "redirect", to: toLogin };
  switch (input.user.status) {
    case "pending":
      return { action: "load" };
    case "error":
      return { action: "redirect", to: toLogin, endSession: true };
    case "success":
      // A remembered user may be out of date: only the server's answer turns a visitor away.
      if (input.requiresAdmin && !input.user.user.isAdmin) return input.user.remembered ? { action: "load" } : { action: "redirect", to: paths.dashboard };
      return { action: "allow" };
  }
}
