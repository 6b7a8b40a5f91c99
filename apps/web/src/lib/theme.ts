import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from "@mantine/core";

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
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, 'Noto Sans Arabic', 'Vazirmatn', 'DejaVu Sans', sans-serif",
  headings: { fontWeight: "700" },
  components: {
    Modal: { defaultProps: { fullScreen: false } },
  },
});

/**
 * Mantine darkens shade 9 for the "light" variant in the dark scheme, which leaves active sidebar
 * entries and tinted icons nearly black on our dark-blue tuple. A translucent #3472F0 reads better.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {},
  dark: {
    "--mantine-color-brand-light": "rgba(52, 114, 240, 0.2)",
    "--mantine-color-brand-light-hover": "rgba(52, 114, 240, 0.3)",
    "--mantine-color-brand-light-color": brand[2],
  },
});
