import type { Kysely } from "kysely";
import type { MatchView, TeamView } from "#app/domain/match";
import { legOfPhase } from "#app/domain/phases";
import type { Score } from "#app/domain/scoring";
import type { Database } from "./schema";

/** A match row's official result: both scores, or none. */
export function resultOf(row: { home_score: number | null; away_score: number | null }): Score | null {
  return row.home_score !== null && row.away_score !== null ? { home: row.home_score, away: row.away_score } : null;
}

function team(id: number | null, name: string | null, code: string | null, logo: string | null): TeamView | null {
  if (id === null || name === null || code === null) return null;
  return { id, name, shortCode: code, badgeUrl: logo ?? `/badges/${code}.svg` };
}

/** Matches with their phase and teams, in season order (phase, kickoff, id). */
export async function listMatches(
  db: Kysely<Database>,
  filter: { activeOnly?: boolean; phaseIds?: readonly number[]; matchIds?: readonly number[] } = {},
): Promise<MatchView[]> {
  if (filter.matchIds?.length === 0 || filter.phaseIds?.length === 0) return [];
  let query = db
    .selectFrom("matches as m")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .leftJoin("teams as h", "h.id", "m.home_team_id")
    .leftJoin("teams as a", "a.id", "m.away_team_id")
    .select([
      "m.id",
      "m.phase_id",
      "p.name as phase_name",
      "p.position as phase_position",
      "p.activated_at as phase_activated_at",
      "m.kickoff_at",
      "m.home_score",
      "m.away_score",
      "m.active",
      "m.is_first_leg",
      "h.id as home_id",
      "h.name as home_name",
      "h.short_code as home_code",
      "h.logo_url as home_logo",
      "a.id as away_id",
      "a.name as away_name",
      "a.short_code as away_code",
      "a.logo_url as away_logo",
    ])
    .orderBy("p.position")
    .orderBy("m.kickoff_at")
    .orderBy("m.id");
  if (filter.activeOnly) query = query.where("m.active", "=", 1);
  if (filter.phaseIds) query = query.where("m.phase_id", "in", filter.phaseIds);
  if (filter.matchIds) query = query.where("m.id", "in", filter.matchIds);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    phaseId: row.phase_id,
    phaseName: row.phase_name,
    phasePosition: row.phase_position,
    phaseActivatedAt: row.phase_activated_at,
    home: team(row.home_id, row.home_name, row.home_code, row.home_logo),
    away: team(row.away_id, row.away_name, row.away_code, row.away_logo),
    kickoffAt: row.kickoff_at,
    result: resultOf(row),
    active: row.active === 1,
    isFirstLeg: row.is_first_leg === null ? null : row.is_first_leg === 1,
  }));
}

export type CreateMatchResult = { ok: true; matchId: number } | { ok: false; message: string };

/**
 * Adds a match to a phase (inactive, without result) after checking that the phase and both teams
 * exist, so a bad id is a clear message and never a half-written row.
 */
export async function createMatch(
  db: Kysely<Database>,
  match: { phaseId: number; homeTeamId: number; awayTeamId: number; kickoffAt: string | null },
  now: Date = new Date(),
): Promise<CreateMatchResult> {
  return db.transaction().execute(async (trx) => {
    const phase = await trx.selectFrom("phases").select("name").where("id", "=", match.phaseId).executeTakeFirst();
    if (!phase) return { ok: false as const, message: "La jornada no existe" };
    const teams = await trx
      .selectFrom("teams")
      .select("id")
      .where("id", "in", [match.homeTeamId, match.awayTeamId])
      .execute();
    if (teams.length !== new Set([match.homeTeamId, match.awayTeamId]).size) {
      return { ok: false as const, message: "El equipo no existe" };
    }
    return { ok: true as const, matchId: await insertMatch(trx, { ...match, phaseName: phase.name }, now) };
  });
}

/**
 * Writes a new match: inactive, without result, its leg taken from the phase's name. The caller
 * has checked the phase and teams, inside its own transaction.
 */
export async function insertMatch(
  db: Kysely<Database>,
  match: { phaseId: number; phaseName: string; homeTeamId: number; awayTeamId: number; kickoffAt: string | null },
  now: Date,
): Promise<number> {
  const stamp = now.toISOString();
  const leg = legOfPhase(match.phaseName);
  const row = await db
    .insertInto("matches")
    .values({
      phase_id: match.phaseId,
      home_team_id: match.homeTeamId,
      away_team_id: match.awayTeamId,
      kickoff_at: match.kickoffAt,
      home_score: null,
      away_score: null,
      active: 0,
      is_first_leg: leg === null ? null : leg === "first" ? 1 : 0,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
