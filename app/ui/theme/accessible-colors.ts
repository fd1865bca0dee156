import { darken, lighten, luminance, toRgba, type MantineTheme } from "@mantine/core";

/**
 * Colours with enough contrast (WCAG 2.1 AA: 4.5:1 for text) in both colour schemes.
 *
 * Mantine's defaults do not reach it: its dimmed grey is 3.3:1 on white (2.9:1 on a hovered row
 * in dark mode), white text on a filled teal button 2.6:1, the light variant's text on its own
 * background 3.8:1 (teal), 3.4:1 (green) or 3.2:1 (orange) when hovered. Each colour keeps its
 * hue; only as much darker (or, on dark backgrounds, lighter) as it takes:
 *
 * - `filled` (buttons, badges, avatars under white text): the first of the colour's shades, from
 *   Mantine's primary shade on, that carries white text and reads as text on a light grey; when
 *   none does (teal, green, orange…), the primary shade darkened until it does, which keeps its
 *   hue. Also the light scheme's `text` (which is `filled`) and `outline`.
 * - `light-color` (the light variant's text): shade 9, darkened until it reads on the variant's
 *   background and on its hover background.
 * - dark scheme `text` and `outline`: shade 4, or the next lighter one that reads on the dark
 *   body, cards and hovered rows.
 * - `dimmed`: Mantine's grey, darkened (light) or lightened (dark) until it reads on every surface
 *   it sits on, the primary colour's light background included (the viewer's row of a table).
 */

export const MIN_TEXT_CONTRAST = 4.5;

/** WCAG 2.1 contrast ratio of two opaque colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function toHex(color: string): string {
  const { r, g, b } = toRgba(color);
  return `#${[r, g, b].map((value) => Math.round(value).toString(16).padStart(2, "0")).join("")}`;
}

/** `start`, or the next colour `step` gives, until it reaches MIN_TEXT_CONTRAST on every background. */
function untilReadable(start: string, backgrounds: readonly string[], step: (color: string) => string): string {
  let color = toHex(start);
  for (
    let i = 0;
    i < 200 && backgrounds.some((background) => contrastRatio(color, background) < MIN_TEXT_CONTRAST);
    i++
  ) {
    color = toHex(step(color));
  }
  return color;
}

const WHITE = "#ffffff";

/** The surfaces text sits on in each scheme (body, a card or input, a hovered or active row). */
export function surfaces(theme: MantineTheme) {
  const { gray, dark } = theme.colors;
  const primary = theme.colors[theme.primaryColor]!;
  return {
    light: [WHITE, gray[0], gray[1]],
    dark: [dark[7], dark[6], dark[5]],
    /** The primary colour's light background (the viewer's row), where dimmed text shows too. */
    primaryLight: { light: primary[1], dark: toHex(darken(primary[9], 0.5)) },
  };
}

export interface AccessibleColor {
  /** Background of filled buttons, badges and avatars (white text), and light-scheme text. */
  filled: string;
  filledHover: string;
  /** The light variant's text in the light scheme (on shades 1 and 2). */
  lightColor: string;
  /** Text and outlines in the dark scheme. */
  darkText: string;
}

export function accessibleColor(theme: MantineTheme, name: string): AccessibleColor {
  const shades = theme.colors[name]!;
  const { light, dark } = surfaces(theme);
  const start = typeof theme.primaryShade === "number" ? theme.primaryShade : theme.primaryShade.light;
  // The first shade that reads, else the primary shade darkened (it keeps that shade's hue:
  // orange stays orange instead of turning into a second red).
  const readable = (color: string) => light.every((surface) => contrastRatio(color, surface) >= MIN_TEXT_CONTRAST);
  const filled =
    shades.slice(start).map(toHex).find(readable) ??
    untilReadable(shades[start]!, light, (color) => darken(color, 0.01));
  return {
    filled,
    filledHover: toHex(darken(filled, 0.12)),
    lightColor: untilReadable(shades[9]!, [shades[1]!, shades[2]!], (color) => darken(color, 0.02)),
    darkText: untilReadable(shades[4]!, dark, (color) => {
      const index = shades.findIndex((shade) => toHex(shade) === color);
      return index > 0 ? shades[index - 1]! : lighten(color, 0.02);
    }),
  };
}

export function dimmedColors(theme: MantineTheme): { light: string; dark: string } {
  const { light, dark, primaryLight } = surfaces(theme);
  return {
    light: untilReadable(theme.colors.gray[6], [...light, primaryLight.light], (color) => darken(color, 0.02)),
    dark: untilReadable(theme.colors.dark[2], [...dark, primaryLight.dark], (color) => lighten(color, 0.02)),
  };
}

/** The CSS variables that replace Mantine's, per scheme (merged over its own by theme.ts). */
export function accessibleColorVariables(theme: MantineTheme): {
  light: Record<string, string>;
  dark: Record<string, string>;
} {
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  for (const name of Object.keys(theme.colors)) {
    const color = accessibleColor(theme, name);
    // One of the palette's own shades is named as such ('var(--mantine-color-teal-4)').
    const ref = (value: string) => {
      const shade = theme.colors[name]!.findIndex((candidate) => toHex(candidate) === value);
      return shade >= 0 ? `var(--mantine-color-${name}-${shade})` : value;
    };
    light[`--mantine-color-${name}-filled`] = ref(color.filled);
    light[`--mantine-color-${name}-filled-hover`] = ref(color.filledHover);
    light[`--mantine-color-${name}-outline`] = ref(color.filled);
    light[`--mantine-color-${name}-light-color`] = ref(color.lightColor);
    dark[`--mantine-color-${name}-filled`] = ref(color.filled);
    dark[`--mantine-color-${name}-filled-hover`] = ref(color.filledHover);
    dark[`--mantine-color-${name}-text`] = ref(color.darkText);
    dark[`--mantine-color-${name}-outline`] = ref(color.darkText);
  }
  const dimmed = dimmedColors(theme);
  light["--mantine-color-dimmed"] = dimmed.light;
  dark["--mantine-color-dimmed"] = dimmed.dark;
  // Links and error messages: the text shades above (Mantine uses shade 6 on white, 8 on dark).
  for (const scheme of [light, dark]) {
    scheme["--mantine-color-anchor"] = `var(--mantine-color-${theme.primaryColor}-text)`;
    scheme["--mantine-color-error"] = "var(--mantine-color-red-text)";
  }
  return { light, dark };
}
