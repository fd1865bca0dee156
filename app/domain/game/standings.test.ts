import { expect, test } from "vitest";

import type { ScoredMatch } from "./scoring";
import {
  addPoints,
  bandFor,
  compareTallies,
  emptyTally,
  rankRows,
  tallyByUserAndPhase,
  type Band,
  type TallyRow,
} from "./standings";

const row = (name: string, points: number, exactHits = 0, outcomeHits = 0, userId = name): TallyRow => ({
  userId,
  name,
  points,
  exactHits,
  outcomeHits,
});

const bands = (total: number): Band[] => Array.from({ length: total }, (_, i) => bandFor(i + 1, total));
const B = "blue" as const;
const Y = "yellow" as const;
const G = "green" as const;
const R = "red" as const;

// --- colour bands --------------------------------------------------------------------------------

test("bands with 1 and 2 users: blue only (the last two are already coloured)", () => {
  expect(bands(1)).toEqual([B]);
  expect(bands(2)).toEqual([B, B]);
});

test("bands with 9 users: 4 blue, 3 yellow, 2 green, no red", () => {
  expect(bands(9)).toEqual([B, B, B, B, Y, Y, Y, G, G]);
});

test("bands with 10 users: the last row red, the one before stays green", () => {
  expect(bands(10)).toEqual([B, B, B, B, Y, Y, Y, G, G, R]);
});

test("bands with 11 users: the last two red", () => {
  expect(bands(11)).toEqual([B, B, B, B, Y, Y, Y, G, G, R, R]);
});

test("bands with 20 users: rows 10–18 without a marker, 19–20 red", () => {
  expect(bands(20)).toEqual([B, B, B, B, Y, Y, Y, G, G, null, null, null, null, null, null, null, null, null, R, R]);
});

test("bands with 5 and 7 users: top bands first, no red", () => {
  expect(bands(5)).toEqual([B, B, B, B, Y]);
  expect(bands(7)).toEqual([B, B, B, B, Y, Y, Y]);
});

test("rankRows colours by row position, so users sharing a rank may get different colours", () => {
  const rows = rankRows([
    row("a", 9),
    row("b", 8),
    row("c", 7),
    row("d", 6),
    row("e", 5),
    row("f", 4),
    row("g", 3),
    row("h", 2),
    row("i", 1),
    row("j", 1),
  ]);
  expect(rows.map((r) => [r.name, r.rank, r.band])).toEqual([
    ["a", 1, B],
    ["b", 2, B],
    ["c", 3, B],
    ["d", 4, B],
    ["e", 5, Y],
    ["f", 6, Y],
    ["g", 7, Y],
    ["h", 8, G],
    ["i", 9, G],
    ["j", 9, R],
  ]);
});

// --- order and ranks -----------------------------------------------------------------------------

test("shared ranks are 1, 2, 2, 4 and users still equal are listed by name", () => {
  const rows = rankRows([row("Zacarías", 3, 1, 1), row("Beto", 9, 3, 3), row("carla", 3, 1, 1), row("Ana", 1, 0, 1)]);
  expect(rows.map((r) => [r.rank, r.name])).toEqual([
    [1, "Beto"],
    [2, "carla"],
    [2, "Zacarías"],
    [4, "Ana"],
  ]);
});

test("equal points: more exact scores first, then more correct outcomes", () => {
  // Ana: 3 + a knockout bonus of 2 (1 outcome); Beto: 5 outcomes; Carla and Dario: 3 + 1 + 1.
  const rows = rankRows([
    row("Ana", 5, 1, 1), // 3 + bonus 2
    row("Beto", 5, 0, 5),
    row("Carla", 5, 1, 3),
    row("Dario", 5, 1, 3),
  ]);
  expect(rows.map((r) => [r.rank, r.name])).toEqual([
    [1, "Carla"],
    [1, "Dario"],
    [3, "Ana"],
    [4, "Beto"],
  ]);
  expect(compareTallies(row("x", 5, 1, 3), row("y", 5, 1, 1))).toBeLessThan(0);
  expect(compareTallies(row("x", 5, 0, 5), row("y", 5, 1, 1))).toBeGreaterThan(0);
  expect(compareTallies(row("x", 4, 2, 2), row("y", 5, 0, 5))).toBeGreaterThan(0);
  expect(compareTallies(row("x", 5, 1, 3), row("y", 5, 1, 3))).toBe(0);
});

test("names are ordered the Spanish way: accents and case do not matter, ñ after n", () => {
  const rows = rankRows(
    ["Zoe", "ñandú", "Ángel", "nube", "beto", "Óscar", "oscar", "Émile"].map((name) => row(name, 0)),
  );
  expect(rows.map((r) => r.name)).toEqual(["Ángel", "beto", "Émile", "nube", "ñandú", "Óscar", "oscar", "Zoe"]);
  expect(new Set(rows.map((r) => r.rank))).toEqual(new Set([1]));
});

test("names that compare equal keep the order they came in (a stable sort)", () => {
  const rows = rankRows([row("ana", 2, 0, 2, "u2"), row("Ana", 2, 0, 2, "u1"), row("ÁNA", 2, 0, 2, "u3")]);
  expect(rows.map((r) => r.userId)).toEqual(["u2", "u1", "u3"]);
});

test("an empty table stays empty", () => {
  expect(rankRows([])).toEqual([]);
});

// --- tallies -------------------------------------------------------------------------------------

test("addPoints: an exact score is also a correct outcome; a pending prediction adds nothing", () => {
  const tally = emptyTally();
  addPoints(tally, 3);
  addPoints(tally, 1);
  addPoints(tally, 0);
  addPoints(tally, null);
  expect(tally).toEqual({ points: 4, exactHits: 1, outcomeHits: 2 });
});

test("tallyByUserAndPhase: per user and phase, pending matches and unknown matches ignored", () => {
  const matches: (ScoredMatch & { phaseId: number })[] = [
    {
      id: 1,
      phaseId: 1,
      phaseName: "Jornada 1",
      phasePosition: 1,
      homeTeamId: 1,
      awayTeamId: 2,
      result: { home: 2, away: 1 },
      isFirstLeg: null,
      kickoffAt: null,
    },
    {
      id: 2,
      phaseId: 1,
      phaseName: "Jornada 1",
      phasePosition: 1,
      homeTeamId: 3,
      awayTeamId: 4,
      result: null,
      isFirstLeg: null,
      kickoffAt: null,
    },
    {
      id: 3,
      phaseId: 2,
      phaseName: "Jornada 2",
      phasePosition: 2,
      homeTeamId: 2,
      awayTeamId: 1,
      result: { home: 0, away: 0 },
      isFirstLeg: null,
      kickoffAt: null,
    },
  ];
  const tallies = tallyByUserAndPhase(matches, [
    { userId: "a", matchId: 1, home: 2, away: 1 },
    { userId: "a", matchId: 2, home: 5, away: 0 },
    { userId: "a", matchId: 3, home: 1, away: 1 },
    { userId: "b", matchId: 1, home: 0, away: 3 },
    { userId: "b", matchId: 99, home: 0, away: 0 },
  ]);
  expect(tallies.get("a")?.get(1)).toEqual({ points: 3, exactHits: 1, outcomeHits: 1 });
  expect(tallies.get("a")?.get(2)).toEqual({ points: 1, exactHits: 0, outcomeHits: 1 });
  expect(tallies.get("b")?.get(1)).toEqual({ points: 0, exactHits: 0, outcomeHits: 0 });
  expect(tallies.get("b")?.has(2)).toBe(false);
});
