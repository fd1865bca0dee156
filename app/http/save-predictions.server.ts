import type { Kysely } from "kysely";

import type { Database } from "#app/data/engine/schema";
import { savePredictions } from "#app/data/predictions/save-predictions.server";
import { currentSeason, type SeasonView } from "#app/data/seasons/current-season.server";
import { parsePredictionsForm } from "#app/domain/forms/prediction-form";

/** The toast of a saved prediction form (the bench's rush checks every answer for it). */
export const PREDICTIONS_SAVED = "Tus predicciones han sido guardadas";

/**
 * A submitted prediction form's outcome (home page or pool page): whether it was saved, the
 * status that says so (400: the form or a match not the page's; 409: the database refused), and
 * the message its toast shows. The route answers it, with its page when saved.
 */
export type PredictionsSaved =
  { ok: true; status: 200; message: string } | { ok: false; status: 400 | 409; message: string };

/**
 * Saves a submitted prediction form. The form is read and checked first
 * (domain/forms/prediction-form.ts); only then is the database asked. `allowedMatchIds` narrows
 * the matches a page may save (a pool's own); `season`, the current season when the caller has
 * read it already (read here otherwise).
 */
export async function savePredictionForm(
  db: Kysely<Database>,
  userId: string,
  form: FormData,
  { allowedMatchIds, season }: { allowedMatchIds?: () => Promise<ReadonlySet<number>>; season?: SeasonView } = {},
): Promise<PredictionsSaved> {
  const parsed = parsePredictionsForm(form);
  if (!parsed.ok) return { ok: false, status: 400, message: parsed.message };
  if (allowedMatchIds) {
    const allowed = await allowedMatchIds();
    if (parsed.picks.some((prediction) => !allowed.has(prediction.matchId))) {
      return {
        ok: false,
        status: 400,
        message: "No se pudieron guardar tus predicciones. El partido no pertenece a esta quiniela.",
      };
    }
  }
  const result = await savePredictions(db, userId, parsed.picks, season ?? (await currentSeason(db)));
  if (!result.ok)
    return { ok: false, status: 409, message: `No se pudieron guardar tus predicciones. ${result.message}.` };
  return { ok: true, status: 200, message: PREDICTIONS_SAVED };
}
