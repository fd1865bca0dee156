import { expect, test } from "vitest";

import { DEFAULT_RULES, rulesText, scoredResult, scoreLabel } from "./season-rules";

const s = (home: number, away: number) => ({ home, away });

test("the scored result: after 90 minutes by default, after extra time when the season says so and it was played", () => {
  const scores = { result: s(1, 1), extraTime: s(2, 1), penalties: null };
  expect(scoredResult(scores, { knockoutScore: "90" })).toEqual(s(1, 1));
  expect(scoredResult(scores, { knockoutScore: "tiempo_extra" })).toEqual(s(2, 1));
  // No extra time played: the 90 minutes, whatever the rule; no result: none.
  expect(
    scoredResult({ result: s(0, 2), extraTime: null, penalties: null }, { knockoutScore: "tiempo_extra" }),
  ).toEqual(s(0, 2));
  expect(scoredResult({ result: null, extraTime: null, penalties: null }, { knockoutScore: "90" })).toBeNull();
  // Penalties never decide a pick's points.
  expect(
    scoredResult({ result: s(1, 1), extraTime: s(1, 1), penalties: s(3, 4) }, { knockoutScore: "tiempo_extra" }),
  ).toEqual(s(1, 1));
});

test("a match card's score: after extra time when played, the shoot-out in brackets", () => {
  expect(scoreLabel({ result: s(2, 0), extraTime: null, penalties: null })).toBe("2 - 0");
  expect(scoreLabel({ result: s(1, 1), extraTime: s(1, 1), penalties: s(3, 4) })).toBe("1 - 1 (3 - 4 pen.)");
  expect(scoreLabel({ result: s(0, 0), extraTime: null, penalties: s(5, 4) })).toBe("0 - 0 (5 - 4 pen.)");
  expect(scoreLabel({ result: s(1, 1), extraTime: s(2, 1), penalties: null })).toBe("2 - 1 t.e.");
  expect(scoreLabel({ result: null, extraTime: null, penalties: null })).toBeNull();
});

test("'¿Cómo se juega?' says the season's points, and the bonus and knockout rule only where they apply", () => {
  const liga = rulesText(DEFAULT_RULES, { hasTwoLegTies: true, hasSingleKnockouts: false });
  expect(liga).toContain("Marcador exacto: 3 puntos. Aciertas el ganador o el empate: 1 punto.");
  expect(liga.some((line) => line.includes("2 puntos extra"))).toBe(true);
  expect(liga.some((line) => line.includes("Eliminatorias a un partido"))).toBe(false);
  expect(liga).toContain("Una vez guardados, tus pronósticos son definitivos: ya no se pueden modificar.");

  const mundial = rulesText(
    { pointsExact: 5, pointsOutcome: 2, twoLegBonus: false, knockoutScore: "tiempo_extra", editablePicks: true },
    { hasTwoLegTies: false, hasSingleKnockouts: true },
  );
  expect(mundial).toContain("Marcador exacto: 5 puntos. Aciertas el ganador o el empate: 2 puntos.");
  expect(mundial.some((line) => line.includes("2 puntos extra"))).toBe(false);
  expect(mundial.some((line) => line.includes("cuenta el marcador al final del tiempo extra"))).toBe(true);
  expect(mundial).toContain("Puedes cambiar tus pronósticos hasta que comience cada partido.");
});
