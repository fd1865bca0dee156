import { PREDICTION_MAX_GOALS } from "#app/domain/game/score";

/**
 * The prediction form's limit and messages, without its schema: the form in the browser reads
 * them (the message of a blank score, before the form is sent) without shipping Zod.
 */

/**
 * More picks than any phase or pool can show at once (a whole season is 170 matches): a bigger
 * form is no person's, and is refused before any work.
 */
export const MAX_PREDICTIONS_PER_FORM = 400;

export const PREDICTION_MESSAGES = {
  pending: "Debes predecir todos los partidos pendientes",
  range: `Los goles deben ser un número entero entre 0 y ${PREDICTION_MAX_GOALS}`,
  badMatch: "El partido no existe",
  tooMany: `No se pueden guardar más de ${MAX_PREDICTIONS_PER_FORM} pronósticos a la vez`,
} as const;
