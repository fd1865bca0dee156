import type { Score } from "#app/domain/game/scoring";

/** A seeded pseudo-random generator (mulberry32): the same seed gives the same sequence. */
export type Rng = () => number;

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable 32-bit seed from a text (FNV-1a), to give each user their own sequence. */
export function seedFrom(text: string, base = 0): number {
  let hash = (0x811c9dc5 ^ base) >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** What people type in a pool: mostly 0–3 goals, home wins a little more likely. [home, away, weight] */
const SCORELINES: readonly (readonly [number, number, number])[] = [
  [1, 0, 14],
  [2, 1, 14],
  [1, 1, 13],
  [2, 0, 10],
  [1, 2, 10],
  [0, 1, 9],
  [0, 0, 8],
  [0, 2, 6],
  [2, 2, 5],
  [3, 1, 5],
  [3, 0, 3],
  [1, 3, 3],
  [3, 2, 2],
  [2, 3, 1.5],
  [0, 3, 1.5],
  [3, 3, 0.5],
  [4, 1, 0.5],
];

const outcome = (score: Score) => Math.sign(score.home - score.away);

function weightedScoreline(rng: Rng, lines: readonly (readonly [number, number, number])[]): Score {
  const total = lines.reduce((sum, line) => sum + line[2], 0);
  let roll = rng() * total;
  for (const [home, away, weight] of lines) {
    roll -= weight;
    if (roll < 0) return { home, away };
  }
  const last = lines[lines.length - 1] ?? [1, 1];
  return { home: last[0], away: last[1] };
}

/**
 * A plausible pick for a match whose real result is known. `skill` (0–1) raises the chance of
 * the exact score (5–20 %) and of the right outcome, so standings spread out; the rest is a
 * typical scoreline, which is sometimes right by luck.
 */
export function plausiblePrediction(rng: Rng, skill: number, real: Score | null): Score {
  const roll = rng();
  if (real && roll < 0.05 + 0.15 * skill) return { home: real.home, away: real.away };
  if (real && roll < 0.3 + 0.35 * skill) {
    const sameOutcome = SCORELINES.filter(
      ([home, away]) => outcome({ home, away }) === outcome(real) && (home !== real.home || away !== real.away),
    );
    if (sameOutcome.length > 0) return weightedScoreline(rng, sameOutcome);
  }
  return weightedScoreline(rng, SCORELINES);
}

/** `count` distinct indexes below `size`, chosen with the generator. */
export function predictionIndexes(rng: Rng, size: number, count: number): Set<number> {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, size)) chosen.add(Math.floor(rng() * size));
  return chosen;
}
