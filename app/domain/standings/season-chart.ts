/**
 * The geometry of 'Evolución de la temporada' (issue 46): each player's place in the season's
 * table after each completed jornada, as lines on a plot where x is the jornada (first on the
 * left) and y the place (1 at the top). Pure numbers in the SVG's own units (its viewBox); the
 * component (ui/standings/SeasonChart.tsx) draws them, the server renders it, no script draws it.
 */

/** A player's place and cumulative points when a jornada ended. */
export interface PlaceThen {
  place: number;
  points: number;
}

/** One player's course: a place for each completed jornada, in order. */
export interface CourseLine {
  userId: string;
  name: string;
  positions: readonly PlaceThen[];
}

export interface ChartPoint {
  x: number;
  y: number;
}

export interface ChartLine {
  userId: string;
  name: string;
  /** The viewer's (or the page's player's) line: drawn thicker, on top, with a label. */
  focused: boolean;
  /** Its index among the lines (its colour); the focused one keeps its own. */
  index: number;
  points: ChartPoint[];
  /** The SVG path through its points. */
  path: string;
}

export interface ChartTick {
  /** Where on its axis (x for a jornada, y for a place). */
  at: number;
  label: string;
}

export interface ChartGeometry {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  /** The jornadas along the bottom (1, 2, …; fewer labels when there are many). */
  xTicks: ChartTick[];
  /** Places up the side, 1 at the top. */
  yTicks: ChartTick[];
  /** Other lines first, the focused one last (drawn on top). */
  lines: ChartLine[];
}

/** The viewBox: about a phone's width, so that its text stays readable there. */
export const CHART_SIZE = { width: 400, height: 240 } as const;
/** The right margin holds a short label beside the marked line's last point ('tú'). */
const MARGIN = { left: 34, right: 30, top: 14, bottom: 30 } as const;
/** At most this many jornada labels along the bottom. */
const MAX_X_LABELS = 9;
/** At most this many place labels up the side. */
const MAX_Y_LABELS = 5;

const round = (n: number) => Math.round(n * 10) / 10;

/** Every `step`-th of 1…n, always with the first and the last. */
function spaced(n: number, most: number): number[] {
  if (n <= most) return Array.from({ length: n }, (_, i) => i + 1);
  const step = Math.ceil((n - 1) / (most - 1));
  const picked: number[] = [];
  for (let value = 1; value < n; value += step) picked.push(value);
  // The last label replaces one that would crowd it.
  if (n - picked.at(-1)! < step) picked.pop();
  return [...picked, n];
}

/** 1, then round numbers (multiples of 1, 2 or 5 × 10ⁿ) up to n, and n itself: at most `most`. */
function roundSteps(n: number, most: number): number[] {
  if (n <= most) return Array.from({ length: n }, (_, i) => i + 1);
  const rough = n / (most - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((f) => f * power).find((candidate) => candidate >= rough)!;
  const picked = [1];
  for (let value = step; value < n; value += step) picked.push(value);
  // The last label replaces one that would crowd it.
  if (n - picked.at(-1)! < step / 2 && picked.length > 1) picked.pop();
  return [...picked, n];
}

/**
 * The chart of some players' courses over `phaseCount` completed jornadas; `focusId` marks one
 * line (or none). The place axis runs from 1 to the lowest place any line reaches.
 */
export function seasonChart(phaseCount: number, courses: readonly CourseLine[], focusId: string | null): ChartGeometry {
  const { width, height } = CHART_SIZE;
  const plot = { left: MARGIN.left, right: width - MARGIN.right, top: MARGIN.top, bottom: height - MARGIN.bottom };
  const lowest = Math.max(1, ...courses.flatMap((course) => course.positions.map((then) => then.place)));
  // One jornada sits in the middle; more spread from edge to edge.
  const x = (i: number) =>
    round(
      phaseCount <= 1 ? (plot.left + plot.right) / 2 : plot.left + ((plot.right - plot.left) * i) / (phaseCount - 1),
    );
  const y = (place: number) =>
    round(lowest === 1 ? plot.top : plot.top + ((plot.bottom - plot.top) * (place - 1)) / (lowest - 1));
  const lines = courses.map((course, index): ChartLine => {
    const points = course.positions.slice(0, phaseCount).map((then, i) => ({ x: x(i), y: y(then.place) }));
    return {
      userId: course.userId,
      name: course.name,
      focused: course.userId === focusId,
      index,
      points,
      path: points.map((point, i) => `${i === 0 ? "M" : "L"}${point.x} ${point.y}`).join(" "),
    };
  });
  return {
    width,
    height,
    plot,
    xTicks: spaced(phaseCount, MAX_X_LABELS).map((n) => ({ at: x(n - 1), label: String(n) })),
    yTicks: roundSteps(lowest, MAX_Y_LABELS).map((place) => ({ at: y(place), label: String(place) })),
    lines: [...lines.filter((line) => !line.focused), ...lines.filter((line) => line.focused)],
  };
}

/** A place as the chart's table says it: '1.º'. */
export const placeLabel = (place: number): string => `${place}.º`;
