import type { Kysely } from "kysely";
import { predictionsRevealed } from "#app/domain/game/locking";
import type { MatchView, TeamView } from "#app/domain/game/match";
import { scoreLabel } from "#app/domain/game/season-rules";
import type { PlayerPick } from "#app/domain/standings/player-season";
import { listMatches } from "#app/data/seasons/matches.server";
import type { Database } from "#app/data/engine/schema";

/**
 * The player page's picks (/jugador/:id): one player's predictions of a season's revealed matches
 * only (kickoff passed, result entered, or phase activated: domain/game/locking.ts, the rule of
 * 'Quinielas capturadas'), with the points each earned. The rule is applied in the query: a pick
 * of a match not revealed yet is never read, whoever looks (the player included: the page is
 * public and the same for everyone). One jornada is shown at a time; the others are links.
 */

export interface PlayerPicks {
  /** The phases with a revealed pick of theirs, in season order. */
  phases: { id: number; name: string }[];
  /** The phase shown: the one asked for when it has picks to show, else the latest that has. */
  shown: number | null;
  picks: PlayerPick[];
}

/** A season has at most a few hundred matches; a player has one pick per match. */
const MAX_PICKS = 500;

const team = (t: TeamView | null) => t && { name: t.name, badgeUrl: t.badgeUrl };

function revealedIds(matches: readonly MatchView[], now: Date): number[] {
  return matches
    .filter((match) =>
      predictionsRevealed(
        { hasResult: match.result !== null, kickoffAt: match.kickoffAt, phaseActivatedAt: match.phaseActivatedAt },
        now,
      ),
    )
    .map((match) => match.id);
}

export async function playerPicks(
  db: Kysely<Database>,
  { seasonId, userId, phaseId, now = new Date() }: { seasonId: number; userId: string; phaseId: number | null; now?: Date },
): Promise<PlayerPicks> {
  const matches = await listMatches(db, { seasonId });
  const revealed = revealedIds(matches, now);
  if (revealed.length === 0) return { phases: [], shown: null, picks: [] };
  const rows = await db
    .selectFrom("predictions")
    .select(["match_id", "home_score", "away_score", "points", "bonus"])
    .where("user_id", "=", userId)
    .where("match_id", "in", revealed)
    .limit(MAX_PICKS)
    .execute();
  const byMatch = new Map(rows.map((row) => [row.match_id, row]));
  const withPick = matches.filter((match) => byMatch.has(match.id));
  const phases: PlayerPicks["phases"] = [];
  for (const match of withPick) {
    if (phases.at(-1)?.id !== match.phaseId) phases.push({ id: match.phaseId, name: match.phaseName });
  }
  const shown = phases.some((phase) => phase.id === phaseId) ? phaseId : (phases.at(-1)?.id ?? null);
  const picks = withPick
    .filter((match) => match.phaseId === shown)
    .map((match) => {
      const row = byMatch.get(match.id)!;
      return {
        matchId: match.id,
        home: team(match.home),
        away: team(match.away),
        resultLabel: scoreLabel(match),
        pick: { home: row.home_score, away: row.away_score },
        points: row.points === null ? null : row.points + row.bonus,
        bonus: row.bonus,
      };
    });
  return { phases, shown, picks };
}
