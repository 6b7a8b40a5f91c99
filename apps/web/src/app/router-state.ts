import { createContext } from "react";
import type { RouteObject } from "react-router";

/** The app's route table, for what reads the matched routes' handles (route-handle.ts). */
export const RoutesContext = createContext<RouteObject[]>([]);

/** True while a navigation waits for its page's chunk; the page before it stays on screen meanwhile. */
export const NavigationPendingContext = createContext(false);
