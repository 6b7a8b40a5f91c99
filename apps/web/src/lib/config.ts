/** Constants of spec section 9 and the app's outside links. */
export const REQUEST_TIMEOUT_MS = 300_000;

export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_OFFSET_PX = 16;

/** Sidebar width on large screens; on narrow screens it becomes a full-width (100vw) overlay. */
export const SIDEBAR_WIDTH_PX = 280;
/** Width of the minimized sidebar (icons only) on large screens. */
export const SIDEBAR_MINIMIZED_WIDTH_PX = 72;
export const LANGUAGE_SELECT_WIDTH_PX = 140;
