import type { Kysely } from "kysely";
import type { NamedTeam } from "#app/domain/files/team-names";
import type { Database } from "#app/data/engine/schema";

export interface TeamOption {
  id: number;
  name: string;
}

/** A season's teams by name, for the admin's selects. */
/** What a team's generated badge is drawn from (its short code on its colours), or undefined. */
export async function teamBadgeColors(
  db: Kysely<Database>,
  teamId: number,
): Promise<{ short: string; primary: string; secondary: string } | undefined> {
  const team = await db
    .selectFrom("teams")
    .select(["short_code", "primary_color", "secondary_color"])
    .where("id", "=", teamId)
    .executeTakeFirst();
  return team && { short: team.short_code, primary: team.primary_color, secondary: team.secondary_color };
}

export async function listTeams(db: Kysely<Database>, seasonId: number): Promise<TeamOption[]> {
  return db
    .selectFrom("teams as t")
    .innerJoin("season_teams as st", "st.team_id", "t.id")
    .select(["t.id", "t.name"])
    .where("st.season_id", "=", seasonId)
    .orderBy("t.name")
    .execute();
}

/** A season's teams with their short codes, as files name them (domain/files/team-names.ts matches them). */
export async function namedTeams(db: Kysely<Database>, seasonId: number): Promise<NamedTeam[]> {
  const rows = await db
    .selectFrom("teams as t")
    .innerJoin("season_teams as st", "st.team_id", "t.id")
    .select(["t.id", "t.name", "t.short_code"])
    .where("st.season_id", "=", seasonId)
    .orderBy("t.id")
    .execute();
  return rows.map((team) => ({ id: team.id, name: team.name, shortCode: team.short_code }));
}
