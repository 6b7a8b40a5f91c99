import type { ParseKeys } from "i18next";
import { useMatches } from "react-router";

/** What a route tells the layout about itself (React Router `handle`). */
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

export function handleOf(match: { handle?: unknown }): RouteHandle {
  return (match.handle ?? {}) as RouteHandle;
}

export function useRouteHandles() {
  return useMatches().map((match) => ({ match, handle: handleOf(match) }));
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
