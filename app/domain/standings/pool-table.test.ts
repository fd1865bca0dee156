import { describe, expect, test } from "vitest";

import type { MatchView } from "#app/domain/game/match";
import type { SeasonRules } from "#app/domain/game/season-rules";

import { poolStandings, predictionsGrid, type PoolPrediction } from "./pool-table";

// The pool page reads its revealed picks once; its table and its grid are both made from them.

const RULES: SeasonRules = {
  pointsExact: 3,
  pointsOutcome: 1,
  twoLegBonus: true,
  knockoutScore: "90",
  editablePicks: false,
};

function match(id: number, fields: Partial<MatchView> = {}): MatchView {
  return {
    id,
    phaseId: 1,
    phaseName: "Jornada 1",
    phasePosition: 1,
    phaseActivatedAt: null,
    home: { id: id * 10, name: `Local ${id}`, shortCode: `L${id}`, badgeUrl: "" },
    away: { id: id * 10 + 1, name: `Visita ${id}`, shortCode: `V${id}`, badgeUrl: "" },
    kickoffAt: "2026-01-01T00:00:00.000Z",
    result: null,
    extraTime: null,
    penalties: null,
    group: null,
    active: true,
    isFirstLeg: null,
    ...fields,
  };
}

const person = (id: string, name: string) => ({ id, name, image: null, avatarColor: "blue" });
const pick = (userId: string, matchId: number, home: number, away: number): PoolPrediction => ({
  userId,
  matchId,
  home,
  away,
});

describe("poolStandings", () => {
  test("counts only matches with a result; a revealed match still without one earns nothing", () => {
    const matches = [match(1, { result: { home: 2, away: 1 } }), match(2)];
    const rows = poolStandings({
      matches,
      picks: [pick("a", 1, 2, 1), pick("a", 2, 0, 0), pick("b", 1, 1, 0), pick("b", 2, 0, 0)],
      participants: [person("a", "Ana"), person("b", "Beto"), person("c", "Carla")],
      rules: RULES,
    });
    expect(rows.map((row) => [row.name, row.points, row.exactHits, row.outcomeHits, row.rank])).toEqual([
      // An exact score is a right outcome too.
      ["Ana", 3, 1, 1, 1],
      ["Beto", 1, 0, 1, 2],
      ["Carla", 0, 0, 0, 3],
    ]);
  });

  test("a pick of someone who is not a participant counts for nobody", () => {
    const rows = poolStandings({
      matches: [match(1, { result: { home: 0, away: 0 } })],
      picks: [pick("x", 1, 0, 0)],
      participants: [person("a", "Ana")],
      rules: RULES,
    });
    expect(rows.map((row) => [row.userId, row.points])).toEqual([["a", 0]]);
  });
});

describe("picksGrid", () => {
  test("phase by phase, one row per participant in the order given, points only once there is a result", () => {
    const matches = [match(1, { result: { home: 1, away: 1 } }), match(2, { phaseId: 2, phaseName: "Jornada 2" })];
    const grid = predictionsGrid(matches, [pick("a", 1, 1, 1), pick("b", 2, 3, 0)], {
      participantIds: ["b", "a"],
      rules: RULES,
    });
    expect(grid.map((phase) => phase.phaseName)).toEqual(["Jornada 1", "Jornada 2"]);
    expect(grid[0]!.rows).toEqual([
      { userId: "b", picks: {} },
      { userId: "a", picks: { 1: { home: 1, away: 1, points: 3 } } },
    ]);
    expect(grid[1]!.rows).toEqual([
      { userId: "b", picks: { 2: { home: 3, away: 0, points: null } } },
      { userId: "a", picks: {} },
    ]);
    expect(grid[0]!.matches[0]).toMatchObject({ id: 1, resultLabel: "1 - 1", home: { shortCode: "L1" } });
  });

  test("each match says what the participants picked, and only they: a pick of someone else is not counted", () => {
    const matches = [match(1), match(2)];
    const grid = predictionsGrid(
      matches,
      [pick("a", 1, 2, 1), pick("b", 1, 1, 1), pick("c", 1, 2, 1), pick("x", 1, 0, 3)],
      {
        participantIds: ["a", "b", "c"],
        rules: RULES,
      },
    );
    expect(grid[0]!.matches[0]!.shares).toEqual({
      total: 3,
      home: 67,
      draw: 33,
      away: 0,
      mostPicked: [{ home: 2, away: 1 }],
      moreTied: 0,
    });
    expect(grid[0]!.matches[1]!.shares.total).toBe(0);
  });

  test("nothing revealed, or nobody in the pool: no grid", () => {
    expect(predictionsGrid([], [], { participantIds: ["a"], rules: RULES })).toEqual([]);
    expect(predictionsGrid([match(1)], [], { participantIds: [], rules: RULES })).toEqual([]);
  });
});
