import { expect, test } from "vitest";

import type { ScoredMatch } from "#app/domain/game/scoring";

import {
  addPoints,
  bandFor,
  bandSizes,
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

test("bands from 11 users on are the original's: 4 blue, 3 yellow, 2 green, the last two red", () => {
  expect(bands(11)).toEqual([B, B, B, B, Y, Y, Y, G, G, R, R]);
  expect(bandSizes(11)).toEqual({ blue: 4, yellow: 3, green: 2, red: 2 });
  expect(bandSizes(500)).toEqual({ blue: 4, yellow: 3, green: 2, red: 2 });
});

test("bands with 20 users: rows 10–18 without a marker, 19–20 red", () => {
  expect(bands(20)).toEqual([B, B, B, B, Y, Y, Y, G, G, null, null, null, null, null, null, null, null, null, R, R]);
});

test("bands with 8 users (a pool of 8): the last place is red; 3 blue, 2 yellow, 1 green, 2 red", () => {
  expect(bands(8)).toEqual([B, B, B, Y, Y, G, R, R]);
});

test("below 11 users the 11-row bands shrink: each keeps its share (4:3:2:2), every row one colour", () => {
  const sizes = (total: number) => Object.values(bandSizes(total));
  expect(sizes(10)).toEqual([3, 3, 2, 2]);
  expect(sizes(9)).toEqual([3, 2, 2, 2]);
  expect(sizes(7)).toEqual([3, 2, 1, 1]);
  expect(sizes(6)).toEqual([2, 2, 1, 1]);
  expect(sizes(5)).toEqual([2, 1, 1, 1]);
  expect(sizes(4)).toEqual([1, 1, 1, 1]);
  // A tie of remainders goes to the lower band: the last of three is red, not green.
  expect(bands(3)).toEqual([B, Y, R]);
  expect(bands(2)).toEqual([B, Y]);
  expect(bands(1)).toEqual([B]);
  expect(bands(0)).toEqual([]);
});

test("no table size overlaps or reorders the bands: first blue, last red from 3 rows, order kept", () => {
  const order = [B, Y, G, null, R];
  for (let total = 1; total <= 40; total += 1) {
    const sizes = bandSizes(total);
    const coloured = sizes.blue + sizes.yellow + sizes.green + sizes.red;
    expect(coloured, `${total}`).toBeLessThanOrEqual(total);
    if (total < 11) expect(coloured, `${total}`).toBe(total);
    const shown = bands(total);
    expect(
      shown.map((band) => order.indexOf(band)),
      `${total}`,
    ).toEqual([...shown.map((band) => order.indexOf(band))].sort((a, b) => a - b));
    expect(shown.filter((band) => band === R).length, `${total}`).toBe(sizes.red);
    expect(shown[0], `${total}`).toBe(B);
    if (total >= 3) expect(shown.at(-1), `${total}`).toBe(R);
  }
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
    row("i", 2),
    row("j", 1),
  ]);
  expect(rows.map((r) => [r.name, r.rank, r.band])).toEqual([
    ["a", 1, B],
    ["b", 2, B],
    ["c", 3, B],
    ["d", 4, Y],
    ["e", 5, Y],
    ["f", 6, Y],
    ["g", 7, G],
    ["h", 8, G],
    ["i", 8, R],
    ["j", 10, R],
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
