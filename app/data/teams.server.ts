import type { Kysely } from "kysely";
import type { NamedTeam } from "#app/domain/team-names";
import type { Database } from "./schema";

export interface TeamOption {
  id: number;
  name: string;
}

/** The season's teams by name, for the admin's selects. */
export async function listTeams(db: Kysely<Database>): Promise<TeamOption[]> {
  return db.selectFrom("teams").select(["id", "name"]).orderBy("name").execute();
}

/** The teams with their short codes, as files name them (domain/team-names.ts matches them). */
export async function namedTeams(db: Kysely<Database>): Promise<NamedTeam[]> {
  const rows = await db.selectFrom("teams").select(["id", "name", "short_code"]).orderBy("id").execute();
  return rows.map((team) => ({ id: team.id, name: team.name, shortCode: team.short_code }));
}
