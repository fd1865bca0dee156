import type { Kysely } from "kysely";
import { z } from "zod";
import { formatKickoff } from "#app/domain/dates";
import type { PredictionMatch } from "#app/domain/match";
import { LOCK_MESSAGES, lockReason } from "#app/domain/locking";
import { errorToast, successToast, type Toast } from "#app/ui/toast";
import { listMatches } from "./matches.server";
import { picksOfUser, savePicks } from "./predictions.server";
import type { Database } from "./schema";

/**
 * The prediction form shared by the home page and the pool pages: what it shows a user, and
 * what happens when they submit it.
 */
export async function predictionMatches(
  db: Kysely<Database>,
  userId: string,
  {
    matchIds,
    phaseIds,
    timeZone,
    now = new Date(),
  }: { matchIds?: number[]; phaseIds?: readonly number[]; timeZone: string; now?: Date },
): Promise<PredictionMatch[]> {
  const matches = await listMatches(db, { activeOnly: matchIds === undefined, matchIds, phaseIds });
  const picks = await picksOfUser(
    db,
    userId,
    matches.map((match) => match.id),
  );
  return matches.map((match) => {
    const reason = lockReason(
      { active: match.active, hasResult: match.result !== null, kickoffAt: match.kickoffAt, phaseActivatedAt: match.phaseActivatedAt },
      now,
    );
    return {
      ...match,
      kickoffLabel: formatKickoff(match.kickoffAt, timeZone),
      pick: picks.get(match.id) ?? null,
      lockedBecause: reason ? LOCK_MESSAGES[reason] : null,
    };
  });
}

const PENDING_MESSAGE = "Debes predecir todos los partidos pendientes";

const RANGE_MESSAGE = "Los goles deben ser un número entero entre 0 y 99";

const goals = z
  .string()
  .trim()
  .min(1, PENDING_MESSAGE)
  .regex(/^\d+$/, RANGE_MESSAGE)
  .transform(Number)
  .pipe(z.number().int().min(0, RANGE_MESSAGE).max(99, RANGE_MESSAGE));

const PicksSchema = z
  .array(z.object({ matchId: z.coerce.number().int().positive(), home: goals, away: goals }))
  .min(1, PENDING_MESSAGE);

/** Parses the form (matchId, home-{id}, away-{id} fields) and stores the batch, all or nothing. */
export async function submitPredictionForm(
  db: Kysely<Database>,
  userId: string,
  formData: FormData,
): Promise<{ status: number; toast: Toast }> {
  const parsed = PicksSchema.safeParse(
    formData.getAll("matchId").map((id) => ({
      matchId: id,
      home: String(formData.get(`home-${id}`) ?? ""),
      away: String(formData.get(`away-${id}`) ?? ""),
    })),
  );
  if (!parsed.success) return { status: 400, toast: errorToast(parsed.error.issues[0]?.message ?? PENDING_MESSAGE) };
  const result = await savePicks(db, userId, parsed.data);
  if (!result.ok) {
    return { status: 409, toast: errorToast(`No se pudieron guardar tus predicciones. ${result.message}.`) };
  }
  return { status: 200, toast: successToast("Tus predicciones han sido guardadas") };
}
