import type { Kysely, Selectable } from "kysely";
import type { SeasonRules } from "#app/domain/game/season-rules";
import { keptUntilSeasonChanges } from "#app/data/engine/kept-reads.server";
import type { Database, SeasonsTable } from "#app/data/engine/schema";

/**
 * Seasons (SPEC §8): one is current (the home page and the prediction form show only it); the
 * others are looked at with ?temporada=. A finished season is read-only until it is reopened:
 * every write that changes its results, picks, phases or pools asks `isFinished` first, inside
 * its transaction.
 */

export interface SeasonView {
  id: number;
  name: string;
  competitionId: number;
  competition: string;
  timeZone: string;
  isCurrent: boolean;
  /** When the admin finished it (ISO UTC), or null. */
  finishedAt: string | null;
  rules: SeasonRules;
}

/** What every season-scoped page reads of a season: one indexed row and its competition. */
function seasonQuery(db: Kysely<Database>) {
  return db
    .selectFrom("seasons as s")
    .innerJoin("competitions as c", "c.id", "s.competition_id")
    .selectAll("s")
    .select("c.name as competition");
}

export function toSeasonView(row: Selectable<SeasonsTable> & { competition: string }): SeasonView {
  return {
    id: row.id,
    name: row.name,
    competitionId: row.competition_id,
    competition: row.competition,
    timeZone: row.time_zone,
    isCurrent: row.is_current === 1,
    finishedAt: row.finished_at,
    rules: {
      pointsExact: row.points_exact,
      pointsOutcome: row.points_outcome,
      twoLegBonus: row.two_leg_bonus === 1,
      knockoutScore: row.knockout_score,
      editablePicks: row.editable_picks === 1,
    },
  };
}

/** The current season. There is always one once the database is seeded (runtime start-up). */
export function currentSeason(db: Kysely<Database>): Promise<SeasonView> {
  return keptUntilSeasonChanges(db, "current-season", async () => {
    const row = await seasonQuery(db).where("s.is_current", "=", 1).executeTakeFirst();
    if (!row) throw new Error("No hay temporada actual");
    return toSeasonView(row);
  });
}

export async function findSeason(db: Kysely<Database>, seasonId: number): Promise<SeasonView | undefined> {
  const row = await seasonQuery(db).where("s.id", "=", seasonId).executeTakeFirst();
  return row && toSeasonView(row);
}

/** The season a page shows: ?temporada=<id> when it names one, else the current season. */
export async function seasonToShow(db: Kysely<Database>, requested: number | null | undefined): Promise<SeasonView> {
  return (requested ? await findSeason(db, requested) : undefined) ?? currentSeason(db);
}

/** Every season, newest first, for the 'Temporada' selects. */
export async function listSeasonOptions(db: Kysely<Database>): Promise<{ id: number; name: string; isCurrent: boolean }[]> {
  const rows = await db.selectFrom("seasons").select(["id", "name", "is_current"]).orderBy("id", "desc").execute();
  return rows.map((row) => ({ id: row.id, name: row.name, isCurrent: row.is_current === 1 }));
}

/** Whether the season is finished (read-only), read in the caller's transaction. */
export async function isFinished(db: Kysely<Database>, seasonId: number): Promise<boolean> {
  const row = await db.selectFrom("seasons").select("finished_at").where("id", "=", seasonId).executeTakeFirst();
  return row?.finished_at != null;
}

/** The message every write of a finished season answers. */
export function finishedMessage(seasonName: string): string {
  return `La temporada «${seasonName}» está terminada: el administrador debe reabrirla para hacer cambios`;
}
