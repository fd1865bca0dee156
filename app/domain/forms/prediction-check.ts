import { PREDICTION_MAX_GOALS } from "#app/domain/game/score";

import { PREDICTION_MESSAGES } from "./prediction-texts";

/**
 * The prediction form's boxes as the browser checks them before anything is sent, without Zod
 * (the server checks them again with the form's schema, prediction-form.ts), and the one problem
 * a refused form's toast tells, chosen here for both.
 */

/** What is wrong with one box: left blank where its match needs it, or not a score of 0–99. */
export type BoxProblemKind = "blank" | "range";

export interface BoxProblem {
  matchId: number;
  /** The box's field name: `home-12`, `away-12`. */
  box: string;
  problem: BoxProblemKind;
}

/** The message beside a box with this problem. */
export function boxMessage(problem: BoxProblemKind): string {
  return problem === "range" ? PREDICTION_MESSAGES.range : PREDICTION_MESSAGES.bothScores;
}

const GOALS = new RegExp(`^\\d{1,${String(PREDICTION_MAX_GOALS).length}}$`);

/**
 * One box as typed: null for a score of 0–99, "blank", or "range" (a negative, a fraction, too
 * many goals; `unreadable`: the browser could not read what was typed as a number at all).
 */
export function boxProblem(text: string, unreadable = false): BoxProblemKind | null {
  const value = text.trim();
  if (value === "") return unreadable ? "range" : "blank";
  return GOALS.test(value) && Number(value) <= PREDICTION_MAX_GOALS ? null : "range";
}

/** A match's two boxes as typed. */
export interface TypedMatch {
  matchId: number;
  home: { text: string; unreadable?: boolean };
  away: { text: string; unreadable?: boolean };
}

/**
 * Every problem of a form, box by box in the form's order, and how many matches it would save.
 * Where `partial` (the season's picks are editable), a match with both boxes blank is left for
 * later, not a problem; otherwise every match needs both scores (SPEC §8).
 */
export function formProblems(
  matches: readonly TypedMatch[],
  partial: boolean,
): { problems: BoxProblem[]; filled: number } {
  const problems: BoxProblem[] = [];
  let filled = 0;
  for (const { matchId, home, away } of matches) {
    const sides = [
      [`home-${matchId}`, boxProblem(home.text, home.unreadable)],
      [`away-${matchId}`, boxProblem(away.text, away.unreadable)],
    ] as const;
    if (partial && sides.every(([, problem]) => problem === "blank")) continue;
    filled++;
    for (const [box, problem] of sides) if (problem) problems.push({ matchId, box, problem });
  }
  return { problems, filled };
}

/**
 * The one problem a refused form's toast tells, the same in the browser and on the server: the
 * first score out of range, naming its match; else the first blank box, naming its match where a
 * player may save part of a jornada (`partial`), or in the original's words where every pending
 * match is needed (`named` false: no one match to name).
 */
export function headlineProblem(
  problems: readonly BoxProblem[],
  partial: boolean,
): { problem: BoxProblem; message: string; named: boolean } | null {
  const range = problems.find((problem) => problem.problem === "range");
  if (range) return { problem: range, message: PREDICTION_MESSAGES.range, named: true };
  const blank = problems[0];
  if (!blank) return null;
  return partial
    ? { problem: blank, message: PREDICTION_MESSAGES.bothScores, named: true }
    : { problem: blank, message: PREDICTION_MESSAGES.pending, named: false };
}
