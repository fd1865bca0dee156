import type { Kysely } from "kysely";
import { keptUntilSeasonChanges } from "#app/data/engine/kept-reads.server";
import { refreshPositions } from "#app/data/standings/positions-upkeep.server";
import { lockMatches } from "./matches.server";
import { type PhaseOption, readPhases } from "./phase-counts.server";
import type { Database } from "#app/data/engine/schema";
import { type Actor, logChange } from "#app/data/changes/change-log.server";


/** A season's phases in order, with their match counts (one query, kept until the season changes). */
export function listPhases(db: Kysely<Database>, seasonId: number): Promise<PhaseOption[]> {
  return keptUntilSeasonChanges(db, `phases-${seasonId}`, () => readPhases(db, seasonId));
}

/** One of the season's phases, or undefined. */
export async function findPhase(
  db: Kysely<Database>,
  seasonId: number,
  phaseId: number,
): Promise<{ id: number; name: string } | undefined> {
  return db
    .selectFrom("phases")
    .select(["id", "name"])
    .where("id", "=", phaseId)
    .where("season_id", "=", seasonId)
    .executeTakeFirst();
}

/**
 * Per phase of a season, the predictions captured and how many players captured any (phase id →
 * counts), and how many players there are: the activation screen says who is still missing
 * before a phase's picks close.
 */
export async function captureCountsByPhase(
  db: Kysely<Database>,
  seasonId: number,
): Promise<{ byPhase: Map<number, { predictions: number; players: number }>; people: number }> {
  const [rows, people] = await Promise.all([
    db
      .selectFrom("predictions as pr")
      .innerJoin("matches as m", "m.id", "pr.match_id")
      .innerJoin("phases as p", "p.id", "m.phase_id")
      .select((eb) => ["m.phase_id", eb.fn.countAll<number>().as("n"), eb.fn.count<number>("pr.user_id").distinct().as("players")])
      .where("p.season_id", "=", seasonId)
      .groupBy("m.phase_id")
      .execute(),
    db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).where("deleted_at", "is", null).executeTakeFirstOrThrow(),
  ]);
  return {
    byPhase: new Map(rows.map((row) => [row.phase_id, { predictions: Number(row.n), players: Number(row.players) }])),
    people: Number(people.n),
  };
}

/** A write to a phase: done, or why not (no such phase, or its season is finished). */
export type PhaseWrite<T> = ({ ok: true } & T) | { ok: false; reason: "not-found" } | { ok: false; reason: "finished"; seasonName: string };

/** The phase's name and whether its season is finished, read in the caller's transaction. */
function phaseForWrite(db: Kysely<Database>, phaseId: number) {
  return db
    .selectFrom("phases as p")
    .innerJoin("seasons as s", "s.id", "p.season_id")
    .select(["p.name", "p.season_id", "p.activated_at", "s.name as season_name", "s.finished_at"])
    .where("p.id", "=", phaseId);
}

/** Sets `active` on every match of the phase (and the positions its completion moves). */
export async function setPhaseActive(
  db: Kysely<Database>,
  phaseId: number,
  active: boolean,
  actor: Actor,
  now: Date = new Date(),
): Promise<PhaseWrite<{ phaseName: string; matches: number }>> {
  return db.transaction().execute(async (trx) => {
    // Its matches locked first, in the order every writer takes them (data/seasons/matches.server.ts);
    // the phase row is only read.
    await lockMatches(trx, { phaseId });
    const phase = await phaseForWrite(trx, phaseId).executeTakeFirst();
    if (!phase) return { ok: false as const, reason: "not-found" as const };
    if (phase.finished_at !== null) return { ok: false as const, reason: "finished" as const, seasonName: phase.season_name };
    const before = await trx
      .selectFrom("matches")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("phase_id", "=", phaseId)
      .where("active", "=", 1)
      .executeTakeFirstOrThrow();
    const result = await trx
      .updateTable("matches")
      .set({ active: active ? 1 : 0, updated_at: now.toISOString() })
      .where("phase_id", "=", phaseId)
      .executeTakeFirst();
    const matches = Number(result.numUpdatedRows);
    const activeBefore = Number(before.n);
    const activeAfter = active ? matches : 0;
    if (activeBefore !== activeAfter) {
      await logChange(
        trx,
        actor,
        {
          kind: active ? "phase-opened" : "phase-closed",
          seasonId: phase.season_id,
          subject: phase.name,
          before: { activeMatches: activeBefore },
          after: { activeMatches: activeAfter },
        },
        now,
      );
    }
    // Whether the phase is completed may change (its matches' results were entered before).
    await refreshPositions(trx, phase.season_id, [phaseId]);
    return { ok: true as const, phaseName: phase.name, matches };
  });
}

/**
 * 'Activar Quinielas': marks every prediction of the phase's matches as activated and closes the
 * phase (activated_at, kept from the first activation), in one transaction; with how many
 * predictions the phase holds, all now activated.
 */
export async function activatePhase(
  db: Kysely<Database>,
  phaseId: number,
  actor: Actor,
  now: Date = new Date(),
): Promise<PhaseWrite<{ phaseName: string; activated: number }>> {
  return db.transaction().execute(async (trx) => {
    // The phase locked until this commits (PostgreSQL): a save of picks that checks it is under
    // way finishes first, so its picks are marked too, and one that starts now waits, then sees
    // the phase activated (data/predictions/save-predictions.server.ts). No match is locked: none is written.
    const phase = await phaseForWrite(trx, phaseId).forNoKeyUpdate("p").executeTakeFirst();
    if (!phase) return { ok: false as const, reason: "not-found" as const };
    if (phase.finished_at !== null) return { ok: false as const, reason: "finished" as const, seasonName: phase.season_name };
    const stamp = now.toISOString();
    const result = await trx
      .updateTable("predictions")
      .set({ activated: 1, updated_at: stamp })
      .where("match_id", "in", (eb) => eb.selectFrom("matches").select("id").where("phase_id", "=", phaseId))
      .executeTakeFirst();
    if (phase.activated_at === null) {
      await trx.updateTable("phases").set({ activated_at: stamp }).where("id", "=", phaseId).execute();
    }
    await logChange(
      trx,
      actor,
      {
        kind: "pools-activated",
        seasonId: phase.season_id,
        subject: phase.name,
        before: { activatedAt: phase.activated_at },
        after: { activated: Number(result.numUpdatedRows) },
      },
      now,
    );
    return { ok: true as const, phaseName: phase.name, activated: Number(result.numUpdatedRows) };
  });
}
