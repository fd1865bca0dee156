import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** A phase as the admin screens list it, with how many of its matches exist and are active. */
export interface PhaseOption {
  id: number;
  name: string;
  position: number;
  /** When the admin ran 'Activar Quinielas' for it (ISO UTC), or null. */
  activatedAt: string | null;
  matches: number;
  activeMatches: number;
  /** Active matches still without a result. */
  activeWithoutResult: number;
  /** Matches with their official result. */
  withResult: number;
}

/** The season's phases in order, with their match counts (one query). */
export async function listPhases(db: Kysely<Database>): Promise<PhaseOption[]> {
  const rows = await db
    .selectFrom("phases as p")
    .leftJoin("matches as m", "m.phase_id", "p.id")
    .select((eb) => [
      "p.id",
      "p.name",
      "p.position",
      "p.activated_at",
      eb.fn.count<number>("m.id").as("matches"),
      eb.fn.sum<number | null>(eb.case().when("m.active", "=", 1).then(1).else(0).end()).as("active_matches"),
      eb.fn
        .sum<number | null>(
          eb
            .case()
            .when(eb.and([eb("m.active", "=", 1), eb.or([eb("m.home_score", "is", null), eb("m.away_score", "is", null)])]))
            .then(1)
            .else(0)
            .end(),
        )
        .as("active_without_result"),
      eb.fn
        .sum<number | null>(
          eb
            .case()
            .when(eb.and([eb("m.home_score", "is not", null), eb("m.away_score", "is not", null)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as("with_result"),
    ])
    .groupBy(["p.id", "p.name", "p.position", "p.activated_at"])
    .orderBy("p.position")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    position: row.position,
    activatedAt: row.activated_at,
    matches: Number(row.matches),
    activeMatches: Number(row.active_matches ?? 0),
    activeWithoutResult: Number(row.active_without_result ?? 0),
    withResult: Number(row.with_result ?? 0),
  }));
}

/** Predictions captured per phase (phase id → count), for the activation screen. */
export async function predictionCountsByPhase(db: Kysely<Database>): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("predictions as pr")
    .innerJoin("matches as m", "m.id", "pr.match_id")
    .select((eb) => ["m.phase_id", eb.fn.countAll<number>().as("n")])
    .groupBy("m.phase_id")
    .execute();
  return new Map(rows.map((row) => [row.phase_id, Number(row.n)]));
}

/** Sets `active` on every match of the phase; null when the phase does not exist. */
export async function setPhaseActive(
  db: Kysely<Database>,
  phaseId: number,
  active: boolean,
  now: Date = new Date(),
): Promise<{ phaseName: string; matches: number } | null> {
  return db.transaction().execute(async (trx) => {
    const phase = await trx.selectFrom("phases").select("name").where("id", "=", phaseId).executeTakeFirst();
    if (!phase) return null;
    const result = await trx
      .updateTable("matches")
      .set({ active: active ? 1 : 0, updated_at: now.toISOString() })
      .where("phase_id", "=", phaseId)
      .executeTakeFirst();
    return { phaseName: phase.name, matches: Number(result.numUpdatedRows) };
  });
}

/**
 * 'Activar Quinielas': marks every prediction of the phase's matches as activated and closes the
 * phase (activated_at, kept from the first activation), in one transaction. Null when the phase
 * does not exist; else how many predictions the phase holds, all now activated.
 */
export async function activatePhase(
  db: Kysely<Database>,
  phaseId: number,
  now: Date = new Date(),
): Promise<{ phaseName: string; activated: number } | null> {
  return db.transaction().execute(async (trx) => {
    const phase = await trx
      .selectFrom("phases")
      .select(["name", "activated_at"])
      .where("id", "=", phaseId)
      .executeTakeFirst();
    if (!phase) return null;
    const stamp = now.toISOString();
    const result = await trx
      .updateTable("predictions")
      .set({ activated: 1, updated_at: stamp })
      .where("match_id", "in", (eb) => eb.selectFrom("matches").select("id").where("phase_id", "=", phaseId))
      .executeTakeFirst();
    if (phase.activated_at === null) {
      await trx.updateTable("phases").set({ activated_at: stamp }).where("id", "=", phaseId).execute();
    }
    return { phaseName: phase.name, activated: Number(result.numUpdatedRows) };
  });
}
