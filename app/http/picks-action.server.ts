import type { Kysely } from "kysely";
import { savePredictions } from "#app/data/predictions/save-predictions.server";
import type { Database } from "#app/data/engine/schema";
import { currentSeason, type SeasonView } from "#app/data/seasons/current-season.server";
import { parsePredictionsForm } from "#app/domain/forms/prediction-form";
import { errorToast, successToast, type Toast } from "#app/ui/feedback/Toasts";

/** The toast of a saved prediction form (the bench's rush checks every answer for it). */
export const PREDICTIONS_SAVED = "Tus predicciones han sido guardadas";

/**
 * A submitted prediction form (home page or pool page) → the answer the page shows. The form is
 * read and checked first (domain/forms/prediction-form.ts); only then is the database asked.
 * `allowedMatchIds` narrows the matches a page may save (a pool's own); `season`, the current
 * season when the caller has read it already (read here otherwise).
 */
export async function submitPredictions(
  db: Kysely<Database>,
  userId: string,
  form: FormData,
  { allowedMatchIds, season }: { allowedMatchIds?: () => Promise<ReadonlySet<number>>; season?: SeasonView } = {},
): Promise<{ status: number; toast: Toast }> {
  const parsed = parsePredictionsForm(form);
  if (!parsed.ok) return { status: 400, toast: errorToast(parsed.message) };
  if (allowedMatchIds) {
    const allowed = await allowedMatchIds();
    if (parsed.picks.some((prediction) => !allowed.has(prediction.matchId))) {
      return {
        status: 400,
        toast: errorToast("No se pudieron guardar tus predicciones. El partido no pertenece a esta quiniela."),
      };
    }
  }
  const result = await savePredictions(db, userId, parsed.picks, season ?? (await currentSeason(db)));
  if (!result.ok) {
    return { status: 409, toast: errorToast(`No se pudieron guardar tus predicciones. ${result.message}.`) };
  }
  return { status: 200, toast: successToast(PREDICTIONS_SAVED) };
}
