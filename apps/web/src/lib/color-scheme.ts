import { readStorage, storageKeys } from "./storage";

export type ColorScheme = "light" | "dark";

/** Spec section 4: light or dark; "auto" (a user setting) follows the system's `prefers-color-scheme`. */
export function storedColorScheme(): ColorScheme {
  const stored = readStorage(storageKeys.theme);
  if (stored === "auto") return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  return stored === "dark" ? "dark" : "light";
}

/**
 * The CSP forbids inline scripts, so Mantine's ColorSchemeScript cannot run in index.html: the boot
 * script (vite.config.ts) does its job before the first paint; this repeats it from the entry for the
 * dev server, which has no boot script.
 */
export function applyStoredColorScheme(): ColorScheme {
  const scheme = storedColorScheme();
  document.documentElement.setAttribute("data-mantine-color-scheme", scheme);
  document.documentElement.style.colorScheme = scheme;
  return scheme;
}
