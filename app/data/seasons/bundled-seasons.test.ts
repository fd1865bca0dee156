import { expect, test } from "vitest";

import { getConfig } from "#app/config.server";

import { SEASON_TEMPLATES, templateOptions } from "./bundled-seasons.server";

test("season names take one form, without '·': the templates', and a fresh install's first season is its template's", () => {
  const names = templateOptions().map((template) => template.name);
  expect(names).toEqual(["Liga MX Clausura 2024", "Liga MX Apertura 2024", "Liga MX Clausura 2025", "Copa Mundial 2026"]);
  // SEASON_NAME unset: the first season is named as 'Nueva Temporada' and the demo name its template.
  const first = getConfig({}).SEASON_NAME;
  expect(first).toBe(SEASON_TEMPLATES["liga-mx-clausura-2024"].season);
  for (const name of [...names, first]) expect(name).not.toContain("·");
});
