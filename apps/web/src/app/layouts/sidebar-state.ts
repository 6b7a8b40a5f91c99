/**
 * The sidebar's one flag, `minimized` (spec sections 3 and 4): on large screens it switches the
 * 280px sidebar to an icon rail; on narrow screens (below md) the sidebar is a full-width overlay
 * and "minimized" means closed. It is minimized automatically at medium-down widths (on start and
 * on resize) and after navigation on small screens. The flag is remembered in localStorage.
 */
export type SidebarEvent =
  | { type: "toggle" }
  | { type: "close" }
  | { type: "navigate"; narrow: boolean }
  | { type: "resize"; narrow: boolean }
  | { type: "preference"; collapsed: boolean; narrow: boolean };

export function initialSidebarMinimized(stored: string | null, narrow: boolean): boolean {
  return narrow || stored === "true";
}

export function nextSidebarMinimized(minimized: boolean, event: SidebarEvent): boolean {
  switch (event.type) {
    case "toggle":
      return !minimized;
    case "close":
      return true;
    case "navigate":
    case "resize":
      return event.narrow ? true : minimized;
    case "preference":
      return event.narrow ? true : event.collapsed;
  }
}
