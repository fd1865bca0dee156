import { PREDICTION_MAX_GOALS } from "#app/domain/game/score";

/**
 * The prediction form's limit and messages, without its schema: the form in the browser reads
 * them (the messages of a blank or out-of-range score, before the form is sent) without shipping
 * Zod.
 */

/**
 * More picks than any phase or pool can show at once (a whole season is 170 matches): a bigger
 * form is no person's, and is refused before any work.
 */
export const MAX_PREDICTIONS_PER_FORM = 400;

export const PREDICTION_MESSAGES = {
  /** Where picks are final, a form with a box left blank (the original's words). */
  pending: "Debes predecir todos los partidos pendientes",
  /** A box's own message: its score is not 0–99. */
  range: `Los goles deben ser un número entero entre 0 y ${PREDICTION_MAX_GOALS}`,
  /** A box's own message: it is blank, and its match needs both scores. */
  bothScores: "Escribe los dos marcadores",
  /** Where picks are editable, a form with every box blank. */
  nothing: "Escribe al menos un pronóstico para guardar",
  badMatch: "El partido no existe",
  tooMany: `No se pueden guardar más de ${MAX_PREDICTIONS_PER_FORM} pronósticos a la vez`,
} as const;

/** 'Chivas vs América: los goles deben ser…': a box's message, naming its match for a toast. */
export function namedProblem(matchLabel: string, message: string): string {
  return `${matchLabel}: ${message.charAt(0).toLowerCase()}${message.slice(1)}`;
}
