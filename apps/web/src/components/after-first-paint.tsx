import { startTransition, useEffect, useState, type ReactNode } from "react";

/**
 * Renders its children one frame after the rest of the page, in a transition: the page's first
 * commit (layout, header: what the visitor sees first) and the content below it become two tasks
 * instead of one long one that holds the main thread on a slow phone.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted ? children : null;
}
