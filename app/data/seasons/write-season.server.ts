import type { Kysely } from "kysely";
import { legOfPhase } from "#app/domain/game/phases";
import { DEFAULT_RULES, type SeasonRules } from "#app/domain/game/season-rules";
import type { Score } from "#app/domain/game/scoring";
import { chunked } from "#app/data/engine/chunks";
import type { Database } from "#app/data/engine/schema";
import clausura2024 from "#app/data/seasons/bundled/liga-mx-clausura-2024.json";

/** The season files that ship with the app (app/data/seasons/bundled/, the format of their README). */
export interface SeasonFile {
  season: string;
  competition?: string;
  time_zone?: string;
  phases: string[];
  teams: { name: string; short: string; primary: string; secondary: string }[];
  matches: {
    phase: string;
    group?: string | null;
    home: string | null;
    away: string | null;
    kickoff: string | null;
    is_first_leg: boolean | null;
    home_score: number | null;
    away_score: number | null;
    home_score_extra_time?: number | null;
    away_score_extra_time?: number | null;
    home_penalties?: number | null;
    away_penalties?: number | null;
  }[];
}

/** The default season of a fresh install: Liga MX Clausura 2024. */
export const defaultSeason: SeasonFile = clausura2024;

/** A season to write: its teams (found in the competition by name, else added), phases, matches. */
export interface NewSeason {
  name: string;
  competition: string;
  timeZone: string;
  rules: SeasonRules;
  /** Makes it the current season (the previous one stops being current). */
  current: boolean;
  phases: readonly string[];
  teams: readonly { name: string; short: string; primary: string; secondary: string }[];
  matches: readonly {
    phase: string;
    group: string | null;
    /** A team's name from `teams`, or null: 'Por definir'. */
    home: string | null;
    away: string | null;
    kickoffAt: string | null;
    isFirstLeg: boolean | null;
    result?: Score | null;
    extraTime?: Score | null;
    penalties?: Score | null;
  }[];
}

/** The competition's id, found by name, else created. */
async function competitionId(db: Kysely<Database>, name: string): Promise<number> {
  return (
    (await db.selectFrom("competitions").select("id").where("name", "=", name).executeTakeFirst())?.id ??
    (await db.insertInto("competitions").values({ name }).returning("id").executeTakeFirstOrThrow()).id
  );
}

/** The competition's team ids by name, the season's teams it did not hold added. */
async function competitionTeams(db: Kysely<Database>, competition: number, teams: NewSeason["teams"]): Promise<Map<string, number>> {
  const known = await db.selectFrom("teams").select(["id", "name"]).where("competition_id", "=", competition).execute();
  const teamId = new Map(known.map((team) => [team.name, team.id]));
  const missing = teams.filter((team) => !teamId.has(team.name));
  if (missing.length > 0) {
    const added = await db
      .insertInto("teams")
      .values(
        missing.map((team) => ({
          competition_id: competition,
          name: team.name,
          short_code: team.short,
          primary_color: team.primary,
          secondary_color: team.secondary,
        })),
      )
      .returning(["id", "name"])
      .execute();
    for (const team of added) teamId.set(team.name, team.id);
  }
  return teamId;
}

/** The season's row with its rules; a current one takes the place of the one that was. */
async function insertSeasonRow(db: Kysely<Database>, season: NewSeason, competition: number, stamp: string): Promise<number> {
  if (season.current) await db.updateTable("seasons").set({ is_current: 0 }).where("is_current", "=", 1).execute();
  const row = await db
    .insertInto("seasons")
    .values({
      competition_id: competition,
      name: season.name,
      time_zone: season.timeZone,
      is_current: season.current ? 1 : 0,
      points_exact: season.rules.pointsExact,
      points_outcome: season.rules.pointsOutcome,
      two_leg_bonus: season.rules.twoLegBonus ? 1 : 0,
      knockout_score: season.rules.knockoutScore,
      editable_picks: season.rules.editablePicks ? 1 : 0,
      created_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The phases in order; returns their ids by name. */
async function insertPhases(db: Kysely<Database>, seasonId: number, names: readonly string[]): Promise<Map<string, number>> {
  const phases =
    names.length === 0
      ? []
      : await db
          .insertInto("phases")
          .values(names.map((name, index) => ({ season_id: seasonId, name, position: index + 1 })))
          .returning(["id", "name"])
          .execute();
  return new Map(phases.map((phase) => [phase.name, phase.id]));
}

/** The matches' rows (inactive); an unknown team or phase is an error in the season, not 'Por definir'. */
function matchRows(season: NewSeason, teamId: ReadonlyMap<string, number>, phaseId: ReadonlyMap<string, number>, stamp: string) {
  const team = (name: string | null) => {
    if (name === null) return null;
    const id = teamId.get(name);
    if (id === undefined) throw new Error(`Equipo desconocido en la temporada: ${name}`);
    return id;
  };
  return season.matches.map((match) => {
    const phase = phaseId.get(match.phase);
    if (phase === undefined) throw new Error(`Fase desconocida en la temporada: ${match.phase}`);
    const leg = match.isFirstLeg ?? (legOfPhase(match.phase) === null ? null : legOfPhase(match.phase) === "first");
    return {
      phase_id: phase,
      home_team_id: team(match.home),
      away_team_id: team(match.away),
      kickoff_at: match.kickoffAt,
      home_score: match.result?.home ?? null,
      away_score: match.result?.away ?? null,
      home_score_extra_time: match.extraTime?.home ?? null,
      away_score_extra_time: match.extraTime?.away ?? null,
      home_penalties: match.penalties?.home ?? null,
      away_penalties: match.penalties?.away ?? null,
      group_name: match.group,
      active: 0 as const,
      is_first_leg: leg === null ? null : leg ? (1 as const) : (0 as const),
      created_at: stamp,
      updated_at: stamp,
    };
  });
}

/**
 * Writes a whole season in the caller's transaction: the competition (found by name, else
 * created), its teams (found by name within it, else created), the season, its teams, phases in
 * order and matches (inactive). Returns the season's id.
 */
export async function insertSeason(db: Kysely<Database>, season: NewSeason, now: Date = new Date()): Promise<number> {
  const stamp = now.toISOString();
  const competition = await competitionId(db, season.competition);
  const teamId = await competitionTeams(db, competition, season.teams);
  const seasonId = await insertSeasonRow(db, season, competition, stamp);
  const used = [...new Set(season.teams.map((team) => teamId.get(team.name)!))];
  for (const chunk of chunked(used)) {
    await db.insertInto("season_teams").values(chunk.map((team) => ({ season_id: seasonId, team_id: team }))).execute();
  }
  const phaseId = await insertPhases(db, seasonId, season.phases);
  for (const chunk of chunked(matchRows(season, teamId, phaseId, stamp))) await db.insertInto("matches").values(chunk).execute();
  return seasonId;
}

/** Whether any of the season's phases holds a leg ('Cuartos Ida'…): then the bonus is on by default. */
export function hasTwoLegTies(phases: readonly string[]): boolean {
  return phases.some((phase) => legOfPhase(phase) !== null);
}

/**
 * A bundled season file as a season to write: its teams, phases and fixtures; kickoff times and
 * results only when asked (a fresh install has neither: a historic kickoff would lock every
 * match). The rules are the defaults, the two-leg bonus only where the season has two legs.
 */
export function seasonFromFile(
  file: SeasonFile,
  { name, current, withKickoffs, withResults }: { name: string; current: boolean; withKickoffs: boolean; withResults: boolean },
): NewSeason {
  const score = (home: number | null | undefined, away: number | null | undefined): Score | null =>
    withResults && home != null && away != null ? { home, away } : null;
  return {
    name,
    competition: file.competition ?? "Liga MX",
    timeZone: file.time_zone ?? "America/Mexico_City",
    rules: { ...DEFAULT_RULES, twoLegBonus: hasTwoLegTies(file.phases) },
    current,
    phases: file.phases,
    teams: file.teams,
    matches: file.matches.map((match) => ({
      phase: match.phase,
      group: match.group ?? null,
      home: match.home,
      away: match.away,
      kickoffAt: withKickoffs && match.kickoff ? new Date(match.kickoff).toISOString() : null,
      isFirstLeg: match.is_first_leg,
      result: score(match.home_score, match.away_score),
      extraTime: score(match.home_score_extra_time, match.away_score_extra_time),
      penalties: score(match.home_penalties, match.away_penalties),
    })),
  };
}

/**
 * Seeds a fresh database with its first season (the bundled Clausura 2024, named SEASON_NAME,
 * current): teams, phases and fixtures, all inactive, without results or kickoff times. Does
 * nothing once a season exists, so it is safe at every start. Several instances starting at once
 * race to seed: one transaction wins, the others fail (a unique name, or SQLite's write lock),
 * see the season there and give way.
 */
export async function seedSeason(db: Kysely<Database>, name: string, file: SeasonFile = defaultSeason): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        if (await trx.selectFrom("seasons").select("id").limit(1).executeTakeFirst()) return false;
        await insertSeason(trx, seasonFromFile(file, { name, current: true, withKickoffs: false, withResults: false }));
        return true;
      });
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      if (await db.selectFrom("seasons").select("id").limit(1).executeTakeFirst()) return false;
    }
  }
}
