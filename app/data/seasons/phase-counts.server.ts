import type { Kysely } from "kysely";
import type { Database } from "#app/data/engine/schema";

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
  /** Matches without a kickoff ('Fecha por confirmar'). */
  withoutKickoff: number;
}

/**
 * A season's phases in order, with their match counts, read now (one grouped query): for the
 * kept list of phases (phases.server.ts `listPhases`) and for a write that must see its own
 * transaction's matches (positions-upkeep.server.ts).
 */
export async function readPhases(db: Kysely<Database>, seasonId: number): Promise<PhaseOption[]> {
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
      eb.fn
        .sum<number | null>(
          eb
            .case()
            .when(eb.and([eb("m.id", "is not", null), eb("m.kickoff_at", "is", null)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as("without_kickoff"),
    ])
    .where("p.season_id", "=", seasonId)
    .groupBy(["p.id", "p.name", "p.position", "p.activated_at"])
    .orderBy("p.position")
    .orderBy("p.id")
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
    withoutKickoff: Number(row.without_kickoff ?? 0),
  }));
}
