import type { KeyboardEvent } from "react";

/**
 * A key handler for a popover's target button that closes it on Escape. Mantine's Popover listens
 * for Escape inside its dropdown only; right after Enter opens it, focus is still on the button until
 * the focus trap moves it in, and an Escape pressed then left the popover open.
 */
export function closeOnEscape(close: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key === "Escape") close();
  };
}
