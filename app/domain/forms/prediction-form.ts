import { z } from "zod";

import { goalsField, PREDICTION_MAX_GOALS } from "#app/domain/game/score";
import type { Score } from "#app/domain/game/scoring";

import { idField } from "./input";
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
  missing: PREDICTION_MESSAGES.pending,
  range: PREDICTION_MESSAGES.range,
});

const PredictionSchema = z.object({ matchId: idField(PREDICTION_MESSAGES.badMatch), home: goals, away: goals });

export type ParsedPredictions = { ok: true; picks: Prediction[] } | { ok: false; message: string };

/**
 * Reads the form once, in one pass over its fields (a lookup per id would scan the whole form
 * each time: a form of n ids would cost n²), and refuses it before anything else when it holds
 * more ids than a page can show. A match posted twice counts once.
 */
export function parsePredictionsForm(form: FormData): ParsedPredictions {
  const ids = new Set<string>();
  const goalsByField = new Map<string, string>();
  for (const [key, value] of form) {
    if (typeof value !== "string") continue;
    if (key === "matchId") {
      ids.add(value);
      if (ids.size > MAX_PREDICTIONS_PER_FORM) return { ok: false, message: PREDICTION_MESSAGES.tooMany };
    } else if ((key.startsWith("home-") || key.startsWith("away-")) && !goalsByField.has(key)) {
      goalsByField.set(key, value);
    }
  }
  if (ids.size === 0) return { ok: false, message: PREDICTION_MESSAGES.pending };
  const predictions: Prediction[] = [];
  for (const id of ids) {
    const parsed = PredictionSchema.safeParse({
      matchId: id,
      home: goalsByField.get(`home-${id}`) ?? "",
      away: goalsByField.get(`away-${id}`) ?? "",
    });
    if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? PREDICTION_MESSAGES.pending };
    predictions.push(parsed.data);
  }
  return { ok: true, picks: predictions };
}
