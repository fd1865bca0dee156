import { expect, test } from "vitest";

import { isKnockoutPhase, phaseLabel } from "./phases";

test("legacy phase values map to the original's Spanish labels", () => {
  expect(phaseLabel("Quarters")).toBe("Cuartos de Final");
  expect(phaseLabel("Semifinals")).toBe("Semifinales");
  expect(phaseLabel("Final")).toBe("Final");
});

test("a bare round number, as text or number, becomes 'Jornada n'", () => {
  expect(phaseLabel("5")).toBe("Jornada 5");
  expect(phaseLabel(5)).toBe("Jornada 5");
  expect(phaseLabel("17")).toBe("Jornada 17");
  expect(phaseLabel(" 3 ")).toBe("Jornada 3");
});

test("phase names of the season are shown as stored", () => {
  expect(phaseLabel("Jornada 3")).toBe("Jornada 3");
  expect(phaseLabel("Cuartos Ida")).toBe("Cuartos Ida");
  expect(phaseLabel("Semifinal Vuelta")).toBe("Semifinal Vuelta");
  expect(phaseLabel("Final Vuelta")).toBe("Final Vuelta");
});

test("knockout rounds are recognised in any case, with or without accents, legacy names included", () => {
  for (const name of [
    "Cuartos Ida",
    "Cuartos de Final",
    "SEMIFINAL vuelta",
    "Semifinal Ída",
    "Final Vuelta",
    "final ida",
    "Quarters",
    "Semifinals",
    "Final",
  ]) {
    expect(isKnockoutPhase(name), name).toBe(true);
  }
});

test("league rounds are not knockout rounds", () => {
  for (const name of ["Jornada 1", "Jornada 17", "5"]) {
    expect(isKnockoutPhase(name), name).toBe(false);
  }
});
