import { describe, expect, it } from "vitest";
import { initialSidebarMinimized, nextSidebarMinimized } from "../layouts/sidebar-state";

describe("sidebar flag (spec sections 3 and 4)", () => {
  it("starts from the remembered flag on large screens", () => {
    expect(initialSidebarMinimized(null, false)).toBe(false);
    expect(initialSidebarMinimized("false", false)).toBe(false);
    expect(initialSidebarMinimized("true", false)).toBe(true);
  });

  it("starts minimized at medium-down widths whatever was remembered", () => {
    expect(initialSidebarMinimized(null, true)).toBe(true);
    expect(initialSidebarMinimized("false", true)).toBe(true);
  });

  it("the toggle flips it", () => {
    expect(nextSidebarMinimized(true, { type: "toggle" })).toBe(false);
    expect(nextSidebarMinimized(false, { type: "toggle" })).toBe(true);
  });

  it("navigation closes the overlay on small screens only", () => {
    expect(nextSidebarMinimized(false, { type: "navigate", narrow: true })).toBe(true);
    expect(nextSidebarMinimized(false, { type: "navigate", narrow: false })).toBe(false);
    expect(nextSidebarMinimized(true, { type: "navigate", narrow: false })).toBe(true);
  });

  it("resizing to a medium-down width minimizes it; widening keeps the state", () => {
    expect(nextSidebarMinimized(false, { type: "resize", narrow: true })).toBe(true);
    expect(nextSidebarMinimized(false, { type: "resize", narrow: false })).toBe(false);
    expect(nextSidebarMinimized(true, { type: "resize", narrow: false })).toBe(true);
  });

  it("close always minimizes", () => {
    expect(nextSidebarMinimized(false, { type: "close" })).toBe(true);
  });

  it("the user's collapsed-sidebar setting decides on a large screen; a narrow one stays closed", () => {
    expect(nextSidebarMinimized(false, { type: "preference", collapsed: true, narrow: false })).toBe(true);
    expect(nextSidebarMinimized(true, { type: "preference", collapsed: false, narrow: false })).toBe(false);
    expect(nextSidebarMinimized(true, { type: "preference", collapsed: false, narrow: true })).toBe(true);
  });
});
