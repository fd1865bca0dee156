import type { Migration } from "kysely";
import * as m0001 from "./0001_initial";
import * as m0002 from "./0002_scores_and_standings";
import * as m0003 from "./0003_roster";
import { seasonsMigration } from "./0004_seasons";
import * as m0005 from "./0005_standings_upkeep";
import * as m0006 from "./0006_season_mark";
import * as m0007 from "./0007_deleted_players";
import * as m0008 from "./0008_push";
import * as m0009 from "./0009_calendar";
import * as m0010 from "./0010_phase_top_index";
import * as m0011 from "./0011_reminders";
import * as m0012 from "./0012_standings_after_phase";
import * as m0013 from "./0013_change_log";
import * as m0014 from "./0014_pick_counts";
import * as m0015 from "./0015_pick_counts_names";
import * as m0016 from "./0016_list_names_folded";

/** What the migrations take from the settings: only the upgrade to seasons names its first season. */
export interface MigrationSettings {
  /** SEASON_NAME: the name of the season an existing database's matches become (0004). */
  firstSeasonName: string;
  /** APP_TIMEZONE: that season's time zone. */
  timeZone: string;
}

/** Every migration, in order. Imported statically so the server bundle carries them. */
export function migrationsFor(settings: MigrationSettings): Record<string, Migration> {
  return {
    "0001_initial": m0001,
    "0002_scores_and_standings": m0002,
    "0003_roster": m0003,
    "0004_seasons": seasonsMigration(settings),
    "0005_standings_upkeep": m0005,
    "0006_season_mark": m0006,
    "0007_deleted_players": m0007,
    "0008_push": m0008,
    "0009_calendar": m0009,
    "0010_phase_top_index": m0010,
    "0011_reminders": m0011,
    "0012_standings_after_phase": m0012,
    "0013_change_log": m0013,
    "0014_pick_counts": m0014,
    "0015_pick_counts_names": m0015,
    "0016_list_names_folded": m0016,
  };
}
