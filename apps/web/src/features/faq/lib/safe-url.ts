/**
 * The links and images an FAQ answer may carry: web, mail and phone addresses, the portal's own
 * paths and in-page anchors. Anything else (javascript:, data:, vbscript:, protocol-relative "//")
 * loses its address, so a vendor's Markdown cannot run script however it is written.
 */
const ALLOWED_PROTOCOL = /^(https?:|mailto:|tel:)/i;

export function safeUrl(url: string): string | null {
  // Browsers ignore tabs, new lines and other control characters inside a scheme ("java\tscript:"): so do we before judging.
  const judged = [...url].filter((character) => character.charCodeAt(0) > 0x20 && character.charCodeAt(0) !== 0x7f).join("");
  const safe =
    judged.startsWith("#") || (judged.startsWith("/") && !judged.startsWith("//") && !judged.startsWith("/\\")) || ALLOWED_PROTOCOL.test(judged);
  return safe ? url.trim() : null;
}

/** A link to another site, opened in a new tab. */
export const isExternalUrl = (url: string) => /^https?:/i.test(url);

/** `#demo` in an answer opens the demo-request dialog (see the answer hint in the FAQ editor). */
export const DEMO_ANCHOR = "#demo";
