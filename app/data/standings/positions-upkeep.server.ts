import { type Kysely, PostgresAdapter, type SelectQueryBuilder, sql } from "kysely";
import { isCompleted } from "#app/domain/standings/movement";
import type { Database } from "#app/data/engine/schema";
import { readPhases } from "#app/data/seasons/phase-counts.server";

/**
 * Keeps standings_after_phase true (migration 0012): the season's table as it stood when each
 * completed phase ended (every active match with its result), places and cumulative tallies, for
 * movement and the season's chart (positions.server.ts) to read instead of ranking a season per
 * view. Call inside the transaction that changes the standings (upkeep.server.ts, a player's
 * deletion) or what completes a phase (a phase's matches switched on or off), after the change
 * and as its last write of standings (the lock below is taken last).
 *
 * Only the phases a change can move are written again: from the changed phase on, each completed
 * one from the one before it (one upsert … SELECT with RANK() per phase: the previous completed
 * phase's stored rows plus the phase points stored since). A phase no longer completed loses its
 * rows. A result in a jornada still being played, with no completed phase after it, writes nothing.
 */

/** The advisory lock's first key: one writer of a season's stored positions at a time. */
const POSITIONS_LOCK = 46_012;

/**
 * Makes the transaction the only writer of these seasons' stored positions until it ends. On
 * PostgreSQL two writes of one season (two results saved at once, a result beside an account's
 * deletion) would each delete a phase's rows and insert them again from what they saw, the second
 * failing on the rows the first inserted, or shifting places the first rewrote. Taken last, after
 * the matches and standings rows a write locks, and in season order, so no two writers wait on
 * each other in a circle. SQLite has a single writer already.
 */
async function lockPositions(db: Kysely<Database>, seasonIds: readonly number[]): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const seasonId of [...new Set(seasonIds)].sort((a, b) => a - b)) {
    await db.selectNoFrom(sql`pg_advisory_xact_lock(${sql.lit(POSITIONS_LOCK)}, ${seasonId}::int)`.as("locked")).execute();
  }
}

/**
 * Takes the positions lock of the seasons of these phases, for a write that later drops a player
 * from them (dropFromPositions): call it right after the matches are locked and before any user
 * row is, since a result saved meanwhile, holding the lock, checks its rows' users (their foreign
 * key) and would wait for a user row locked before.
 */
export async function lockPositionsOf(
  db: Kysely<Database>,
  phaseIds: SelectQueryBuilder<Database, "phases", { id: number }>,
): Promise<void> {
  const seasons = await db.selectFrom("phases").select("season_id").distinct().where("id", "in", phaseIds).execute();
  await lockPositions(
    db,
    seasons.map((row) => row.season_id),
  );
}

interface PhaseState {
  id: number;
  completed: boolean;
}

/** The season's phases in order, and which are completed, as this transaction sees its matches. */
async function phaseStates(db: Kysely<Database>, seasonId: number): Promise<PhaseState[]> {
  // The rule is the domain's, as the pages that read these rows apply it (winners, movement).
  return (await readPhases(db, seasonId)).map((phase) => ({ id: phase.id, completed: isCompleted(phase) }));
}

/**
 * Writes phase `phaseId`'s rows: the stored rows of `base` (the completed phase before it, or
 * none) plus the phase points of `gained` (every phase after `base` up to this one), ranked.
 * Rows already stored are updated in place, and only where they changed, rather than deleted and
 * inserted again: a correction of an early jornada rewrites every later one, and re-inserting
 * each jornada's table cost an index entry per row and, on PostgreSQL, two foreign-key checks.
 * Whoever has no points left to count (a result reset, an account's picks dropped) loses the row.
 */
async function writePhase(db: Kysely<Database>, phaseId: number, base: number | null, gained: readonly number[]): Promise<void> {
  const before =
    base === null
      ? sql``
      : sql`select user_id, points, exact_hits, outcome_hits from standings_after_phase where phase_id = ${base} union all `;
  const counted = sql`${before}select user_id, points, exact_hits, outcome_hits from standings_phase where phase_id in (${sql.join(gained)})`;
  // `where true`: SQLite's grammar needs a WHERE before an upsert's ON CONFLICT after a SELECT.
  await sql`
    insert into standings_after_phase (phase_id, user_id, place, points, exact_hits, outcome_hits)
    select ${sql.lit(phaseId)}, t.user_id,
      rank() over (order by sum(t.points) desc, sum(t.exact_hits) desc, sum(t.outcome_hits) desc),
      sum(t.points), sum(t.exact_hits), sum(t.outcome_hits)
    from (${counted}) t
    where true
    group by t.user_id
    on conflict (phase_id, user_id) do update set
      place = excluded.place, points = excluded.points, exact_hits = excluded.exact_hits, outcome_hits = excluded.outcome_hits
    where standings_after_phase.place <> excluded.place
      or standings_after_phase.points <> excluded.points
      or standings_after_phase.exact_hits <> excluded.exact_hits
      or standings_after_phase.outcome_hits <> excluded.outcome_hits`.execute(db);
  await sql`
    delete from standings_after_phase
    where phase_id = ${phaseId} and user_id not in (select t.user_id from (${counted}) t)`.execute(db);
}

/**
 * Brings a season's stored positions up to date from phase `fromPhaseIds`' earliest on (the
 * phases whose points or completion changed), or from its first phase when null.
 */
export async function refreshPositions(
  db: Kysely<Database>,
  seasonId: number,
  fromPhaseIds: readonly number[] | null,
): Promise<void> {
  await lockPositions(db, [seasonId]);
  const phases = await phaseStates(db, seasonId);
  const start = fromPhaseIds === null ? 0 : phases.findIndex((phase) => fromPhaseIds.includes(phase.id));
  if (start < 0) return;
  const later = phases.slice(start);
  // A phase no longer completed has no table; a completed one is written over below.
  const unfinished = later.filter((phase) => !phase.completed).map((phase) => phase.id);
  if (unfinished.length > 0) await db.deleteFrom("standings_after_phase").where("phase_id", "in", unfinished).execute();
  if (!later.some((phase) => phase.completed)) return;
  let base: number | null = phases.slice(0, start).findLast((phase) => phase.completed)?.id ?? null;
  let gained: number[] = phases.slice(phases.findIndex((phase) => phase.id === base) + 1, start).map((phase) => phase.id);
  for (const phase of later) {
    gained.push(phase.id);
    if (!phase.completed) continue;
    await writePhase(db, phase.id, base, gained);
    base = phase.id;
    gained = [];
  }
}

/**
 * A player's standings leave some phases (`phaseIds`, a query of phase ids: their account deleted,
 * their picks dropped in the seasons still open): whoever was behind them moves up one place there,
 * and their rows go. Nobody else's tally changes, so nothing is ranked again. Call before their
 * standings rows are deleted.
 */
export async function dropFromPositions(
  db: Kysely<Database>,
  userId: string,
  phaseIds: SelectQueryBuilder<Database, "phases", { id: number }>,
): Promise<void> {
  await lockPositionsOf(db, phaseIds);
  await db
    .updateTable("standings_after_phase as s")
    .set((eb) => ({ place: eb("s.place", "-", 1) }))
    .where("s.phase_id", "in", phaseIds)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("standings_after_phase as d")
          .select("d.user_id")
          .whereRef("d.phase_id", "=", "s.phase_id")
          .where("d.user_id", "=", userId)
          .where(sql<boolean>`(d.points, d.exact_hits, d.outcome_hits) > (s.points, s.exact_hits, s.outcome_hits)`),
      ),
    )
    .execute();
  await db.deleteFrom("standings_after_phase").where("user_id", "=", userId).where("phase_id", "in", phaseIds).execute();
}
