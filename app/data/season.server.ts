import type { Kysely } from "kysely";
import season from "./season/liga-mx-clausura-2024.json";
import type { Database } from "./schema";

export interface SeasonFile {
  season: string;
  phases: string[];
  teams: { name: string; short: string; primary: string; secondary: string }[];
  matches: {
    phase: string;
    home: string | null;
    away: string | null;
    kickoff: string | null;
    is_first_leg: boolean | null;
    home_score: number | null;
    away_score: number | null;
  }[];
}

export const defaultSeason: SeasonFile = season;

/**
 * Seeds a fresh database with the season's teams, phases and fixtures, all inactive and with no
 * results or kickoff times (a historic kickoff would lock every match). Does nothing if phases
 * already exist, so it is safe at every start. Several instances starting at once race to seed:
 * one transaction wins, the others fail (a unique team name, or SQLite's write lock), see the
 * season there and give way.
 */
export async function seedSeason(db: Kysely<Database>, file: SeasonFile = defaultSeason): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await seedOnce(db, file);
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      if (await db.selectFrom("phases").select("id").limit(1).executeTakeFirst()) return false;
    }
  }
}

async function seedOnce(db: Kysely<Database>, file: SeasonFile): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("phases").select("id").limit(1).executeTakeFirst();
    if (existing) return false;

    await trx
      .insertInto("teams")
      .values(
        file.teams.map((team) => ({
          name: team.name,
          short_code: team.short,
          primary_color: team.primary,
          secondary_color: team.secondary,
        })),
      )
      .execute();
    await trx
      .insertInto("phases")
      .values(file.phases.map((name, index) => ({ name, position: index + 1 })))
      .execute();

    const teams = await trx.selectFrom("teams").select(["id", "name"]).execute();
    const phases = await trx.selectFrom("phases").select(["id", "name"]).execute();
    const teamId = new Map(teams.map((team) => [team.name, team.id]));
    const phaseId = new Map(phases.map((phase) => [phase.name, phase.id]));
    const now = new Date().toISOString();

    await trx
      .insertInto("matches")
      .values(
        file.matches.map((match) => {
          const phase = phaseId.get(match.phase);
          if (phase === undefined) throw new Error(`Fase desconocida en la temporada: ${match.phase}`);
          return {
            phase_id: phase,
            home_team_id: (match.home ? teamId.get(match.home) : undefined) ?? null,
            away_team_id: (match.away ? teamId.get(match.away) : undefined) ?? null,
            kickoff_at: null,
            home_score: null,
            away_score: null,
            active: 0 as const,
            is_first_leg: match.is_first_leg === null ? null : match.is_first_leg ? (1 as const) : (0 as const),
            created_at: now,
            updated_at: now,
          };
        }),
      )
      .execute();
    return true;
  });
}
