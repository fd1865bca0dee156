import type { Kysely } from "kysely";

import type { Database } from "#app/data/engine/schema";
import { defaultSeason, type SeasonFile } from "#app/data/seasons/write-season.server";
import type { Score } from "#app/domain/game/scoring";

/** A match of the database with what the season file says about it (real kickoff and result). */
export interface SeasonMatch {
  id: number;
  phaseId: number;
  phasePosition: number;
  /** ISO-8601 UTC, as the app stores timestamps. */
  kickoffAt: string;
  /** After 90 minutes; and after extra time and penalties when the file has them. */
  result: Score;
  extraTime: Score | null;
  penalties: Score | null;
}

const key = (phase: string, home: string | null, away: string | null) => `${phase}|${home ?? ""}|${away ?? ""}`;

const pair = (home: number | null | undefined, away: number | null | undefined): Score | null =>
  home != null && away != null ? { home, away } : null;

/**
 * A season's fixtures (the first season is seeded without kickoff or result) matched to its
 * season file by phase and teams, in season order.
 */
export async function seasonMatches(
  db: Kysely<Database>,
  seasonId: number,
  file: SeasonFile = defaultSeason,
): Promise<SeasonMatch[]> {
  const rows = await db
    .selectFrom("matches as m")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .leftJoin("teams as h", "h.id", "m.home_team_id")
    .leftJoin("teams as a", "a.id", "m.away_team_id")
    .select(["m.id", "m.phase_id", "p.name as phase", "p.position", "h.name as home", "a.name as away"])
    .where("p.season_id", "=", seasonId)
    .orderBy("m.id")
    .execute();
  const byKey = new Map<string, (typeof rows)[number][]>();
  for (const row of rows) {
    const list = byKey.get(key(row.phase, row.home, row.away)) ?? [];
    list.push(row);
    byKey.set(key(row.phase, row.home, row.away), list);
  }
  const matches: SeasonMatch[] = [];
  for (const fixture of file.matches) {
    const row = byKey.get(key(fixture.phase, fixture.home, fixture.away))?.shift();
    if (!row)
      throw new Error(`El partido ${fixture.phase}: ${fixture.home} vs ${fixture.away} no está en la base de datos`);
    if (fixture.kickoff === null || fixture.home_score === null || fixture.away_score === null) {
      throw new Error(`El archivo de temporada no trae horario o resultado de ${fixture.home} vs ${fixture.away}`);
    }
    matches.push({
      id: row.id,
      phaseId: row.phase_id,
      phasePosition: row.position,
      kickoffAt: new Date(fixture.kickoff).toISOString(),
      result: { home: fixture.home_score, away: fixture.away_score },
      extraTime: pair(fixture.home_score_extra_time, fixture.away_score_extra_time),
      penalties: pair(fixture.home_penalties, fixture.away_penalties),
    });
  }
  return matches;
}

/** Gives the matches their real kickoff time and result (or clears them), and sets them active. */
export async function setMatchState(
  db: Kysely<Database>,
  match: SeasonMatch,
  { withResult, withKickoff, active }: { withResult: boolean; withKickoff: boolean; active: boolean },
  now: string,
): Promise<void> {
  await db
    .updateTable("matches")
    .set({
      kickoff_at: withKickoff ? match.kickoffAt : null,
      home_score: withResult ? match.result.home : null,
      away_score: withResult ? match.result.away : null,
      home_score_extra_time: withResult ? (match.extraTime?.home ?? null) : null,
      away_score_extra_time: withResult ? (match.extraTime?.away ?? null) : null,
      home_penalties: withResult ? (match.penalties?.home ?? null) : null,
      away_penalties: withResult ? (match.penalties?.away ?? null) : null,
      active: active ? 1 : 0,
      updated_at: now,
    })
    .where("id", "=", match.id)
    .execute();
}

/** Marks phases activated ('Activar Quinielas') at the first kickoff of each, as an admin would. */
export async function activatePhases(db: Kysely<Database>, matches: readonly SeasonMatch[]): Promise<void> {
  const firstKickoff = new Map<number, string>();
  for (const match of matches) {
    const current = firstKickoff.get(match.phaseId);
    if (!current || match.kickoffAt < current) firstKickoff.set(match.phaseId, match.kickoffAt);
  }
  for (const [phaseId, kickoff] of firstKickoff) {
    await db.updateTable("phases").set({ activated_at: kickoff }).where("id", "=", phaseId).execute();
  }
}
