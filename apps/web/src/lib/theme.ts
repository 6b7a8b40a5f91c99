import { createTheme, darken, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from "@mantine/core";

/**
 * Spec section 9 colours: primary #154EC1 in the light scheme (shade 7) and #3472F0 in the dark
 * scheme (shade 5), with the other shades built around them.
 */
export const brand: MantineColorsTuple = [
  "#e8f0fe",
  "#d0defc",
  "#a3bff8",
  "#739ef4",
  "#4f85f1",
  "#3472f0",
  "#2160dc",
  "#154ec1",
  "#0f3f9c",
  "#0a2f75",
];

export const PRIMARY_LIGHT = brand[7];
export const PRIMARY_DARK = brand[5];

/** Spec section 9 breakpoints (first reading) in em, as Mantine expects: 0, 640, 1024, 1440, 1920 px. */
export const breakpoints = {
  xs: "0em",
  sm: "40em",
  md: "64em",
  lg: "90em",
  xl: "120em",
} as const;

export const theme = createTheme({
  primaryColor: "brand",
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  breakpoints,
  defaultRadius: "md",
  cursorType: "pointer",
  // A focus ring for keyboard users only (global.css gives it a colour that shows in both schemes).
  focusRing: "auto",
  // Someone who asked their system for less motion gets dialogs, menus and tooltips without their
  // fade and slide (WCAG 2.3.3); Mantine animates them regardless unless told.
  respectReducedMotion: true,
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, 'Noto Sans Arabic', 'Vazirmatn', 'DejaVu Sans', sans-serif",
  headings: { fontWeight: "700" },
  components: {
    Modal: { defaultProps: { fullScreen: false } },
    // Links inside text must not rely on colour alone (axe link-in-text-block, WCAG 1.4.1).
    Anchor: { defaultProps: { underline: "always" } },
    // Mantine puts a role="presentation" element first in every menu (role="menu" may only hold
    // items: axe aria-required-children); without it the first item takes focus, as ARIA menus do.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

const { colors } = DEFAULT_THEME;

/**
 * WCAG AA (4.5:1) for Mantine's status colours, checked in lib/__tests__/theme-contrast.test.ts.
 * Mantine fills with shade 7 (our primaryShade) in the light scheme and shade 5 in the dark one, and
 * uses shade 7 for coloured text: white on teal 7 is 3.1:1, on red 7 3.8:1, red 7 on white 3.8:1.
 * Each status colour gets one strong tone instead, used for filled backgrounds (white text on it) and
 * text in the light scheme, and for filled backgrounds in the dark scheme (its text there stays shade 4).
 */
export const statusTones = {
  red: colors.red[9], // #c92a2a: 5.5:1 with white
  teal: darken(colors.teal[9], 0.06), // #087756: 5.6:1 with white, 5.0:1 on gray 1 (teal 9: 4.498)
  blue: colors.blue[8], // #1971c2: 5.0:1
  green: darken(colors.green[9], 0.12), // 5.4:1
  orange: darken(colors.orange[9], 0.1), // 5.1:1
  yellow: darken(colors.yellow[9], 0.3), // amber #a15300: 5.6:1
  gray: colors.gray[7], // #495057: 8.2:1
} as const;

/** Secondary text: #5f666e is 5.5:1 on the light page (#f8f9fa), #a6a6a6 5.6:1 on dark cards (#2e2e2e). */
export const DIMMED_LIGHT = "#5f666e";
export const DIMMED_DARK = "#a6a6a6";

function statusVariables(scheme: "light" | "dark"): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, tone] of Object.entries(statusTones)) {
    variables[`--mantine-color-${name}-filled`] = tone;
    variables[`--mantine-color-${name}-filled-hover`] = darken(tone, 0.12);
    if (scheme === "light") {
      variables[`--mantine-color-${name}-text`] = tone;
      variables[`--mantine-color-${name}-outline`] = tone;
      // The light variant: this text on shade 1 (and shade 2 on hover).
      variables[`--mantine-color-${name}-light-color`] = darken(tone, 0.2);
    }
  }
  return variables;
}

/**
 * Dimmed text, placeholders, links and status colours that reach 4.5:1 in both schemes, and in the
 * dark scheme a primary that does too: white on #3472F0 is 4.4:1, so filled buttons use shade 6
 * (#2160DC, 5.6:1) and links and brand text shade 3 (#739EF4, 5.1:1 on dark cards); #3472F0 stays
 * the brand's accent (active entries, the focus ring). Mantine also darkens shade 9 for the "light"
 * variant in the dark scheme, which leaves active sidebar entries and tinted icons nearly black on
 * our dark-blue tuple: a translucent #3472F0 reads better.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...statusVariables("light"),
    "--mantine-color-dimmed": DIMMED_LIGHT,
    "--mantine-color-placeholder": DIMMED_LIGHT,
    // Error texts and the placeholder of an invalid field: Mantine's red 6 is 3.3:1 on white.
    "--mantine-color-error": statusTones.red,
  },
  dark: {
    ...statusVariables("dark"),
    "--mantine-color-dimmed": DIMMED_DARK,
    "--mantine-color-placeholder": DIMMED_DARK,
    // Red 8 (Mantine's dark error) is 3.2:1 on dark inputs; red 4 (#ff8787) is 6.2:1.
    "--mantine-color-error": colors.red[4],
    "--mantine-color-anchor": brand[3],
    "--mantine-color-brand-text": brand[3],
    "--mantine-color-brand-filled": brand[6],
    "--mantine-color-brand-filled-hover": brand[7],
    "--mantine-color-brand-light": "rgba(52, 114, 240, 0.2)",
    "--mantine-color-brand-light-hover": "rgba(52, 114, 240, 0.3)",
    "--mantine-color-brand-light-color": brand[2],
  },
});
