import { createContext } from "react";
import type { RouteMatch } from "react-router";

/** The routes the current location matches, outermost first: computed once per location, read by route-handle.ts. */
export const RouteMatchesContext = createContext<RouteMatch[]>([]);

/** True while a navigation waits for its page's chunk; the page before it stays on screen meanwhile. */
export const NavigationPendingContext = createContext(false);
