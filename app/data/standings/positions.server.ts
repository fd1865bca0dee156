import { type Kysely, sql } from "kysely";
import type { Database } from "#app/data/engine/schema";

/**
 * Players' places in the season's table as it stood when each completed phase ended, read from
 * standings_after_phase (kept by positions-upkeep.server.ts with the standings): lookups by key,
 * nothing ranked per view. A player without a row there had nothing scored by then: 0 points,
 * sharing the place of a zero tally (behind everyone who had some).
 */

export interface PlaceThen {
  /** 1 + the players strictly ahead then (1, 2, 2, 4). */
  place: number;
  /** Cumulative points by the end of that phase. */
  points: number;
}

export interface JornadaPositions {
  /** The season's completed phases, in the season's order. */
  phases: { id: number; name: string }[];
  /**
   * Per player asked for, their place and points after each of `phases` (same index). One with
   * nothing scored by then has 0 points and a zero tally's place.
   */
  byUser: Map<string, PlaceThen[]>;
}

/**
 * The completed phases of a season that have stored positions, in order: all of them but those
 * completed before anyone had a scored pick (no table to tell then).
 */
async function storedPhases(db: Kysely<Database>, seasonId: number): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom("phases as p")
    .select(["p.id", "p.name"])
    .where("p.season_id", "=", seasonId)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom("standings_after_phase as s").select("s.user_id").whereRef("s.phase_id", "=", "p.id")),
    )
    .orderBy("p.position")
    .orderBy("p.id")
    .execute();
}

/**
 * The place a player without a row holds in each of these phases (phase id → place): 1 + the
 * rows above a zero tally.
 */
export async function zeroPlaces(db: Kysely<Database>, phaseIds: readonly number[]): Promise<Map<number, number>> {
  if (phaseIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("standings_after_phase")
    .select(["phase_id", sql<number>`count(*)`.as("ahead")])
    .where("phase_id", "in", [...phaseIds])
    .where(sql<boolean>`(points, exact_hits, outcome_hits) > (0, 0, 0)`)
    .groupBy("phase_id")
    .execute();
  const ahead = new Map(rows.map((row) => [row.phase_id, Number(row.ahead)]));
  return new Map(phaseIds.map((id) => [id, 1 + (ahead.get(id) ?? 0)]));
}

/**
 * Some players' places in one completed phase's stored table (user id → place), a zero tally's
 * place for those without a row.
 */
export async function placesAfterPhase(
  db: Kysely<Database>,
  phaseId: number,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("standings_after_phase")
    .select(["user_id", "place"])
    .where("phase_id", "=", phaseId)
    .where("user_id", "in", [...userIds])
    .execute();
  const places = new Map(rows.map((row) => [row.user_id, Number(row.place)]));
  if (places.size < userIds.length) {
    const zero = (await zeroPlaces(db, [phaseId])).get(phaseId)!;
    for (const userId of userIds) if (!places.has(userId)) places.set(userId, zero);
  }
  return places;
}

/**
 * The course of a season for some players: its completed phases in order and, per player, their
 * place and cumulative points when each ended (`byUser`, aligned with `phases`). Read from the
 * stored positions only (a few key lookups per phase): for /rankings' 'Evolución de la temporada'
 * and a player's page. Every player asked for is in `byUser`.
 */
export async function positionsByJornada(
  db: Kysely<Database>,
  seasonId: number,
  userIds: readonly string[],
): Promise<JornadaPositions> {
  const phases = await storedPhases(db, seasonId);
  const phaseIds = phases.map((phase) => phase.id);
  const rows =
    phases.length === 0 || userIds.length === 0
      ? []
      : await db
          .selectFrom("standings_after_phase")
          .select(["phase_id", "user_id", "place", "points"])
          .where("phase_id", "in", phaseIds)
          .where("user_id", "in", [...userIds])
          .execute();
  const found = new Map(rows.map((row) => [`${row.phase_id}:${row.user_id}`, { place: Number(row.place), points: Number(row.points) }]));
  const lacking = phaseIds.filter((id) => userIds.some((userId) => !found.has(`${id}:${userId}`)));
  const zero = await zeroPlaces(db, lacking);
  const byUser = new Map(
    userIds.map((userId) => [
      userId,
      phaseIds.map((id) => found.get(`${id}:${userId}`) ?? { place: zero.get(id)!, points: 0 }),
    ]),
  );
  return { phases, byUser };
}
