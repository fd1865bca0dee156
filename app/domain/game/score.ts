import { z } from "zod";

/** A score: goals of the home team and of the away team. */
export interface Score {
  home: number;
  away: number;
}

/** A prediction's goals per team (SPEC §1: 0–99). */
export const PREDICTION_MAX_GOALS = 99;
/** An official result's goals per team (the admin's screens and the results file). */
export const RESULT_MAX_GOALS = 20;

/**
 * The one goals rule: a whole number from 0 to `max` given as text (a form field), `missing`
 * when empty, `range` otherwise.
 */
export function goalsField({ max, missing, range }: { max: number; missing: string; range: string }) {
  const digits = new RegExp(`^\\d{1,${String(max).length}}$`);
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .regex(digits, range)
    .transform(Number)
    .pipe(z.number().int().max(max, range));
}

/** The same rule for a value already read (a results file's cell): its goals, or why not. */
export function goalsOrProblem(text: string, max = RESULT_MAX_GOALS): number | "bad" | "range" | null {
  const value = text.trim();
  if (value === "") return null;
  if (!/^-?\d+$/.test(value)) return "bad";
  const number = Number(value);
  return number < 0 || number > max ? "range" : number;
}
