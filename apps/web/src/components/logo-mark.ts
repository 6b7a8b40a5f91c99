/**
 * The product mark, a key inside a shield, on a 32×32 grid. One description for the React logo
 * (components/logo.tsx) and the splash that index.html shows before any script has run (vite.config.ts).
 */
export const logoMark = {
  shield: "M16 2 4 6.5v8.2c0 7.3 5 13.4 12 15.3 7-1.9 12-8 12-15.3V6.5L16 2Z",
  keyRing: { cx: 13, cy: 14, r: 3.6 },
  keyBit: "M15.6 16.6 21 22m-2.4-2.4 1.9-1.9M20.2 21.2l1.6-1.6",
} as const;

/** The mark as SVG markup, for HTML written at build time. */
export function logoMarkSvg(color: string, size: number, className: string): string {
  const { shield, keyRing, keyBit } = logoMark;
  return (
    `<svg class="${className}" width="${size}" height="${size}" viewBox="0 0 32 32" aria-hidden="true">` +
    `<path d="${shield}" fill="${color}" opacity="0.14"/>` +
    `<path d="${shield}" fill="none" stroke="${color}" stroke-width="2"/>` +
    `<circle cx="${keyRing.cx}" cy="${keyRing.cy}" r="${keyRing.r}" fill="none" stroke="${color}" stroke-width="2.2"/>` +
    `<path d="${keyBit}" stroke="${color}" stroke-width="2.2" stroke-linecap="round"/>` +
    `</svg>`
  );
}

/** The mark's size on the loading splash (index.html, FullPageLoader). */
export const BOOT_SPLASH_MARK_PX = 56;
