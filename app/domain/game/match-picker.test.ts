import { expect, test } from "vitest";

import type { MatchView } from "./match";
import { pickerPhases } from "./match-picker";

const match = (id: number, overrides: Partial<MatchView & { kickoffLabel: string | null }>) => ({
  id,
  phaseId: 1,
  phaseName: "Jornada 1",
  phasePosition: 1,
  phaseActivatedAt: null,
  home: { id: 1, name: "Toluca", shortCode: "TOL", badgeUrl: "/badges/TOL.svg" },
  away: { id: 2, name: "América", shortCode: "AME", badgeUrl: "/badges/AME.svg" },
  kickoffAt: null,
  result: null,
  extraTime: null,
  penalties: null,
  group: null,
  active: false,
  isFirstLeg: null,
  kickoffLabel: null,
  ...overrides,
});

test("each match shows its result, else its kickoff or 'Fecha por confirmar', and whether it is active", () => {
  const [phase] = pickerPhases([
    match(1, { result: { home: 2, away: 1 }, kickoffLabel: "sáb 19:00" }),
    match(2, { kickoffLabel: "sáb 21:00", active: true }),
    match(3, { active: true }),
    match(4, {}),
  ]);
  expect(phase!.matches.map((row) => row.detail)).toEqual([
    "Resultado: 2 - 1",
    "sáb 21:00 · Activo",
    "Fecha por confirmar · Activo",
    "Fecha por confirmar",
  ]);
});
