import { expect, test } from "vitest";

import { tallyByUserAndPhase } from "#app/domain/standings/standings";

import {
  findTies,
  KNOCKOUT_BONUS,
  POINTS_EXACT,
  POINTS_OUTCOME,
  predictionPoints,
  tieBonus,
  tieRound,
  type Score,
  type ScoredMatch,
} from "./scoring";

const s = (home: number, away: number): Score => ({ home, away });

let nextId = 1;
/** A match of a phase between two teams (ids), with an optional result and leg flag. */
function match(
  phaseName: string,
  home: number,
  away: number,
  result: Score | null = null,
  extra: Partial<ScoredMatch & { phaseId: number }> = {},
): ScoredMatch & { phaseId: number } {
  return {
    id: nextId++,
    phaseName,
    phaseId: phaseName.length, // any stable number per name is enough here
    phasePosition: 0,
    homeTeamId: home,
    awayTeamId: away,
    result,
    isFirstLeg: null,
    kickoffAt: null,
    ...extra,
  };
}

// --- SPEC §5, one test per row of the table ----------------------------------------------------

test("the point values of SPEC §5", () => {
  expect([POINTS_EXACT, POINTS_OUTCOME, KNOCKOUT_BONUS]).toEqual([3, 1, 2]);
});

test("real 2-1, predicted 2-1: exact score, 3 points", () => {
  expect(predictionPoints(s(2, 1), s(2, 1))).toBe(3);
});

test("real 2-1, predicted 3-1: right winner, 1 point", () => {
  expect(predictionPoints(s(2, 1), s(3, 1))).toBe(1);
});

test("real 2-1, predicted 1-2: wrong winner, 0 points", () => {
  expect(predictionPoints(s(2, 1), s(1, 2))).toBe(0);
});

test("real 1-1, predicted 0-0: right draw, 1 point", () => {
  expect(predictionPoints(s(1, 1), s(0, 0))).toBe(1);
});

test("real 0-0, predicted 0-0: exact score, 3 points", () => {
  expect(predictionPoints(s(0, 0), s(0, 0))).toBe(3);
});

test("no result, predicted 1-0: pending, not counted (null)", () => {
  expect(predictionPoints(null, s(1, 0))).toBeNull();
});

test("a draw predicted for a win, and a win predicted for a draw, earn nothing", () => {
  expect(predictionPoints(s(2, 1), s(1, 1))).toBe(0);
  expect(predictionPoints(s(1, 1), s(2, 1))).toBe(0);
  expect(predictionPoints(s(0, 3), s(0, 1))).toBe(1);
});

test("Cuartos Ida 1-1, Vuelta 1-1, predicted 2-0 and 1-1: 0 + 3 + bonus 2 = 5, the bonus in the Vuelta's phase", () => {
  const ida = match("Cuartos Ida", 10, 20, s(1, 1), { phaseId: 18, phasePosition: 18 });
  const vuelta = match("Cuartos Vuelta", 20, 10, s(1, 1), { phaseId: 19, phasePosition: 19 });
  expect(predictionPoints(ida.result, s(2, 0))).toBe(0);
  expect(predictionPoints(vuelta.result, s(1, 1))).toBe(3);
  const [tie] = findTies([ida, vuelta]);
  expect(tie).toEqual({ firstLeg: ida, secondLeg: vuelta });
  expect(tieBonus(tie!, s(2, 0), s(1, 1))).toBe(2);

  const tallies = tallyByUserAndPhase(
    [ida, vuelta],
    [
      { userId: "u", matchId: ida.id, ...s(2, 0) },
      { userId: "u", matchId: vuelta.id, ...s(1, 1) },
    ],
  );
  expect(tallies.get("u")?.get(18)).toEqual({ points: 0, exactHits: 0, outcomeHits: 0 });
  expect(tallies.get("u")?.get(19)).toEqual({ points: 5, exactHits: 1, outcomeHits: 1 });
});

test("Final Ida 0-0, Vuelta 0-0, predicted 0-0 and 0-0: 3 + 3, no bonus (total goals 0)", () => {
  const ida = match("Final Ida", 1, 2, s(0, 0), { phaseId: 22, phasePosition: 22 });
  const vuelta = match("Final Vuelta", 2, 1, s(0, 0), { phaseId: 23, phasePosition: 23 });
  const [tie] = findTies([ida, vuelta]);
  expect(tie).toBeDefined();
  expect(tieBonus(tie!, s(0, 0), s(0, 0))).toBe(0);
  const tallies = tallyByUserAndPhase(
    [ida, vuelta],
    [
      { userId: "u", matchId: ida.id, ...s(0, 0) },
      { userId: "u", matchId: vuelta.id, ...s(0, 0) },
    ],
  );
  expect(tallies.get("u")?.get(22)?.points).toBe(3);
  expect(tallies.get("u")?.get(23)?.points).toBe(3);
});

// --- the knockout bonus ------------------------------------------------------------------------

test("the bonus needs the predicted total over both legs to equal the real total", () => {
  const [tie] = findTies([match("Semifinal Ida", 3, 4, s(2, 1)), match("Semifinal Vuelta", 4, 3, s(0, 1))]);
  expect(tieBonus(tie!, s(1, 1), s(1, 1))).toBe(2); // 4 = 4, however the goals are split
  expect(tieBonus(tie!, s(3, 1), s(0, 0))).toBe(2);
  expect(tieBonus(tie!, s(2, 1), s(0, 0))).toBe(0); // 3 ≠ 4
  expect(tieBonus(tie!, s(2, 1), s(1, 1))).toBe(0); // 5 ≠ 4
});

test("a user who predicted only one leg gets no bonus", () => {
  const ida = match("Cuartos Ida", 5, 6, s(2, 0));
  const vuelta = match("Cuartos Vuelta", 6, 5, s(1, 1));
  const [tie] = findTies([ida, vuelta]);
  expect(tieBonus(tie!, s(2, 2), undefined)).toBe(0);
  expect(tieBonus(tie!, undefined, s(4, 0))).toBe(0);
  const tallies = tallyByUserAndPhase([ida, vuelta], [{ userId: "u", matchId: vuelta.id, ...s(4, 0) }]);
  expect(tallies.get("u")?.get(vuelta.phaseId)).toEqual({ points: 0, exactHits: 0, outcomeHits: 0 });
});

test("no bonus until both legs have a result", () => {
  const [tie] = findTies([match("Cuartos Ida", 7, 8, s(1, 0)), match("Cuartos Vuelta", 8, 7, null)]);
  expect(tieBonus(tie!, s(1, 0), s(0, 0))).toBe(0);
});

test("total goals 0 gives no bonus, even predicted exactly", () => {
  const [tie] = findTies([match("Semifinal Ida", 1, 2, s(0, 0)), match("Semifinal Vuelta", 2, 1, s(0, 0))]);
  expect(tieBonus(tie!, s(0, 0), s(0, 0))).toBe(0);
});

// --- finding the two-legged ties ----------------------------------------------------------------

test("tie rounds: a round's Ida and Vuelta phases share one; a legacy phase is its own; league phases have none", () => {
  expect(tieRound("Cuartos Ida")).toBe(tieRound("Cuartos Vuelta"));
  expect(tieRound("Semifinal Ida")).toBe(tieRound("SEMIFINAL  VUELTA"));
  expect(tieRound("Final Ida")).toBe(tieRound("Final Vuelta"));
  expect(tieRound("Cuartos Ida")).not.toBe(tieRound("Semifinal Ida"));
  // A legacy phase holding both legs is its own round, never the season's Ida/Vuelta pair.
  expect(tieRound("Final")).not.toBe(tieRound("Final Ida"));
  expect(tieRound("Cuartos de Final")).not.toBe(tieRound("Cuartos Ida"));
  expect(tieRound("Quarters")).not.toBe(tieRound("Cuartos Vuelta"));
  expect(tieRound("Semifinales")).toBe(tieRound("SEMIFINALES"));
  expect(tieRound("Jornada 17")).toBeNull();
});

test("a legacy phase beside the season's Ida/Vuelta phases: each keeps its own tie between the same teams", () => {
  // The original app's export holds 'Final' (both legs) between the teams that also meet in the
  // season's 'Final Ida' and 'Final Vuelta': four matches of one pair, two ties.
  const season = [match("Final Ida", 1, 2, s(1, 1)), match("Final Vuelta", 2, 1, s(0, 1))];
  const legacy = [
    match("Final", 1, 2, s(2, 0), { isFirstLeg: true }),
    match("Final", 2, 1, s(1, 1), { isFirstLeg: false }),
  ];
  const ties = findTies([...season, ...legacy]);
  expect(ties).toHaveLength(2);
  expect(ties).toContainEqual({ firstLeg: season[0], secondLeg: season[1] });
  expect(ties).toContainEqual({ firstLeg: legacy[0], secondLeg: legacy[1] });
});

test("the season's knockout phases pair the legs across 'Ida' and 'Vuelta' by teams, whatever their order", () => {
  const ida = [match("Cuartos Ida", 1, 2, s(1, 0)), match("Cuartos Ida", 3, 4, s(0, 0))];
  const vuelta = [match("Cuartos Vuelta", 4, 3, s(2, 2)), match("Cuartos Vuelta", 2, 1, s(1, 1))];
  const ties = findTies(
    [...vuelta, ...ida].map((m) => ({ ...m, phasePosition: m.phaseName.endsWith("Ida") ? 18 : 19 })),
  );
  expect(ties.map((t) => [t.firstLeg.id, t.secondLeg.id]).sort()).toEqual(
    [
      [ida[0]!.id, vuelta[1]!.id],
      [ida[1]!.id, vuelta[0]!.id],
    ].sort(),
  );
});

test("legacy phases ('Quarters', 'Semifinals', 'Final') hold both legs in ONE phase: legs are paired by teams", () => {
  const quarters = [
    match("Quarters", 1, 2, s(1, 0), { isFirstLeg: true }),
    match("Quarters", 3, 4, s(2, 2), { isFirstLeg: true }),
    match("Quarters", 5, 6, s(0, 1), { isFirstLeg: true }),
    match("Quarters", 7, 8, s(3, 1), { isFirstLeg: true }),
    match("Quarters", 2, 1, s(1, 1), { isFirstLeg: false }),
    match("Quarters", 4, 3, s(0, 0), { isFirstLeg: false }),
    match("Quarters", 6, 5, s(2, 0), { isFirstLeg: false }),
    match("Quarters", 8, 7, s(0, 0), { isFirstLeg: false }),
  ];
  const semis = [
    // No leg flags: the kickoff decides which leg is first.
    match("Semifinals", 2, 3, s(1, 1), { kickoffAt: "2024-05-19T02:00:00Z" }),
    match("Semifinals", 3, 2, s(0, 2), { kickoffAt: "2024-05-16T02:00:00Z" }),
  ];
  const final = [match("Final", 2, 9, s(0, 1)), match("Final", 9, 2, s(1, 1))]; // neither: the id decides
  const ties = findTies([...quarters.slice().reverse(), ...semis, ...final]);
  expect(ties).toHaveLength(6);
  const pairOf = (m: ScoredMatch) => ties.find((t) => t.firstLeg.id === m.id || t.secondLeg.id === m.id)!;
  for (let i = 0; i < 4; i++) {
    expect(pairOf(quarters[i]!)).toEqual({ firstLeg: quarters[i], secondLeg: quarters[i + 4] });
  }
  expect(pairOf(semis[0]!)).toEqual({ firstLeg: semis[1], secondLeg: semis[0] });
  expect(pairOf(final[0]!)).toEqual({ firstLeg: final[0], secondLeg: final[1] });
});

test("a round with 3 matches between the same teams is no tie (and earns no bonus)", () => {
  const matches = [
    match("Quarters", 1, 2, s(1, 0)),
    match("Quarters", 2, 1, s(1, 0)),
    match("Quarters", 1, 2, s(0, 0)),
    match("Quarters", 3, 4, s(1, 0)),
    match("Quarters", 4, 3, s(1, 0)),
  ];
  const ties = findTies(matches);
  expect(ties).toEqual([{ firstLeg: matches[3], secondLeg: matches[4] }]);
});

test("the same teams in different rounds, or a team still 'Por definir', make no tie", () => {
  expect(findTies([match("Cuartos Ida", 1, 2, s(1, 0)), match("Semifinal Vuelta", 2, 1, s(0, 0))])).toEqual([]);
  expect(findTies([match("Jornada 3", 1, 2, s(1, 0)), match("Jornada 12", 2, 1, s(0, 0))])).toEqual([]);
  expect(findTies([match("Final Ida", 1, 2), { ...match("Final Vuelta", 2, 1), awayTeamId: null }])).toEqual([]);
});
