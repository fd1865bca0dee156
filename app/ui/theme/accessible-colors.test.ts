import { DEFAULT_THEME, mergeMantineTheme } from "@mantine/core";
import { describe, expect, test } from "vitest";

import {
  accessibleColor,
  accessibleColorVariables,
  contrastRatio,
  dimmedColors,
  MIN_TEXT_CONTRAST,
  surfaces,
} from "./accessible-colors";
import { theme as ourTheme, THEME_CSS_VARIABLES } from "./theme";

const theme = mergeMantineTheme(DEFAULT_THEME, ourTheme);
const WHITE = "#ffffff";

test("contrast ratio: WCAG's formula (black on white 21:1, equal colours 1:1, Mantine's grey 3.32:1)", () => {
  expect(contrastRatio("#000000", WHITE)).toBeCloseTo(21, 5);
  expect(contrastRatio(WHITE, "#000000")).toBeCloseTo(21, 5);
  expect(contrastRatio("#777777", "#777777")).toBe(1);
  expect(contrastRatio("#868e96", WHITE)).toBeCloseTo(3.32, 2);
});

describe.each(Object.keys(theme.colors))("%s", (name) => {
  const shades = theme.colors[name]!;
  const color = accessibleColor(theme, name);
  const { light, dark } = surfaces(theme);

  test("filled: white text reads on it, also hovered; and it reads as text on light surfaces", () => {
    expect(contrastRatio(WHITE, color.filled)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(WHITE, color.filledHover)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    for (const surface of light) expect(contrastRatio(color.filled, surface)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  test("light variant: its text reads on its background and on its hover background", () => {
    expect(contrastRatio(color.lightColor, shades[1]!)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(color.lightColor, shades[2]!)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  test("dark scheme text reads on the body, cards and hovered rows", () => {
    for (const surface of dark)
      expect(contrastRatio(color.darkText, surface)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});

test("the primary colour keeps Mantine's shade where it already reads, and is only as dark as needed", () => {
  const teal = accessibleColor(theme, "teal");
  // Teal 8 carries white at 3.9:1, teal 9 not quite on a light grey: teal 6 (the primary shade),
  // darkened just enough.
  expect(contrastRatio(WHITE, theme.colors.teal[8])).toBeLessThan(MIN_TEXT_CONTRAST);
  expect(contrastRatio(WHITE, teal.filled)).toBeLessThan(MIN_TEXT_CONTRAST + 1);
  // Red's shade 9 is enough as it is, and is named as the palette's own shade.
  expect(accessibleColor(theme, "red").filled).toBe(theme.colors.red[9]);
  expect(accessibleColorVariables(theme).light["--mantine-color-red-filled"]).toBe("var(--mantine-color-red-9)");
});

test("dimmed text reads on every surface of its scheme and on the primary colour's light background", () => {
  const dimmed = dimmedColors(theme);
  const { light, dark, primaryLight } = surfaces(theme);
  for (const surface of [...light, primaryLight.light])
    expect(contrastRatio(dimmed.light, surface)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  for (const surface of [...dark, primaryLight.dark])
    expect(contrastRatio(dimmed.dark, surface)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  // Still secondary: lighter than the text (black) in light mode, darker than it (dark 0) in dark mode.
  expect(contrastRatio(dimmed.light, WHITE)).toBeLessThan(contrastRatio("#000000", WHITE) / 2);
  expect(contrastRatio(dimmed.dark, theme.colors.dark[7])).toBeLessThan(
    contrastRatio(theme.colors.dark[0], theme.colors.dark[7]),
  );
});

test("the page's theme variables carry them, per scheme", () => {
  const block = (scheme: string) => {
    const start = THEME_CSS_VARIABLES.indexOf(`:root[data-mantine-color-scheme="${scheme}"]`);
    expect(start).toBeGreaterThanOrEqual(0);
    return THEME_CSS_VARIABLES.slice(start, THEME_CSS_VARIABLES.indexOf("}", start));
  };
  const [lightBlock, darkBlock] = [block("light"), block("dark")];
  const { light, dark } = accessibleColorVariables(theme);
  expect(lightBlock).toContain(`--mantine-color-dimmed: ${light["--mantine-color-dimmed"]}`);
  expect(lightBlock).toContain(`--mantine-color-teal-filled: ${light["--mantine-color-teal-filled"]}`);
  expect(lightBlock).toContain(`--mantine-color-teal-light-color: ${light["--mantine-color-teal-light-color"]}`);
  expect(darkBlock).toContain(`--mantine-color-dimmed: ${dark["--mantine-color-dimmed"]}`);
  expect(darkBlock).toContain("--mantine-color-anchor: var(--mantine-color-teal-text)");
});
