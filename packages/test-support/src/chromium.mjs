// Debian's Chromium as every suite and bench of this repository starts it (plain JavaScript: the
// benches import it on Node.js 20, which does not run TypeScript).

/** Debian's Chromium (`apt-get install -y chromium`), or CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Without the background-networking switches Chromium calls Google's hosts, which this closed
 * network refuses, many at a time. Without the omnibox's WebUI popups (Chromium 156 preloads them
 * as a renderer of their own, chrome://omnibox-popup.top-chrome, in every new window, so in every
 * Playwright context), 16 page loads, each in a context of its own, cost Chromium 83 CPU-seconds;
 * with them off, 45. A headless browser never shows an address bar's popup.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup",
];
