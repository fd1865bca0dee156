import { describe, expect, test } from "vitest";

import { bestPhase, countWithShare, currentRun, percentOf, runInWords, scoredInWords } from "./player-season";

const phase = (phaseId: number, points: number, exactHits = 0, outcomeHits = 0) => ({
  phaseId,
  phaseName: `Jornada ${phaseId}`,
  points,
  exactHits,
  outcomeHits,
});

describe("shares of the scored predictions", () => {
  test("a whole percentage, rounded; none of nothing", () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(9, 9)).toBe(100);
    expect(percentOf(0, 9)).toBe(0);
    expect(percentOf(0, 0)).toBeNull();
  });

  test("in words: the count and its share, the count alone without scored predictions", () => {
    expect(countWithShare(7, 20)).toBe("7 (35%)");
    expect(countWithShare(0, 0)).toBe("0");
    expect(scoredInWords(1)).toBe("de 1 pronóstico con resultado");
    expect(scoredInWords(12)).toBe("de 12 pronósticos con resultado");
  });
});

describe("bestPhase", () => {
  test("most points wins", () => {
    expect(bestPhase([phase(1, 4), phase(2, 9), phase(3, 7)])?.phaseId).toBe(2);
  });

  test("on equal points the tie-break decides (exact hits, then right outcomes), then the earlier jornada", () => {
    expect(bestPhase([phase(1, 9, 1, 7), phase(2, 9, 3, 3)])?.phaseId).toBe(2);
    expect(bestPhase([phase(1, 9, 1, 6), phase(2, 9, 1, 7)])?.phaseId).toBe(2);
    expect(bestPhase([phase(1, 9, 1, 7), phase(2, 9, 1, 7)])?.phaseId).toBe(1);
  });

  test("none without a point", () => {
    expect(bestPhase([phase(1, 0), phase(2, 0)])).toBeNull();
    expect(bestPhase([])).toBeNull();
  });
});

describe("currentRun", () => {
  const points = (entries: [number, number][]) => new Map(entries);

  test("counts back from the last completed jornada while the player scored", () => {
    expect(
      currentRun(
        [1, 2, 3, 4],
        points([
          [1, 3],
          [2, 0],
          [3, 1],
          [4, 5],
        ]),
      ),
    ).toBe(2);
    expect(
      currentRun(
        [1, 2, 3],
        points([
          [1, 3],
          [2, 1],
          [3, 5],
        ]),
      ),
    ).toBe(3);
  });

  test("a last jornada without points (or without a pick) ends it at 0", () => {
    expect(
      currentRun(
        [1, 2],
        points([
          [1, 3],
          [2, 0],
        ]),
      ),
    ).toBe(0);
    expect(currentRun([1, 2], points([[1, 3]]))).toBe(0);
    expect(currentRun([], points([]))).toBe(0);
  });

  test("in words", () => {
    expect(runInWords(0)).toBe("sin puntos en la última jornada");
    expect(runInWords(1)).toBe("jornada con puntos");
    expect(runInWords(4)).toBe("jornadas seguidas con puntos");
  });
});
