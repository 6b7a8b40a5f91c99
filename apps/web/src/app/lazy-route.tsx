import { use, type ComponentType, type ReactElement } from "react";
import { matchRoutes, type RouteMatch, type RouteObject } from "react-router";

/** What a page's or layout's chunk exports: its component, as `Component`. */
export interface RouteModule {
  Component: ComponentType;
}

const elements = new Map<() => Promise<RouteModule>, ReactElement>();
const preloads = new WeakMap<ReactElement, () => Promise<RouteModule>>();

/**
 * A route's element whose chunk loads when it is first shown, or sooner through `preloadRoutes`.
 * One load function is one element, so two routes showing the same page (the tabs of My licences,
 * the plan form's create and edit) keep the page mounted when the reader moves between them.
 */
export function lazyElement(load: () => Promise<RouteModule>): ReactElement {
  const known = elements.get(load);
  if (known) return known;
  let loading: Promise<RouteModule> | undefined;
  const preload = () => {
    loading ??= load().then((module) => {
      // React's `use` reads these: once preloadRoutes has brought the chunk, the page renders in the
      // same pass instead of suspending once more (as React.lazy does) and rendering the tree again.
      Object.assign(loading!, { status: "fulfilled", value: module });
      return module;
    });
    return loading;
  };
  function Page() {
    const { Component } = use(preload());
    return <Component />;
  }
  const element = <Page />;
  elements.set(load, element);
  preloads.set(element, preload);
  return element;
}

const NO_MATCHES: RouteMatch[] = [];
/** Pathnames whose matches are kept per route table: a reader moves among a few pages. */
const REMEMBERED_PATHNAMES = 32;
const matchesByTable = new WeakMap<RouteObject[], Map<string, RouteMatch[]>>();

/**
 * The routes `pathname` matches, outermost first (none: an empty list). React Router's matchRoutes
 * flattens the whole table and compiles a regular expression for every route on each call, 6–10 ms
 * of the first load's main thread on this app's table; the preload, the route tree and the handles
 * ask for the same pathname, so the answer is kept for the last few pathnames.
 */
export function routeMatches(routes: RouteObject[], pathname: string): RouteMatch[] {
  let remembered = matchesByTable.get(routes);
  if (!remembered) matchesByTable.set(routes, (remembered = new Map()));
  let matches = remembered.get(pathname);
  if (matches) {
    // Most recently used last, so the oldest is the first key.
    remembered.delete(pathname);
  } else {
    matches = matchRoutes(routes, pathname) ?? NO_MATCHES;
    if (remembered.size >= REMEMBERED_PATHNAMES) remembered.delete(remembered.keys().next().value!);
  }
  remembered.set(pathname, matches);
  return matches;
}

/**
 * Starts loading the chunk of every route `pathname` matches at once: the layout's and the page's
 * together, not the page's only once the layout has arrived and rendered. A chunk that fails is left
 * to the route's own render, which shows the error page.
 */
export function preloadRoutes(routes: RouteObject[], pathname: string): void {
  for (const match of routeMatches(routes, pathname)) {
    const element = match.route.element;
    if (element && typeof element === "object" && "type" in element) preloads.get(element)?.().catch(() => undefined);
  }
}
