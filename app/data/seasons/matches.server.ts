import type { Kysely } from "kysely";
import { matchLabelOfNames, type MatchView, type TeamView } from "#app/domain/game/match";
import { legOfPhase } from "#app/domain/game/phases";
import type { MatchScores } from "#app/domain/game/season-rules";
import { type Score, THIRD_LEG_MESSAGE, tieKeyOf } from "#app/domain/game/scoring";
import type { Database } from "#app/data/engine/schema";
import { finishedMessage } from "./current-season.server";

/** A match row's official result after 90 minutes: both scores, or none. */
export function resultOf(row: { home_score: number | null; away_score: number | null }): Score | null {
  return row.home_score !== null && row.away_score !== null ? { home: row.home_score, away: row.away_score } : null;
}

/** The columns of a match's scores: after 90 minutes, after extra time, the shoot-out. */
export const SCORE_COLUMNS = [
  "home_score",
  "away_score",
  "home_score_extra_time",
  "away_score_extra_time",
  "home_penalties",
  "away_penalties",
] as const;

type ScoreRow = Record<(typeof SCORE_COLUMNS)[number], number | null>;

/** A match row's official scores, as domain/game/season-rules.ts reads them. */
export function scoresOf(row: ScoreRow): MatchScores {
  const pair = (home: number | null, away: number | null) => (home !== null && away !== null ? { home, away } : null);
  return {
    result: pair(row.home_score, row.away_score),
    extraTime: pair(row.home_score_extra_time, row.away_score_extra_time),
    penalties: pair(row.home_penalties, row.away_penalties),
  };
}

/**
 * Locks matches until the caller's transaction commits (PostgreSQL; SQLite runs one writing
 * transaction at a time and leaves the lock out: data/engine/db.server.ts), so that a save of picks for
 * them (data/predictions/save-predictions.server.ts) waits, or is waited for, instead of interleaving.
 *
 * Always in id order, and a match before its phase: a save of picks locks its matches in id
 * order, each with its phase. A transaction that took them in another order could hold what the
 * save waits for while it waits for what the save holds, a circle that PostgreSQL ends after a
 * second by failing one of the two (a phase switched off while a player saved its picks did so).
 */
export async function lockMatches(db: Kysely<Database>, which: { ids: readonly number[] } | { phaseId: number }): Promise<void> {
  await db
    .selectFrom("matches")
    .select("id")
    .where((eb) => ("ids" in which ? eb("id", "in", which.ids) : eb("phase_id", "=", which.phaseId)))
    .orderBy("id")
    .forNoKeyUpdate()
    .execute();
}

/** A team's generated badge (routes/badges/$file.ts), by id: short codes are unique only within a competition. */
export function badgeUrlOf(teamId: number): string {
  return `/badges/${teamId}.svg`;
}

function team(id: number | null, name: string | null, code: string | null, logo: string | null): TeamView | null {
  if (id === null || name === null || code === null) return null;
  return { id, name, shortCode: code, badgeUrl: logo ?? badgeUrlOf(id) };
}

/** Which matches a list holds: of one season, of some phases, some matches, or one pool's. */
export interface MatchFilter {
  seasonId?: number;
  activeOnly?: boolean;
  phaseIds?: readonly number[];
  matchIds?: readonly number[];
  quinielaId?: number;
}

/**
 * The query of matches with their phase and teams, in season order (phase, kickoff, id), the
 * matches without a kickoff last on both engines (SQLite sorts nulls first, PostgreSQL last); null
 * when the filter names no match at all. A caller may join more to it (prediction-form.server.ts
 * joins the viewer's picks), then read its rows with `toMatchView`.
 */
export function matchQuery(db: Kysely<Database>, filter: MatchFilter) {
  if (filter.matchIds?.length === 0 || filter.phaseIds?.length === 0) return null;
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
      ...SCORE_COLUMNS.map((column) => `m.${column}` as const),
      "m.group_name",
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
    .orderBy("m.kickoff_at", (order) => order.asc().nullsLast())
    .orderBy("m.id");
  if (filter.seasonId !== undefined) query = query.where("p.season_id", "=", filter.seasonId);
  if (filter.activeOnly) query = query.where("m.active", "=", 1);
  if (filter.phaseIds) query = query.where("m.phase_id", "in", filter.phaseIds);
  if (filter.matchIds) query = query.where("m.id", "in", filter.matchIds);
  const { quinielaId: poolId } = filter;
  if (poolId !== undefined) {
    query = query.where("m.id", "in", (eb) =>
      eb.selectFrom("quiniela_matches as qm").select("qm.match_id").where("qm.quiniela_id", "=", poolId),
    );
  }
  return query;
}

type MatchRow = Awaited<ReturnType<NonNullable<ReturnType<typeof matchQuery>>["executeTakeFirstOrThrow"]>>;

export function toMatchView(row: MatchRow): MatchView {
  return {
    id: row.id,
    phaseId: row.phase_id,
    phaseName: row.phase_name,
    phasePosition: row.phase_position,
    phaseActivatedAt: row.phase_activated_at,
    home: team(row.home_id, row.home_name, row.home_code, row.home_logo),
    away: team(row.away_id, row.away_name, row.away_code, row.away_logo),
    kickoffAt: row.kickoff_at,
    ...scoresOf(row),
    group: row.group_name,
    active: row.active === 1,
    isFirstLeg: row.is_first_leg === null ? null : row.is_first_leg === 1,
  };
}

/** Matches with their phase and teams, in season order (`matchQuery`). */
export async function listMatches(db: Kysely<Database>, filter: MatchFilter): Promise<MatchView[]> {
  const rows = (await matchQuery(db, filter)?.execute()) ?? [];
  return rows.map(toMatchView);
}

export type CreateMatchResult = { ok: true; matchId: number } | { ok: false; message: string };

/**
 * Adds a match to a phase (inactive, without result) after checking that the phase exists, that
 * its season is not finished, and that both teams are the season's, so a bad id is a clear
 * message and never a half-written row.
 */
export async function createMatch(
  db: Kysely<Database>,
  match: { seasonId: number; phaseId: number; homeTeamId: number; awayTeamId: number; kickoffAt: string | null },
  now: Date = new Date(),
): Promise<CreateMatchResult> {
  return db.transaction().execute(async (trx) => {
    const phase = await trx
      .selectFrom("phases as p")
      .innerJoin("seasons as s", "s.id", "p.season_id")
      .select(["p.name", "p.season_id", "s.name as season_name", "s.finished_at"])
      .where("p.id", "=", match.phaseId)
      .executeTakeFirst();
    if (!phase || phase.season_id !== match.seasonId) return { ok: false as const, message: "La jornada no existe" };
    if (phase.finished_at !== null) return { ok: false as const, message: finishedMessage(phase.season_name) };
    const teams = await trx
      .selectFrom("season_teams")
      .select("team_id")
      .where("season_id", "=", phase.season_id)
      .where("team_id", "in", [match.homeTeamId, match.awayTeamId])
      .execute();
    if (teams.length !== new Set([match.homeTeamId, match.awayTeamId]).size) {
      return { ok: false as const, message: "El equipo no existe" };
    }
    const { phaseId, homeTeamId, awayTeamId, kickoffAt } = match;
    if (await tieHasBothLegs(trx, phase.season_id, { phaseName: phase.name, home: homeTeamId, away: awayTeamId })) {
      return { ok: false as const, message: THIRD_LEG_MESSAGE };
    }
    const matchId = await insertMatch(trx, { phaseId, phaseName: phase.name, homeTeamId, awayTeamId, kickoffAt }, now);
    return { ok: true as const, matchId };
  });
}

/**
 * Sets the teams of a match still 'Por definir' or with no picks yet (a World Cup's knockout
 * matches are known only as the groups end): the season's teams, different from each other.
 */
export async function setMatchTeams(
  db: Kysely<Database>,
  matchId: number,
  teams: { homeTeamId: number; awayTeamId: number },
  now: Date = new Date(),
): Promise<{ ok: true; label: string } | { ok: false; message: string }> {
  return db.transaction().execute(async (trx) => {
    // Locked before its picks are counted: a save of picks for it under way finishes first, and
    // its pick is counted; one that starts now waits for the new teams.
    await lockMatches(trx, { ids: [matchId] });
    const match = await trx
      .selectFrom("matches as m")
      .innerJoin("phases as p", "p.id", "m.phase_id")
      .innerJoin("seasons as s", "s.id", "p.season_id")
      .select(["m.id", "p.season_id", "p.name as phase_name", "s.name as season_name", "s.finished_at"])
      .where("m.id", "=", matchId)
      .executeTakeFirst();
    if (!match) return { ok: false as const, message: "El partido no existe" };
    if (match.finished_at !== null) return { ok: false as const, message: finishedMessage(match.season_name) };
    const picked = await trx.selectFrom("predictions").select("id").where("match_id", "=", matchId).limit(1).executeTakeFirst();
    if (picked) return { ok: false as const, message: "El partido ya tiene pronósticos: sus equipos no se pueden cambiar" };
    const found = await trx
      .selectFrom("season_teams as st")
      .innerJoin("teams as t", "t.id", "st.team_id")
      .select(["t.id", "t.name"])
      .where("st.season_id", "=", match.season_id)
      .where("t.id", "in", [teams.homeTeamId, teams.awayTeamId])
      .execute();
    const home = found.find((team) => team.id === teams.homeTeamId);
    const away = found.find((team) => team.id === teams.awayTeamId);
    if (!home || !away) return { ok: false as const, message: "El equipo no existe" };
    if (await tieHasBothLegs(trx, match.season_id, { phaseName: match.phase_name, home: home.id, away: away.id }, matchId)) {
      return { ok: false as const, message: THIRD_LEG_MESSAGE };
    }
    await trx
      .updateTable("matches")
      .set({ home_team_id: home.id, away_team_id: away.id, updated_at: now.toISOString() })
      .where("id", "=", matchId)
      .execute();
    return { ok: true as const, label: `${home.name} vs ${away.name}` };
  });
}

/** A kickoff written, or why not: no such match or phase in the season shown, or a finished season. */
export type KickoffWrite<T> = ({ ok: true } & T) | { ok: false; reason: "not-found" } | { ok: false; reason: "finished"; seasonName: string };

/**
 * Sets (or clears: null) one match's kickoff. Its picks stay as they are: a pick saved before the
 * new kickoff was saved while the match was open, and stays valid; the match locks (and its picks
 * show to everyone) at the new time.
 */
export async function setMatchKickoff(
  db: Kysely<Database>,
  { seasonId, matchId, kickoffAt }: { seasonId: number; matchId: number; kickoffAt: string | null },
  now: Date = new Date(),
): Promise<KickoffWrite<{ label: string }>> {
  return db.transaction().execute(async (trx) => {
    // Locked first, as every write to what a save of picks checks: a save under way finishes
    // with the old kickoff, one that starts now waits and reads the new one.
    await lockMatches(trx, { ids: [matchId] });
    const match = await trx
      .selectFrom("matches as m")
      .innerJoin("phases as p", "p.id", "m.phase_id")
      .innerJoin("seasons as s", "s.id", "p.season_id")
      .leftJoin("teams as h", "h.id", "m.home_team_id")
      .leftJoin("teams as a", "a.id", "m.away_team_id")
      .select(["p.season_id", "s.name as season_name", "s.finished_at", "h.name as home", "a.name as away"])
      .where("m.id", "=", matchId)
      .executeTakeFirst();
    if (!match || match.season_id !== seasonId) return { ok: false as const, reason: "not-found" as const };
    if (match.finished_at !== null) return { ok: false as const, reason: "finished" as const, seasonName: match.season_name };
    await trx.updateTable("matches").set({ kickoff_at: kickoffAt, updated_at: now.toISOString() }).where("id", "=", matchId).execute();
    return { ok: true as const, label: matchLabelOfNames(match.home, match.away) };
  });
}

/**
 * 'Fecha y hora de la jornada': the kickoff of the phase's matches that have none; those with a
 * kickoff keep theirs. How many were set (0 when every match already had one).
 */
export async function setPhaseKickoff(
  db: Kysely<Database>,
  { seasonId, phaseId, kickoffAt }: { seasonId: number; phaseId: number; kickoffAt: string },
  now: Date = new Date(),
): Promise<KickoffWrite<{ phaseName: string; updated: number }>> {
  return db.transaction().execute(async (trx) => {
    // Its matches locked first, in id order, as every writer takes them; the phase is only read.
    await lockMatches(trx, { phaseId });
    const phase = await trx
      .selectFrom("phases as p")
      .innerJoin("seasons as s", "s.id", "p.season_id")
      .select(["p.name", "p.season_id", "s.name as season_name", "s.finished_at"])
      .where("p.id", "=", phaseId)
      .executeTakeFirst();
    if (!phase || phase.season_id !== seasonId) return { ok: false as const, reason: "not-found" as const };
    if (phase.finished_at !== null) return { ok: false as const, reason: "finished" as const, seasonName: phase.season_name };
    const result = await trx
      .updateTable("matches")
      .set({ kickoff_at: kickoffAt, updated_at: now.toISOString() })
      .where("phase_id", "=", phaseId)
      .where("kickoff_at", "is", null)
      .executeTakeFirst();
    return { ok: true as const, phaseName: phase.name, updated: Number(result.numUpdatedRows) };
  });
}

/**
 * Whether the season already has both legs of this tie (`tieKeyOf`), the match being changed
 * aside: a third match between the two teams in that round would undo the tie and leave its
 * bonus stored on picks that no longer earn it.
 */
async function tieHasBothLegs(
  db: Kysely<Database>,
  seasonId: number,
  { phaseName, home, away }: { phaseName: string; home: number; away: number },
  exceptMatchId?: number,
): Promise<boolean> {
  const key = tieKeyOf(phaseName, home, away);
  if (key === null) return false;
  const legs = await db
    .selectFrom("matches as m")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .select(["m.id", "p.name", "m.home_team_id", "m.away_team_id"])
    .where("p.season_id", "=", seasonId)
    .where((eb) =>
      eb.or([
        eb.and([eb("m.home_team_id", "=", home), eb("m.away_team_id", "=", away)]),
        eb.and([eb("m.home_team_id", "=", away), eb("m.away_team_id", "=", home)]),
      ]),
    )
    .execute();
  return legs.filter((leg) => leg.id !== exceptMatchId && tieKeyOf(leg.name, leg.home_team_id, leg.away_team_id) === key).length >= 2;
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
