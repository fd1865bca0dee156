import type { Kysely } from "kysely";

import type { Database } from "#app/data/engine/schema";
import { matchLabelOf, savePredictions } from "#app/data/predictions/save-predictions.server";
import { currentSeason, type SeasonView } from "#app/data/seasons/current-season.server";
import type { FieldErrors } from "#app/domain/forms/form";
import { parsePredictionsForm } from "#app/domain/forms/prediction-form";
import { namedProblem } from "#app/domain/forms/prediction-texts";

/** The toast of a saved prediction form (the bench's rush checks every answer for it). */
export const PREDICTIONS_SAVED = "Tus predicciones han sido guardadas";

/**
 * A submitted prediction form's outcome (home page or pool page): whether it was saved, the
 * status that says so (400: the form or a match not the page's; 409: the database refused), the
 * message its toast shows, and the message of every wrong box (by field name). The route answers
 * it, with its page when saved.
 */
export type PredictionsSaved =
  | { ok: true; status: 200; message: string; errors: FieldErrors }
  | { ok: false; status: 400 | 409; message: string; errors: FieldErrors };

/**
 * Saves a submitted prediction form. The form is read and checked first, under the current
 * season's rule (domain/forms/prediction-form.ts: where its picks are editable, a match left
 * blank waits); only then is the database asked. A refusal that names a match is told with its
 * teams. `allowedMatchIds` narrows the matches a page may save (a pool's own); `season`, the
 * current season when the caller has read it already (read here otherwise).
 */
export async function savePredictionForm(
  db: Kysely<Database>,
  userId: string,
  form: FormData,
  { allowedMatchIds, season }: { allowedMatchIds?: () => Promise<ReadonlySet<number>>; season?: SeasonView } = {},
): Promise<PredictionsSaved> {
  const current = season ?? (await currentSeason(db));
  const parsed = parsePredictionsForm(form, { partial: current.rules.editablePicks });
  if (!parsed.ok) {
    const label = parsed.matchId === undefined ? null : await matchLabelOf(db, parsed.matchId);
    const message = label === null ? parsed.message : namedProblem(label, parsed.message);
    return { ok: false, status: 400, message, errors: parsed.errors };
  }
  if (allowedMatchIds) {
    const allowed = await allowedMatchIds();
    if (parsed.picks.some((prediction) => !allowed.has(prediction.matchId))) {
      return {
        ok: false,
        status: 400,
        message: "No se pudieron guardar tus predicciones. El partido no pertenece a esta quiniela.",
        errors: {},
      };
    }
  }
  const result = await savePredictions(db, userId, parsed.picks, current);
  if (!result.ok) {
    return {
      ok: false,
      status: 409,
      message: `No se pudieron guardar tus predicciones. ${result.message}.`,
      errors: {},
    };
  }
  return { ok: true, status: 200, message: PREDICTIONS_SAVED, errors: {} };
}
