import { useMediaQuery } from "@mantine/hooks";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { subscribeDisplaySettings, getDisplaySettings } from "@/lib/display-settings";
import { readStorage, storageKeys, writeStorage } from "@/lib/storage";
import { breakpoints } from "@/lib/theme";
import { initialSidebarMinimized, nextSidebarMinimized, type SidebarEvent } from "./sidebar-state";

/** Below md (1024px) the sidebar is an overlay. */
export const NARROW_QUERY = `(max-width: ${parseFloat(breakpoints.md) - 0.01}em)`;

function isNarrowNow(): boolean {
  return typeof window !== "undefined" && window.matchMedia(NARROW_QUERY).matches;
}

export function useSidebar() {
  const narrow = useMediaQuery(NARROW_QUERY, isNarrowNow(), { getInitialValueInEffect: false }) ?? false;
  const [minimized, setMinimized] = useState(() => initialSidebarMinimized(readStorage(storageKeys.sidebarMinimized), isNarrowNow()));

  const dispatch = useCallback((event: SidebarEvent) => {
    setMinimized((current) => nextSidebarMinimized(current, event));
  }, []);

  useEffect(() => {
    writeStorage(storageKeys.sidebarMinimized, String(minimized));
  }, [minimized]);

  // The user's "sidebar collapsed" setting, when it changes (it arrives after a login, or is saved
  // on the settings page): on a large screen the sidebar follows it; a narrow one keeps its overlay shut.
  useEffect(() => {
    let collapsed = getDisplaySettings().sidebarCollapsed;
    return subscribeDisplaySettings(() => {
      const next = getDisplaySettings().sidebarCollapsed;
      if (next === collapsed) return;
      collapsed = next;
      dispatch({ type: "preference", collapsed, narrow: isNarrowNow() });
    });
  }, [dispatch]);

  // Resizing to a medium-down width minimizes it (only width changes count: a phone's address bar
  // hiding on scroll changes the height and must not close the open overlay).
  const lastWidth = useRef(typeof window === "undefined" ? 0 : window.innerWidth);
  useEffect(() => {
    const onResize = () => {
      if (window.innerWidth === lastWidth.current) return;
      lastWidth.current = window.innerWidth;
      dispatch({ type: "resize", narrow: isNarrowNow() });
    };
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, [dispatch]);

  // On small screens, following a link closes the overlay.
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = pathname;
    dispatch({ type: "navigate", narrow: isNarrowNow() });
  }, [pathname, dispatch]);

  return {
    /** Overlay mode (below md). */
    narrow,
    minimized,
    /** Icon rail: minimized on a large screen. */
    rail: minimized && !narrow,
    /** Overlay open on a small screen. */
    overlayOpen: narrow && !minimized,
    toggle: () => dispatch({ type: "toggle" }),
    close: () => dispatch({ type: "close" }),
  };
}
