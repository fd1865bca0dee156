import { type Compilable, type Kysely, sql } from "kysely";
import type { Tally } from "#app/domain/standings/standings";
import { type MovementReference, movementReference, type PhaseProgress } from "#app/domain/standings/movement";
import { runCompiled } from "#app/data/engine/compiled-queries.server";
import type { Database } from "#app/data/engine/schema";

/**
 * Players' places in a season's table and how they moved (domain/standings/movement.ts), read from the
 * stored standings only: the season's totals (standings_total) are the table now, and the table
 * as it stood when the jornada before the last completed one was over is stored
 * (standings_after_phase, positions-upkeep.server.ts): a lookup, nothing ranked again.
 *
 * A rank is 1 + the players strictly ahead by points, exact hits, then correct outcomes (SQL's
 * row comparison `(a, b, c) > (x, y, z)` is that order). A player without a stored row has
 * nothing yet: 0 points, behind everyone who has some.
 */

export interface Place extends Tally {
  userId: string;
  /** Rank now (1, 2, 2, 4). */
  rank: number;
  /** Rank in the table after `previousPhaseId`; null when there was no such table (no previous jornada). */
  previousRank: number | null;
  /** Their tally in the phase asked for (the last completed one), zero without a row there. */
  phase: Tally;
}

export interface PlacesQuery {
  seasonId: number;
  /** The completed phase whose stored table the movement starts from; null: no movement (no such table). */
  previousPhaseId: number | null;
  /** A phase whose tally to return too, or null. */
  phaseId: number | null;
}

interface Values {
  [name: string]: string | number | null | readonly (string | number)[];
  seasonId: number;
  previousPhaseId: number | null;
  phaseId: number | null;
  userIds: string[];
}

/**
 * A player's stored place after the previous phase, or a zero tally's (1 + the rows above it)
 * when they had nothing then; null without a previous phase.
 */
function placeBefore(v: Values, hasPrevious: boolean, user: ReturnType<typeof sql>) {
  // Known when the query is built (its values are stand-ins then): each case compiled apart.
  if (!hasPrevious) return sql`null`;
  return sql`coalesce(
    (select b.place from standings_after_phase b where b.phase_id = ${v.previousPhaseId} and b.user_id = ${user}),
    1 + (select count(*) from standings_after_phase z
         where z.phase_id = ${v.previousPhaseId} and (z.points, z.exact_hits, z.outcome_hits) > (0, 0, 0)))`;
}

/**
 * One player's place: their own rows (lookups by key) and one count over the season's totals,
 * who is ahead now.
 */
function onePlaceQuery(db: Kysely<Database>, v: Values, hasPrevious: boolean): Compilable<PlaceRow> {
  const [userId] = v.userIds;
  const query = sql<PlaceRow>`
    with me as (
      select coalesce(max(st.points), 0) as points, coalesce(max(st.exact_hits), 0) as exact_hits,
             coalesce(max(st.outcome_hits), 0) as outcome_hits
      from standings_total st where st.season_id = ${v.seasonId} and st.user_id = ${userId}
    )
    select me.points, me.exact_hits, me.outcome_hits,
      1 + (select count(*) from standings_total st
           where st.season_id = ${v.seasonId}
             and (st.points, st.exact_hits, st.outcome_hits) > (me.points, me.exact_hits, me.outcome_hits)) as rnk,
      ${placeBefore(v, hasPrevious, sql`${userId}`)} as before_rnk,
      ph.points as phase_points, ph.exact_hits as phase_exact_hits, ph.outcome_hits as phase_outcome_hits
    from me left join standings_phase ph on ph.phase_id = ${v.phaseId} and ph.user_id = ${userId}`;
  return { compile: () => query.compile(db) };
}

interface PlaceRow {
  /** In the many-player query. */
  user_id?: string;
  points: number;
  exact_hits: number;
  outcome_hits: number;
  rnk: number;
  before_rnk: number | null;
  phase_points: number | null;
  phase_exact_hits: number | null;
  phase_outcome_hits: number | null;
}

/**
 * A line nobody holds, at 0 points, in the many-player query: a player without a stored total
 * has its ranks. Points are never negative, so it passes nobody.
 */
const NOBODY = "";

/**
 * Several players' places: the table now ranked once (RANK() over the season's totals), then the
 * rows asked for, each with its stored place before.
 */
function manyPlacesQuery(db: Kysely<Database>, v: Values, hasPrevious: boolean): Compilable<PlaceRow> {
  const query = sql<PlaceRow>`
    with lines as (
      select st.user_id, st.points, st.exact_hits, st.outcome_hits
      from standings_total st
      where st.season_id = ${v.seasonId}
      union all
      select ${sql.lit(NOBODY)}, 0, 0, 0
    ),
    ranked as (
      select user_id, points, exact_hits, outcome_hits,
             rank() over (order by points desc, exact_hits desc, outcome_hits desc) as rnk
      from lines
    )
    select r.user_id, r.points, r.exact_hits, r.outcome_hits, r.rnk, ${placeBefore(v, hasPrevious, sql`r.user_id`)} as before_rnk,
           ph.points as phase_points, ph.exact_hits as phase_exact_hits, ph.outcome_hits as phase_outcome_hits
    from ranked r left join standings_phase ph on ph.phase_id = ${v.phaseId} and ph.user_id = r.user_id
    where r.user_id in (${sql.join(v.userIds)}) or r.user_id = ${sql.lit(NOBODY)}`;
  return { compile: () => query.compile(db) };
}

/**
 * The places of some players in a season's table (user id → place); every one asked for is
 * there. One statement, compiled once: the home page asks it on every view, for one player; a
 * table's page would ask it for its rows.
 */
export async function seasonPlaces(db: Kysely<Database>, query: PlacesQuery, userIds: readonly string[]): Promise<Map<string, Place>> {
  if (userIds.length === 0) return new Map();
  const values: Values = {
    seasonId: query.seasonId,
    previousPhaseId: query.previousPhaseId,
    phaseId: query.phaseId,
    userIds: [...userIds],
  };
  const hasPrevious = query.previousPhaseId !== null;
  const shape = hasPrevious ? "" : ":first";
  const rows =
    userIds.length === 1
      ? await runCompiled(db, `season-place${shape}`, values, (v) => onePlaceQuery(db, v, hasPrevious))
      : await runCompiled(db, `season-places${shape}`, values, (v) => manyPlacesQuery(db, v, hasPrevious));
  const toPlace = (row: PlaceRow | undefined, userId: string): Place => ({
    userId,
    points: Number(row?.points ?? 0),
    exactHits: Number(row?.exact_hits ?? 0),
    outcomeHits: Number(row?.outcome_hits ?? 0),
    rank: Number(row?.rnk ?? 1),
    previousRank: query.previousPhaseId === null ? null : Number(row?.before_rnk ?? 1),
    phase: {
      points: Number(row?.phase_points ?? 0),
      exactHits: Number(row?.phase_exact_hits ?? 0),
      outcomeHits: Number(row?.phase_outcome_hits ?? 0),
    },
  });
  if (userIds.length === 1) return new Map([[userIds[0]!, toPlace(rows[0], userIds[0]!)]]);
  const byUser = new Map(rows.map((row) => [row.user_id, row]));
  const nobody = byUser.get(NOBODY);
  return new Map(userIds.map((userId) => [userId, toPlace(byUser.get(userId) ?? nobody, userId)]));
}

/**
 * The places query for a season as its phases stand: the movement from the jornada before the
 * last completed one (domain/standings/movement.ts), and the last completed one's tally.
 */
export function placesSince(
  season: { id: number },
  phases: readonly PhaseProgress[],
): { query: PlacesQuery; reference: MovementReference } {
  const reference = movementReference(phases);
  return {
    query: {
      seasonId: season.id,
      previousPhaseId: reference.previous?.id ?? null,
      phaseId: reference.last?.id ?? null,
    },
    reference,
  };
}
