import type { ParseKeys } from "i18next";
import { useContext, useMemo } from "react";
import { RouteMatchesContext } from "./router-state";

/** What a route tells the layout about itself (the route object's `handle`). */
export interface RouteHandle {
  /** Page title: the document title. */
  title?: ParseKeys;
  /** Breadcrumb label; routes without one add no crumb. */
  crumb?: ParseKeys;
  /** Where the crumb links; the route's own path by default. */
  crumbTo?: string;
  /** Admin-only branch: an anonymous visitor is sent to login with `?redirect=`. */
  requiresAdmin?: boolean;
}

export function handleOf(route: { handle?: unknown }): RouteHandle {
  return (route.handle ?? {}) as RouteHandle;
}

/** The routes the current location matches, outermost first, each with its handle. */
export function useRouteHandles() {
  const matches = useContext(RouteMatchesContext);
  return useMemo(() => matches.map((match) => ({ match, handle: handleOf(match.route) })), [matches]);
}

/** The deepest route that names a title. */
export function useCurrentTitleKey(): ParseKeys | undefined {
  const handles = useRouteHandles();
  for (let index = handles.length - 1; index >= 0; index -= 1) {
    const title = handles[index]?.handle.title;
    if (title) return title;
  }
  return undefined;
}
