import { describe, expect, test } from "vitest";

import { countScores, pickShares, sharesLabel, sharesParts, wholePercents } from "./pick-shares";

const picks = (...scores: string[]) =>
  scores.map((score) => {
    const [home, away] = score.split("-").map(Number) as [number, number];
    return { home, away };
  });

const sharesOf = (...scores: string[]) => pickShares(countScores(picks(...scores)));

describe("wholePercents", () => {
  test("add up to 100 by the largest remainder", () => {
    expect(wholePercents([1, 1, 1])).toEqual([34, 33, 33]);
    expect(wholePercents([2, 2, 2, 1])).toEqual([29, 29, 28, 14]);
    expect(wholePercents([11, 5, 4])).toEqual([55, 25, 20]);
    // 66.67, 16.67, 16.67: two points left, the remainders equal: the larger count, then the earlier.
    expect(wholePercents([4, 1, 1])).toEqual([67, 17, 16]);
    expect(wholePercents([1, 1, 4])).toEqual([17, 16, 67]);
  });

  test("on equal remainders the larger count gets the point, then the earlier one", () => {
    // 1/7 = 14.28…, 3/7 = 42.85…, 3/7: remainders 0.28, 0.85, 0.85 → two points left (100 - 98).
    expect(wholePercents([1, 3, 3])).toEqual([14, 43, 43]);
    expect(wholePercents([1, 1, 0])).toEqual([50, 50, 0]);
    expect(wholePercents([0, 1, 2])).toEqual([0, 33, 67]);
  });

  test("always 100 for any counts", () => {
    for (let a = 0; a < 12; a++)
      for (let b = 0; b < 12; b++)
        for (let c = 1; c < 12; c++) expect(wholePercents([a, b, c]).reduce((x, y) => x + y)).toBe(100);
  });

  test("nothing counted: all 0", () => {
    expect(wholePercents([0, 0, 0])).toEqual([0, 0, 0]);
  });
});

describe("pickShares", () => {
  test("the issue's example: 11 home wins, 5 draws, 4 away wins, 2 - 1 the most picked", () => {
    const twenty = [
      ...Array<string>(6).fill("2-1"),
      ...Array<string>(5).fill("1-0"),
      ...Array<string>(3).fill("1-1"),
      ...Array<string>(2).fill("0-0"),
      ...Array<string>(4).fill("0-2"),
    ];
    const shares = sharesOf(...twenty);
    expect(shares).toEqual({
      total: 20,
      home: 55,
      draw: 25,
      away: 20,
      mostPicked: [{ home: 2, away: 1 }],
      moreTied: 0,
    });
    expect(sharesLabel(shares)).toBe("Local 55 % · Empate 25 % · Visitante 20 % · Más elegido: 2 - 1");
  });

  test("tied scores are all named, fewest goals first (home win before draw before away win)", () => {
    expect(sharesLabel(sharesOf("2-1", "1-1", "2-1", "1-1", "3-0"))).toBe(
      "Local 60 % · Empate 40 % · Visitante 0 % · Más elegido: 1 - 1 y 2 - 1",
    );
    expect(sharesOf("0-1", "1-0", "0-0").mostPicked).toEqual(picks("0-0", "1-0", "0-1"));
    expect(sharesLabel(sharesOf("0-1", "1-0", "0-0"))).toBe(
      "Local 34 % · Empate 33 % · Visitante 33 % · Más elegido: 0 - 0, 1 - 0 y 0 - 1",
    );
  });

  test("past three tied scores, the rest are counted", () => {
    const shares = sharesOf("3-0", "0-0", "2-2", "1-0", "0-3");
    expect(shares.mostPicked).toEqual(picks("0-0", "1-0", "3-0"));
    expect(shares.moreTied).toBe(2);
    expect(sharesParts(shares).at(-1)).toBe("Más elegido: 0 - 0, 1 - 0, 3 - 0 y 2 más");
  });

  test("one pick is the whole of its outcome", () => {
    expect(sharesLabel(sharesOf("0-2"))).toBe("Local 0 % · Empate 0 % · Visitante 100 % · Más elegido: 0 - 2");
  });

  test("no picks at all: 'Sin pronósticos'", () => {
    const shares = pickShares([]);
    expect(shares).toMatchObject({ total: 0, home: 0, draw: 0, away: 0, mostPicked: [], moreTied: 0 });
    expect(sharesLabel(shares)).toBe("Sin pronósticos");
    // A stored count that fell to zero counts as nothing.
    expect(sharesLabel(pickShares([{ home: 1, away: 0, count: 0 }]))).toBe("Sin pronósticos");
  });

  test("counts read from storage give what the single picks give", () => {
    expect(
      pickShares([
        { home: 1, away: 0, count: 7 },
        { home: 0, away: 0, count: 2 },
        { home: 1, away: 2, count: 1 },
      ]),
    ).toEqual(sharesOf(...Array<string>(7).fill("1-0"), "0-0", "0-0", "1-2"));
  });
});
