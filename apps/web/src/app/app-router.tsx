import { Component, Suspense, useLayoutEffect, useMemo, useState, useTransition, type ReactNode } from "react";
import { renderMatches, Router, UNSAFE_createBrowserHistory as createBrowserHistory, useLocation, type RouteMatch, type RouteObject } from "react-router";
import { FullPageLoader } from "@/components/full-page-loader";
import { preloadRoutes, routeMatches } from "./lazy-route";
import { RouteErrorPage } from "./pages/route-error-page";
import { NavigationPendingContext, RouteMatchesContext } from "./router-state";

/**
 * The browser's history, shared by the router and by what navigates from outside React (a 401 sends
 * the reader to login). React Router's declarative mode with our own lazy routes (lazy-route.tsx):
 * its data router (loaders, actions, fetchers) took React Router from 11 to 26 KB of the login page's
 * script, compressed, and the app uses none of it. The history is the one BrowserRouter makes for
 * itself (exported as UNSAFE_: outside semver); owning it gives the transition's pending state and a
 * navigator outside React.
 */
const history = createBrowserHistory({ v5Compat: true });

/** Goes to `path` in place of the current entry (no Back to it). */
export function replaceLocation(path: string): void {
  history.replace(path);
}

/** A page that throws while rendering, or whose chunk cannot be loaded (after a deploy), shows the error page until the reader moves on. */
class RouteErrorBoundary extends Component<{ pathname: string; children: ReactNode }, { failed: boolean; pathname: string }> {
  override state = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: { failed: boolean; pathname: string }) {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}

/**
 * What `useRoutes` renders for top-level matches: React Router decodes the pathname to match it, and
 * re-encodes each match's pathname through the history (`%`, `?` and `#` first, which a URL would
 * take for separators) before the routes see it.
 */
function encodedForRendering(matches: RouteMatch[]): RouteMatch[] {
  // joinPaths(["/", encoded]), as useRoutes writes it for routes with no parent match.
  const encode = (pathname: string) =>
    `//${history.encodeLocation(pathname.replace(/%/g, "%25").replace(/\?/g, "%3F").replace(/#/g, "%23")).pathname}`.replace(/\/\/+/g, "/");
  return matches.map((match) => ({
    ...match,
    params: { ...match.params },
    pathname: encode(match.pathname),
    pathnameBase: match.pathnameBase === "/" ? "/" : encode(match.pathnameBase),
  }));
}

/**
 * The routes in the location, matched once for the page and for the handles the guards, the
 * breadcrumbs and the title read (`useRoutes` would match the whole table again, 6–10 ms of the
 * first load). The handles keep the decoded pathnames matchRoutes answers.
 */
function RouteTree({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const matches = routeMatches(routes, location.pathname || "/");
  const element = useMemo(() => (matches.length ? renderMatches(encodedForRendering(matches)) : null), [matches]);
  return (
    <RouteMatchesContext value={matches}>
      <RouteErrorBoundary pathname={location.pathname}>
        <Suspense fallback={<FullPageLoader />}>{element}</Suspense>
      </RouteErrorBoundary>
    </RouteMatchesContext>
  );
}

/**
 * The routes in the browser's location. Each navigation renders as a transition: the page on screen
 * stays (with the progress bar, NavigationProgress) until the next one's chunks have arrived, instead
 * of giving way to a loader, and those chunks are all asked for at once.
 */
export function AppRouter({ routes }: { routes: RouteObject[] }) {
  const [view, setView] = useState(() => ({ action: history.action, location: history.location }));
  const [pending, startTransition] = useTransition();
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        preloadRoutes(routes, location.pathname);
        startTransition(() => setView({ action, location }));
      }),
    [routes],
  );
  return (
    <NavigationPendingContext value={pending}>
      <Router location={view.location} navigationType={view.action} navigator={history}>
        <RouteTree routes={routes} />
      </Router>
    </NavigationPendingContext>
  );
}
