import { DEFAULT_THEME } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { brand, cssVariablesResolver, DIMMED_DARK, DIMMED_LIGHT, statusTones, theme } from "../theme";

/** WCAG 2.x relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((index) => {
    const channel = parseInt(hex.slice(index, index + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

/** Mantine's colours as rgb(r, g, b) from darken() → #rrggbb. */
function hex(colour: string): string {
  const rgb = /rgba?\((\d+), (\d+), (\d+)/.exec(colour);
  if (!rgb) return colour.toLowerCase();
  return `#${rgb.slice(1, 4).map((value) => Number(value).toString(16).padStart(2, "0")).join("")}`;
}

const { colors } = DEFAULT_THEME;
const white = "#ffffff";
// Page (gray 0 / white) and dark surfaces: body (dark 7), cards and menus (dark 6), hover (dark 5).
const lightSurfaces = [white, colors.gray[0], colors.gray[1]];
const darkSurfaces = [colors.dark[7], colors.dark[6], colors.dark[8]];
const variables = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as Parameters<typeof cssVariablesResolver>[0]);

describe("theme contrast (WCAG AA 4.5:1)", () => {
  it("dimmed text and placeholders on every surface of their scheme", () => {
    for (const surface of lightSurfaces) expect(contrast(DIMMED_LIGHT, surface)).toBeGreaterThanOrEqual(4.5);
    for (const surface of darkSurfaces) expect(contrast(DIMMED_DARK, surface)).toBeGreaterThanOrEqual(4.5);
    expect(variables.light["--mantine-color-placeholder"]).toBe(DIMMED_LIGHT);
    expect(variables.dark["--mantine-color-placeholder"]).toBe(DIMMED_DARK);
  });

  it("error texts and invalid fields' placeholders on every surface of their scheme", () => {
    const light = hex(variables.light["--mantine-color-error"]!);
    const dark = hex(variables.dark["--mantine-color-error"]!);
    for (const surface of lightSurfaces) expect(contrast(light, surface)).toBeGreaterThanOrEqual(4.5);
    for (const surface of darkSurfaces) expect(contrast(dark, surface)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(Object.entries(statusTones))("%s: white on its filled tone, the tone as text, light-variant text on shade 1", (name, tone) => {
    const palette = colors[name as keyof typeof colors]!;
    expect(contrast(white, hex(tone))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(white, hex(variables.light[`--mantine-color-${name}-filled-hover`]!))).toBeGreaterThanOrEqual(4.5);
    for (const surface of lightSurfaces) expect(contrast(hex(tone), surface)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(hex(variables.light[`--mantine-color-${name}-light-color`]!), palette[1])).toBeGreaterThanOrEqual(4.5);
    // Dark scheme: text is shade 4 (Mantine's), filled the same tone with white text.
    for (const surface of darkSurfaces) expect(contrast(palette[4], surface)).toBeGreaterThanOrEqual(4.5);
    expect(variables.dark[`--mantine-color-${name}-filled`]).toBe(tone);
  });

  it("primary: filled buttons, links and brand text in both schemes", () => {
    expect(contrast(white, brand[7])).toBeGreaterThanOrEqual(4.5);
    for (const surface of lightSurfaces) expect(contrast(brand[7], surface)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(white, variables.dark["--mantine-color-brand-filled"]!)).toBeGreaterThanOrEqual(4.5);
    for (const surface of darkSurfaces) {
      expect(contrast(variables.dark["--mantine-color-anchor"]!, surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(variables.dark["--mantine-color-brand-text"]!, surface)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
