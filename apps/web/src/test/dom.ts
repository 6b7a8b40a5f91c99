import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";

/**
 * Helpers for component tests that render with react-dom and drive the DOM directly
 * (@testing-library/dom is not installed, only its React wrapper).
 */

/** What jsdom lacks and Mantine asks for: ResizeObserver (combobox), document.fonts (autosize textarea), scrollIntoView. */
export function stubBrowserApis(): void {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  if (!("fonts" in document)) Object.defineProperty(document, "fonts", { value: { addEventListener() {}, removeEventListener() {} } });
  Element.prototype.scrollIntoView ??= () => {};
}

let mounted: { root: Root; container: HTMLElement } | undefined;

/** Renders `element` into a fresh container in the body; `unmount()` (in an afterEach) removes it. */
export function mount(element: ReactNode): void {
  unmount();
  const container = document.body.appendChild(document.createElement("div"));
  const root = createRoot(container);
  act(() => root.render(element));
  mounted = { root, container };
}

export function unmount(): void {
  if (!mounted) return;
  const { root, container } = mounted;
  act(() => root.unmount());
  container.remove();
  mounted = undefined;
}

/** Retries `check` (an expect) until it passes, letting React and timers run in between. */
export async function waitFor(check: () => void, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    }
  }
}

/** The input a visible label names (Mantine appends " *" to required labels). */
export function field(label: string): HTMLInputElement {
  const element = [...document.querySelectorAll("label")].find((candidate) => candidate.textContent?.replace(/\s*\*$/, "") === label);
  const input = element?.htmlFor ? document.getElementById(element.htmlFor) : element?.querySelector("input");
  if (!input) throw new Error(`no field labelled ${label}`);
  return input as HTMLInputElement;
}

/** Types `value` into an input, textarea or select as the browser would, then leaves it. */
export function type(element: Element, value: string): void {
  act(() => {
    const input = element as HTMLInputElement | HTMLSelectElement;
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), "value")!.set!;
    setter.call(input, value);
    input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
    input.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
  });
}

export function click(element: Element | null | undefined): void {
  if (!element) throw new Error("nothing to click");
  act(() => (element as HTMLElement).click());
}
