import { describe, expect, test } from "vitest";

import { CHART_SIZE, placeLabel, seasonChart } from "./season-chart";

const course = (userId: string, places: number[]) => ({
  userId,
  name: userId,
  positions: places.map((place) => ({ place, points: 0 })),
});

describe("seasonChart", () => {
  test("first place at the top, the lowest place reached at the bottom; jornadas from left to right", () => {
    const chart = seasonChart(3, [course("ana", [1, 2, 1]), course("beto", [4, 1, 2])], null);
    const [ana, beto] = chart.lines;
    expect(ana!.points.map((p) => p.y)).toEqual([chart.plot.top, expect.any(Number), chart.plot.top]);
    expect(beto!.points[0]!.y).toBe(chart.plot.bottom);
    expect(ana!.points.map((p) => p.x)).toEqual([
      chart.plot.left,
      (chart.plot.left + chart.plot.right) / 2,
      chart.plot.right,
    ]);
    // Place 2 a third of the way down from 1 to 4.
    expect(ana!.points[1]!.y).toBeCloseTo(chart.plot.top + (chart.plot.bottom - chart.plot.top) / 3, 0);
    expect(ana!.path).toBe(ana!.points.map((p, i) => `${i === 0 ? "M" : "L"}${p.x} ${p.y}`).join(" "));
  });

  test("the focused line is marked and drawn last, on top; the others keep their order and colour", () => {
    const chart = seasonChart(2, [course("ana", [1, 1]), course("tu", [3, 2]), course("beto", [2, 3])], "tu");
    expect(chart.lines.map((line) => [line.userId, line.focused, line.index])).toEqual([
      ["ana", false, 0],
      ["beto", false, 2],
      ["tu", true, 1],
    ]);
    expect(seasonChart(2, [course("ana", [1, 1])], "nadie").lines.every((line) => !line.focused)).toBe(true);
  });

  test("one jornada: a point in the middle; everyone first: all at the top", () => {
    const chart = seasonChart(1, [course("ana", [1]), course("beto", [1])], null);
    expect(chart.lines.map((line) => line.points)).toEqual([
      [{ x: (chart.plot.left + chart.plot.right) / 2, y: chart.plot.top }],
      [{ x: (chart.plot.left + chart.plot.right) / 2, y: chart.plot.top }],
    ]);
    expect(chart.yTicks).toEqual([{ at: chart.plot.top, label: "1" }]);
    expect(chart.xTicks.map((tick) => tick.label)).toEqual(["1"]);
  });

  test("labels thin out on long seasons and big tables, always with the first and the last", () => {
    const chart = seasonChart(
      17,
      [
        course(
          "ana",
          Array.from({ length: 17 }, (_, i) => i + 1),
        ),
        course("x", [10_000]),
      ],
      null,
    );
    expect(chart.xTicks.map((tick) => tick.label)).toEqual(["1", "3", "5", "7", "9", "11", "13", "15", "17"]);
    const places = chart.yTicks.map((tick) => Number(tick.label));
    expect(places[0]).toBe(1);
    expect(places.at(-1)).toBe(10_000);
    expect(places.length).toBeLessThanOrEqual(5);
    expect(places).toEqual([1, 5000, 10_000]);
    expect(seasonChart(2, [course("ana", [1, 19])], null).yTicks.map((tick) => tick.label)).toEqual([
      "1",
      "5",
      "10",
      "15",
      "19",
    ]);
    expect(seasonChart(10, [course("ana", [1])], null).xTicks.map((tick) => tick.label)).toEqual([
      "1",
      "3",
      "5",
      "7",
      "10",
    ]);
  });

  test("everything inside the viewBox", () => {
    const chart = seasonChart(5, [course("ana", [1, 5, 9, 2, 3]), course("beto", [9, 8, 7, 6, 5])], "ana");
    expect([chart.width, chart.height]).toEqual([CHART_SIZE.width, CHART_SIZE.height]);
    for (const point of chart.lines.flatMap((line) => line.points)) {
      expect(point.x).toBeGreaterThanOrEqual(chart.plot.left);
      expect(point.x).toBeLessThanOrEqual(chart.plot.right);
      expect(point.y).toBeGreaterThanOrEqual(chart.plot.top);
      expect(point.y).toBeLessThanOrEqual(chart.plot.bottom);
    }
  });
});

test("placeLabel", () => {
  expect(placeLabel(1)).toBe("1.º");
  expect(placeLabel(12)).toBe("12.º");
});
