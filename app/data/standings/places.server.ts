import { type Compilable, type Kysely, sql } from "kysely";
import type { Tally } from "#app/domain/game/standings";
import { type MovementReference, movementReference, type PhaseProgress } from "#app/domain/game/movement";
import { runCompiled } from "#app/data/engine/compiled-queries.server";
import type { Database } from "#app/data/engine/schema";

/**
 * Players' places in a season's table and how they moved (domain/game/movement.ts), read from the
 * stored standings only: the season's totals (standings_total) are the table now, and the table
 * as it stood when the jornada before the last completed one was over is those totals less the
 * points stored since, per phase (standings_phase). No prediction is read or scored again.
 *
 * A rank is 1 + the players strictly ahead by points, exact hits, then correct outcomes (SQL's
 * row comparison `(a, b, c) > (x, y, z)` is that order). A player without a stored total has
 * nothing yet: 0 points, behind everyone who has some.
 */

export interface Place extends Tally {
  userId: string;
  /** Rank now (1, 2, 2, 4). */
  rank: number;
  /** Rank in the table before `since`; null when there was no such table (no previous jornada). */
  previousRank: number | null;
  /** Their tally in the phase asked for (the last completed one), zero without a row there. */
  phase: Tally;
}

export interface PlacesQuery {
  seasonId: number;
  /** The phases scored since the table the movement starts from; null: no movement (no such table). */
  since: readonly number[] | null;
  /** A phase whose tally to return too, or null. */
  phaseId: number | null;
}

interface Values {
  [name: string]: string | number | null | readonly (string | number)[];
  seasonId: number;
  since: number[];
  phaseId: number | null;
  userIds: string[];
}

/** `sp.phase_id in (…since)`, or false without phases (`in ()` is no SQL). */
const inSince = (v: Values) => (v.since.length > 0 ? sql`sp.phase_id in (${sql.join(v.since)})` : sql`1 = 0`);

/**
 * One player's place: their own rows first (lookups by key), then two counts over the season's
 * totals: who is ahead now, and who was ahead before. Only a player ahead of this one's former
 * tally now can have been ahead then (tallies only grow), so only those have their points since
 * looked up.
 */
function onePlaceQuery(db: Kysely<Database>, v: Values): Compilable<PlaceRow> {
  const [userId] = v.userIds;
  const before = sql`(me.before_points, me.before_exact_hits, me.before_outcome_hits)`;
  // One join per phase since (a jornada or two): on both engines cheaper than a subquery per
  // player or a grouped join.
  const joins = v.since.map((phaseId, i) => {
    const alias = sql.raw(`s${i}`);
    return sql`left join standings_phase ${alias} on ${alias}.phase_id = ${phaseId} and ${alias}.user_id = st.user_id`;
  });
  const less = (column: "points" | "exact_hits" | "outcome_hits") =>
    sql.join(
      [sql.ref(`st.${column}`), ...v.since.map((_, i) => sql`coalesce(${sql.ref(`s${i}.${column}`)}, 0)`)],
      sql` - `,
    );
  const aheadBefore =
    v.since.length === 0
      ? sql`null`
      : sql`1 + (select count(*) from standings_total st ${sql.join(joins, sql` `)}
          where st.season_id = ${v.seasonId} and (st.points, st.exact_hits, st.outcome_hits) > ${before}
            and (${less("points")}, ${less("exact_hits")}, ${less("outcome_hits")}) > ${before})`;
  const query = sql<PlaceRow>`
    with gained as (
      select coalesce(sum(sp.points), 0) as points, coalesce(sum(sp.exact_hits), 0) as exact_hits,
             coalesce(sum(sp.outcome_hits), 0) as outcome_hits
      from standings_phase sp where sp.user_id = ${userId} and ${inSince(v)}
    ),
    mine as (
      select coalesce(max(st.points), 0) as points, coalesce(max(st.exact_hits), 0) as exact_hits,
             coalesce(max(st.outcome_hits), 0) as outcome_hits
      from standings_total st where st.season_id = ${v.seasonId} and st.user_id = ${userId}
    ),
    me as (
      select m.points, m.exact_hits, m.outcome_hits, m.points - g.points as before_points,
             m.exact_hits - g.exact_hits as before_exact_hits, m.outcome_hits - g.outcome_hits as before_outcome_hits
      from mine m cross join gained g
    )
    select me.points, me.exact_hits, me.outcome_hits,
      1 + (select count(*) from standings_total st
           where st.season_id = ${v.seasonId}
             and (st.points, st.exact_hits, st.outcome_hits) > (me.points, me.exact_hits, me.outcome_hits)) as rnk,
      ${aheadBefore} as before_rnk,
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
 * Several players' places: both whole tables ranked once (RANK() over the season's totals, and
 * over the same less the points since), then the rows asked for.
 */
function manyPlacesQuery(db: Kysely<Database>, v: Values): Compilable<PlaceRow> {
  const query = sql<PlaceRow>`
    with gained as (
      select sp.user_id, sum(sp.points) as points, sum(sp.exact_hits) as exact_hits, sum(sp.outcome_hits) as outcome_hits
      from standings_phase sp where ${inSince(v)} group by sp.user_id
    ),
    lines as (
      select st.user_id, st.points, st.exact_hits, st.outcome_hits,
             st.points - coalesce(g.points, 0) as before_points, st.exact_hits - coalesce(g.exact_hits, 0) as before_exact_hits,
             st.outcome_hits - coalesce(g.outcome_hits, 0) as before_outcome_hits
      from standings_total st left join gained g on g.user_id = st.user_id
      where st.season_id = ${v.seasonId}
      union all
      select ${sql.lit(NOBODY)}, 0, 0, 0, 0, 0, 0
    ),
    ranked as (
      select user_id, points, exact_hits, outcome_hits,
             rank() over (order by points desc, exact_hits desc, outcome_hits desc) as rnk,
             rank() over (order by before_points desc, before_exact_hits desc, before_outcome_hits desc) as before_rnk
      from lines
    )
    select r.user_id, r.points, r.exact_hits, r.outcome_hits, r.rnk, r.before_rnk,
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
    since: [...(query.since ?? [])],
    phaseId: query.phaseId,
    userIds: [...userIds],
  };
  const rows =
    userIds.length === 1
      ? await runCompiled(db, "season-place", values, (v) => onePlaceQuery(db, v))
      : await runCompiled(db, "season-places", values, (v) => manyPlacesQuery(db, v));
  const toPlace = (row: PlaceRow | undefined, userId: string): Place => ({
    userId,
    points: Number(row?.points ?? 0),
    exactHits: Number(row?.exact_hits ?? 0),
    outcomeHits: Number(row?.outcome_hits ?? 0),
    rank: Number(row?.rnk ?? 1),
    previousRank: query.since === null ? null : Number(row?.before_rnk ?? 1),
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
 * last completed one (domain/game/movement.ts), and the last completed one's tally.
 */
export function placesSince(
  season: { id: number },
  phases: readonly PhaseProgress[],
): { query: PlacesQuery; reference: MovementReference } {
  const reference = movementReference(phases);
  return {
    query: {
      seasonId: season.id,
      since: reference.previous ? reference.since : null,
      phaseId: reference.last?.id ?? null,
    },
    reference,
  };
}
