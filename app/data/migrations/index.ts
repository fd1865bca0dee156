import type { Migration } from "kysely";
import * as m0001 from "./0001_initial";
import * as m0002 from "./0002_scores_and_standings";
import * as m0003 from "./0003_roster";

/** Every migration, in order. Imported statically so the server bundle carries them. */
export const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
  "0002_scores_and_standings": m0002,
  "0003_roster": m0003,
};
