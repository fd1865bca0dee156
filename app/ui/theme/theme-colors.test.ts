import fs from "node:fs";
import path from "node:path";
import { DEFAULT_THEME, mergeMantineTheme, toRgba } from "@mantine/core";
import { expect, test } from "vitest";

import { theme } from "./theme";
import { THEME_COLORS } from "./theme-colors";

const publicFile = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, "../../../public", name), "utf8");

test("the browser frame's colours are the header's background in each colour mode", () => {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  // Mantine's --mantine-color-body: white in light mode, dark[7] in dark mode.
  expect(toRgba(THEME_COLORS.light)).toEqual(toRgba(merged.white));
  expect(toRgba(THEME_COLORS.dark)).toEqual(toRgba(merged.colors.dark[7]!));
});

test("the manifest, the offline page and its script name the same colours", () => {
  const manifest = JSON.parse(publicFile("manifest.webmanifest")) as Record<string, unknown>;
  expect(manifest.theme_color).toBe(THEME_COLORS.light);
  expect(manifest.background_color).toBe(THEME_COLORS.light);
  const offline = publicFile("offline.html");
  expect(offline).toContain(`--background: ${THEME_COLORS.light};`);
  expect(offline).toContain(`--background: ${THEME_COLORS.dark};`);
  expect(offline).toContain(`<meta name="theme-color" content="${THEME_COLORS.light}" />`);
  expect(publicFile("offline.js")).toContain(`"${THEME_COLORS.dark}"`);
});
