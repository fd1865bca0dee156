import type { Kysely } from "kysely";
import type { Database } from "./schema";

export interface TeamOption {
  id: number;
  name: string;
}

/** The season's teams by name, for the admin's selects. */
export async function listTeams(db: Kysely<Database>): Promise<TeamOption[]> {
  return db.selectFrom("teams").select(["id", "name"]).orderBy("name").execute();
}
