import { MantineProvider } from "@mantine/core";
import { act, useContext, type ComponentType } from "react";
import { Link, Outlet, Router, UNSAFE_createBrowserHistory as createBrowserHistory, useLocation, useParams, useResolvedPath, useRoutes, type RouteObject } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AppRouter, replaceLocation } from "../app-router";
import { lazyElement, preloadRoutes, type RouteModule } from "../lazy-route";
import { useCurrentTitleKey, useRouteHandles } from "../route-handle";
import { NavigationPendingContext } from "../router-state";
import { mount, stubBrowserApis, unmount, waitFor } from "@/test/dom";

/**
 * The app's router: React Router's declarative mode with lazy pages of our own. A navigation keeps
 * the page on screen, with the progress state, until the next page's chunk is there; every chunk a
 * location needs is asked for at once; a page that fails shows the error page until the reader
 * moves on; the matched routes' handles give the title.
 */

beforeAll(stubBrowserApis);
afterEach(() => {
  unmount();
  vi.restoreAllMocks();
});

/** A load function whose chunk arrives when the test says. */
function chunk(Component: ComponentType) {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const load = vi.fn(() => arrived.then((): RouteModule => ({ Component })));
  return { load, arrive };
}

function Pending() {
  return <span data-testid="pending">{String(useContext(NavigationPendingContext))}</span>;
}

function Title() {
  return <span data-testid="title">{useCurrentTitleKey() ?? ""}</span>;
}

const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent;

function mountAt(path: string, routes: RouteObject[]) {
  window.history.replaceState(null, "", path);
  mount(
    <MantineProvider env="test">
      <AppRouter routes={routes} />
    </MantineProvider>,
  );
}

describe("lazy routes", () => {
  it("one load function is one element, so two routes showing one page keep it mounted", () => {
    const { load } = chunk(() => null);
    expect(lazyElement(load)).toBe(lazyElement(load));
    expect(lazyElement(chunk(() => null).load)).not.toBe(lazyElement(load));
  });

  it("asks for the layout's and the page's chunks together, each once", () => {
    const layout = chunk(() => <Outlet />);
    const page = chunk(() => <p>page</p>);
    const other = chunk(() => <p>other</p>);
    const routes: RouteObject[] = [{ path: "/", element: lazyElement(layout.load), children: [{ path: "a", element: lazyElement(page.load) }, { path: "b", element: lazyElement(other.load) }] }];
    preloadRoutes(routes, "/a");
    preloadRoutes(routes, "/a");
    expect(layout.load).toHaveBeenCalledTimes(1);
    expect(page.load).toHaveBeenCalledTimes(1);
    expect(other.load).not.toHaveBeenCalled();
  });
});

describe("AppRouter", () => {
  it("renders a page whose chunk is already in without a loader in between", async () => {
    const { load, arrive } = chunk(() => <p>ready page</p>);
    const routes: RouteObject[] = [{ path: "/ready", element: lazyElement(load) }];
    preloadRoutes(routes, "/ready");
    arrive();
    await load.mock.results[0]!.value;
    await Promise.resolve();
    mountAt("/ready", routes);
    expect(document.body.textContent).toContain("ready page");
  });

  it("keeps the page on screen, marked pending, until the next page's chunk arrives", async () => {
    const next = chunk(() => <p>second page</p>);
    const routes: RouteObject[] = [
      {
        path: "/",
        element: (
          <>
            <Pending />
            <Outlet />
          </>
        ),
        children: [
          { path: "first", element: <Link to="/second">go</Link> },
          { path: "second", element: lazyElement(next.load) },
        ],
      },
    ];
    mountAt("/first", routes);
    expect(text("pending")).toBe("false");
    // Awaited: the next page suspends (React's `use`), which a synchronous act() would hold up.
    await act(async () => [...document.querySelectorAll("a")].find((anchor) => anchor.textContent === "go")?.click());
    await waitFor(() => expect(text("pending")).toBe("true"));
    expect(document.body.textContent).toContain("go");
    expect(next.load).toHaveBeenCalledTimes(1);

    next.arrive();
    await waitFor(() => expect(document.body.textContent).toContain("second page"));
    expect(text("pending")).toBe("false");
    expect(window.location.pathname).toBe("/second");
  });

  it("shows the error page for a page that throws, and the next page once the reader moves on", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error("broken page");
    };
    mountAt("/broken", [
      { path: "/broken", element: <Broken /> },
      { path: "/fine", element: <p>fine page</p> },
    ]);
    await waitFor(() => expect(document.querySelector('[role="alert"]')).not.toBeNull());
    replaceLocation("/fine");
    await waitFor(() => expect(document.body.textContent).toContain("fine page"));
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it("renders what React Router's useRoutes renders, pathnames re-encoded, on a path with encoded and non-ASCII characters", async () => {
    // The tree matches once (routeMatches) and renders the matches itself; the routes must see what
    // useRoutes would give them: params decoded, each match's pathname encoded again.
    function Probe() {
      const params = useParams();
      return <span data-testid="probe">{JSON.stringify({ params, here: useResolvedPath(".").pathname, parent: useResolvedPath("..").pathname })}</span>;
    }
    const routes: RouteObject[] = [
      {
        path: "/files/:folder",
        element: <Outlet />,
        children: [{ path: "*", element: <Probe /> }],
      },
    ];
    const path = "/files/caf%C3%A9%20menu/r%C3%A9sum%C3%A9%3F%23/100%25";
    mountAt(path, routes);
    await waitFor(() => expect(text("probe")).toBeTruthy());
    const ours = text("probe");
    unmount();

    function ReferenceTree() {
      useLocation();
      return useRoutes(routes);
    }
    window.history.replaceState(null, "", path);
    const history = createBrowserHistory({ v5Compat: true });
    mount(
      <Router location={history.location} navigator={history}>
        <ReferenceTree />
      </Router>,
    );
    const reference = text("probe");
    expect(JSON.parse(ours!)).toEqual(JSON.parse(reference!));
    expect(JSON.parse(ours!).params).toEqual({ folder: "café menu", "*": "résumé?#/100%" });
  });

  it("gives the matched routes' handles, outermost first, and the deepest title", async () => {
    function Crumbs() {
      return <span data-testid="crumbs">{useRouteHandles().map((entry) => `${entry.handle.crumb}@${entry.match.pathname}`).join(" ")}</span>;
    }
    mountAt("/outer/inner", [
      {
        path: "/outer",
        handle: { crumb: "nav.dashboard", title: "pages.dashboard.title" },
        element: (
          <>
            <Crumbs />
            <Title />
            <Outlet />
          </>
        ),
        children: [{ path: "inner", handle: { crumb: "pages.faq.title", title: "pages.faq.title" }, element: <p>inner</p> }],
      },
    ]);
    await waitFor(() => expect(text("crumbs")).toBe("nav.dashboard@/outer pages.faq.title@/outer/inner"));
    expect(text("title")).toBe("pages.faq.title");
  });
});
