import { z } from "zod";

import { goalsField, PREDICTION_MAX_GOALS } from "#app/domain/game/score";
import type { Score } from "#app/domain/game/scoring";

import type { FieldErrors } from "./form";
import { idField } from "./input";
import { boxMessage, headlineProblem, type BoxProblem } from "./prediction-check";
import { MAX_PREDICTIONS_PER_FORM, PREDICTION_MESSAGES } from "./prediction-texts";

/**
 * The prediction form of the home page and the pool pages: repeated `matchId` fields, and
 * `home-{id}` / `away-{id}` with the goals of each (0–99, SPEC §1).
 */

export interface Prediction extends Score {
  matchId: number;
}

const goals = goalsField({
  max: PREDICTION_MAX_GOALS,
  missing: PREDICTION_MESSAGES.bothScores,
  range: PREDICTION_MESSAGES.range,
});

const PredictionSchema = z.object({ matchId: idField(PREDICTION_MESSAGES.badMatch), home: goals, away: goals });

/**
 * A refused form: the toast's message, the message of every wrong box (by field name), and the
 * match the toast names (`message` is then that match's problem, for the caller to prefix with
 * its label: `namedProblem`, prediction-texts.ts).
 */
export type ParsedPredictions =
  { ok: true; picks: Prediction[] } | { ok: false; message: string; errors: FieldErrors; matchId?: number };

/** The form's fields read once: the match ids in order, and every box's text by field name. */
function readFields(form: FormData): { ids: Set<string>; boxes: Map<string, string> } | null {
  const ids = new Set<string>();
  const boxes = new Map<string, string>();
  for (const [key, value] of form) {
    if (typeof value !== "string") continue;
    if (key === "matchId") {
      ids.add(value);
      if (ids.size > MAX_PREDICTIONS_PER_FORM) return null;
    } else if ((key.startsWith("home-") || key.startsWith("away-")) && !boxes.has(key)) {
      boxes.set(key, value);
    }
  }
  return { ids, boxes };
}

/**
 * Reads the form once, in one pass over its fields (a lookup per id would scan the whole form
 * each time: a form of n ids would cost n²), and refuses it before anything else when it holds
 * more ids than a page can show. A match posted twice counts once. Where `partial` (the season's
 * picks are editable), a match with both boxes blank is left for later; otherwise every match
 * of the form needs both scores (SPEC §8). Every wrong box is reported, not only the first.
 */
export function parsePredictionsForm(form: FormData, { partial = false } = {}): ParsedPredictions {
  const fields = readFields(form);
  if (!fields) return { ok: false, message: PREDICTION_MESSAGES.tooMany, errors: {} };
  if (fields.ids.size === 0) return { ok: false, message: PREDICTION_MESSAGES.pending, errors: {} };
  const picks: Prediction[] = [];
  const problems: BoxProblem[] = [];
  for (const id of fields.ids) {
    const home = fields.boxes.get(`home-${id}`) ?? "";
    const away = fields.boxes.get(`away-${id}`) ?? "";
    if (partial && home.trim() === "" && away.trim() === "") continue;
    const parsed = PredictionSchema.safeParse({ matchId: id, home, away });
    if (parsed.success) {
      picks.push(parsed.data);
      continue;
    }
    const issues = parsed.error.issues;
    if (issues.some((issue) => issue.path[0] === "matchId")) {
      return { ok: false, message: PREDICTION_MESSAGES.badMatch, errors: {} };
    }
    // A box's first issue says what is wrong with it (a blank one fails the range check too).
    for (const side of ["home", "away"] as const) {
      const issue = issues.find((each) => each.path[0] === side);
      if (!issue) continue;
      const problem = issue.message === PREDICTION_MESSAGES.range ? "range" : "blank";
      problems.push({ matchId: Number(id), box: `${side}-${id}`, problem });
    }
  }
  const headline = headlineProblem(problems, partial);
  if (headline) {
    const errors: FieldErrors = {};
    for (const { box, problem } of problems) errors[box] = boxMessage(problem);
    return {
      ok: false,
      message: headline.message,
      errors,
      ...(headline.named && { matchId: headline.problem.matchId }),
    };
  }
  if (picks.length === 0) return { ok: false, message: PREDICTION_MESSAGES.nothing, errors: {} };
  return { ok: true, picks };
}
