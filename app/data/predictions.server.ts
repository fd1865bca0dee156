import type { Kysely } from "kysely";
import { LOCK_MESSAGES, lockReason } from "#app/domain/locking";
import type { Score } from "#app/domain/scoring";
import { matchLabel } from "#app/domain/match";
import type { Database } from "./schema";

export interface Pick extends Score {
  matchId: number;
}

export type SaveResult = { ok: true; saved: number } | { ok: false; message: string };

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/**
 * Stores a user's batch of picks, all or nothing (SPEC §2.2–2.3): each match must be active,
 * without result, in a phase not yet activated, before kickoff, and not predicted before by this
 * user. The unique (user, match) constraint settles a race between two tabs.
 */
export async function savePicks(
  db: Kysely<Database>,
  userId: string,
  picks: readonly Pick[],
  now: Date = new Date(),
): Promise<SaveResult> {
  const matchIds = picks.map((pick) => pick.matchId);
  if (new Set(matchIds).size !== matchIds.length) return { ok: false, message: "Hay partidos repetidos en el envío" };
  try {
    return await db.transaction().execute(async (trx) => {
      const matches = await trx
        .selectFrom("matches as m")
        .innerJoin("phases as p", "p.id", "m.phase_id")
        .leftJoin("teams as h", "h.id", "m.home_team_id")
        .leftJoin("teams as a", "a.id", "m.away_team_id")
        .select(["m.id", "m.active", "m.home_score", "m.kickoff_at", "p.activated_at", "h.name as home", "a.name as away"])
        .where("m.id", "in", matchIds)
        .execute();
      const byId = new Map(matches.map((match) => [match.id, match]));
      const already = new Set(
        (
          await trx
            .selectFrom("predictions")
            .select("match_id")
            .where("user_id", "=", userId)
            .where("match_id", "in", matchIds)
            .execute()
        ).map((row) => row.match_id),
      );
      for (const pick of picks) {
        const match = byId.get(pick.matchId);
        if (!match) return { ok: false as const, message: "El partido no existe" };
        const label = matchLabel({
          home: match.home === null ? null : { name: match.home },
          away: match.away === null ? null : { name: match.away },
        });
        const reason = lockReason(
          {
            active: match.active === 1,
            hasResult: match.home_score !== null,
            kickoffAt: match.kickoff_at,
            phaseActivatedAt: match.activated_at,
          },
          now,
        );
        if (reason) return { ok: false as const, message: `${label}: ${LOCK_MESSAGES[reason]}` };
        if (already.has(pick.matchId)) {
          return { ok: false as const, message: `${label}: ${LOCK_MESSAGES["already-predicted"]}` };
        }
      }
      const stamp = now.toISOString();
      await trx
        .insertInto("predictions")
        .values(
          picks.map((pick) => ({
            user_id: userId,
            match_id: pick.matchId,
            home_score: pick.home,
            away_score: pick.away,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .execute();
      return { ok: true as const, saved: picks.length };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, message: LOCK_MESSAGES["already-predicted"] };
    throw error;
  }
}

/** The user's own picks for the given matches, by match id. */
export async function picksOfUser(
  db: Kysely<Database>,
  userId: string,
  matchIds: readonly number[],
): Promise<Map<number, Score & { points: number | null; bonus: number }>> {
  if (matchIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("predictions")
    .select(["match_id", "home_score", "away_score", "points", "bonus"])
    .where("user_id", "=", userId)
    .where("match_id", "in", matchIds)
    .execute();
  return new Map(
    rows.map((row) => [row.match_id, { home: row.home_score, away: row.away_score, points: row.points, bonus: row.bonus }]),
  );
}
