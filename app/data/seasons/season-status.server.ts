import type { Kysely } from "kysely";
import type { Database } from "#app/data/engine/schema";
import { type Actor, logChange } from "#app/data/changes/change-log.server";
import { toSeasonView, type SeasonView } from "./current-season.server";

/**
 * 'Temporadas' (/admin/temporadas): every season with what the admin decides by, and the three
 * moves of a season's life: make it the current one, finish it (read-only), reopen it.
 */

export interface SeasonRow extends SeasonView {
  matches: number;
  /** Matches with their official result: the rules are frozen from the first one. */
  withResult: number;
  /** People with at least one pick in the season. */
  players: number;
}

export async function listSeasons(db: Kysely<Database>): Promise<SeasonRow[]> {
  const rows = await db
    .selectFrom("seasons as s")
    .innerJoin("competitions as c", "c.id", "s.competition_id")
    .selectAll("s")
    .select((eb) => [
      "c.name as competition",
      eb
        .selectFrom("matches as m")
        .innerJoin("phases as p", "p.id", "m.phase_id")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("p.season_id", "=", "s.id")
        .as("matches"),
      eb
        .selectFrom("matches as m")
        .innerJoin("phases as p", "p.id", "m.phase_id")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("p.season_id", "=", "s.id")
        .where("m.home_score", "is not", null)
        .as("with_result"),
      eb
        .selectFrom("predictions as pr")
        .innerJoin("matches as m", "m.id", "pr.match_id")
        .innerJoin("phases as p", "p.id", "m.phase_id")
        .select((inner) => inner.fn.count<number>("pr.user_id").distinct().as("n"))
        .whereRef("p.season_id", "=", "s.id")
        .as("players"),
    ])
    .orderBy("s.id", "desc")
    .execute();
  return rows.map((row) => ({
    ...toSeasonView(row),
    matches: Number(row.matches ?? 0),
    withResult: Number(row.with_result ?? 0),
    players: Number(row.players ?? 0),
  }));
}

export type SeasonMove = { ok: true; name: string } | { ok: false; reason: "not-found" | "no-players" };

/** 'Hacer actual': the home page and the prediction form show this season from now on. */
export async function makeCurrent(
  db: Kysely<Database>,
  seasonId: number,
  actor: Actor,
  now: Date = new Date(),
): Promise<SeasonMove> {
  return db.transaction().execute(async (trx) => {
    const season = await trx.selectFrom("seasons").select("name").where("id", "=", seasonId).executeTakeFirst();
    if (!season) return { ok: false as const, reason: "not-found" as const };
    const previous = await trx.selectFrom("seasons").select(["id", "name"]).where("is_current", "=", 1).executeTakeFirst();
    await trx.updateTable("seasons").set({ is_current: 0 }).where("is_current", "=", 1).where("id", "<>", seasonId).execute();
    await trx.updateTable("seasons").set({ is_current: 1 }).where("id", "=", seasonId).execute();
    if (previous?.id !== seasonId) {
      await logChange(
        trx,
        actor,
        { kind: "season-made-current", seasonId, subject: season.name, before: { current: previous?.name ?? null }, after: { current: season.name } },
        now,
      );
    }
    return { ok: true as const, name: season.name };
  });
}

/**
 * 'Terminar temporada' (from now on read-only) or 'Reabrir'. A season nobody has a pick in is not
 * finished (no-players): it has no table to keep, and finishing it would close it before it starts.
 */
export async function setFinished(
  db: Kysely<Database>,
  seasonId: number,
  finished: boolean,
  actor: Actor,
  now: Date = new Date(),
): Promise<SeasonMove> {
  return db.transaction().execute(async (trx) => {
    const season = await trx.selectFrom("seasons").select(["name", "finished_at"]).where("id", "=", seasonId).executeTakeFirst();
    if (!season) return { ok: false as const, reason: "not-found" as const };
    if (finished && season.finished_at === null && !(await hasPlayers(trx, seasonId))) {
      return { ok: false as const, reason: "no-players" as const };
    }
    await trx
      .updateTable("seasons")
      // Finishing twice keeps the first moment.
      .set({ finished_at: finished ? (season.finished_at ?? now.toISOString()) : null })
      .where("id", "=", seasonId)
      .execute();
    // Finishing a finished season, or reopening an open one, changes nothing.
    if ((season.finished_at !== null) !== finished) {
      await logChange(
        trx,
        actor,
        {
          kind: finished ? "season-finished" : "season-reopened",
          seasonId,
          subject: season.name,
          before: { finishedAt: season.finished_at },
          after: { finishedAt: finished ? now.toISOString() : null },
        },
        now,
      );
    }
    return { ok: true as const, name: season.name };
  });
}

/** Whether anyone has a pick in the season (its 'Jugadores' in listSeasons). */
async function hasPlayers(db: Kysely<Database>, seasonId: number): Promise<boolean> {
  const pick = await db
    .selectFrom("predictions as pr")
    .innerJoin("matches as m", "m.id", "pr.match_id")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .select("pr.id")
    .where("p.season_id", "=", seasonId)
    .limit(1)
    .executeTakeFirst();
  return pick !== undefined;
}
