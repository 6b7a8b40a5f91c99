import { readStorage, storageKeys } from "./storage";

export type ColorScheme = "light" | "dark";

export function storedColorScheme(): ColorScheme {
  return readStorage(storageKeys.theme) === "dark" ? "dark" : "light";
}

/**
 * The CSP forbids inline scripts, so Mantine's ColorSchemeScript cannot run in index.html; this
 * does its job from the entry module, before the first render, so a dark page never flashes white.
 */
export function applyStoredColorScheme(): ColorScheme {
  const scheme = storedColorScheme();
  document.documentElement.setAttribute("data-mantine-color-scheme", scheme);
  document.documentElement.style.colorScheme = scheme;
  return scheme;
}
