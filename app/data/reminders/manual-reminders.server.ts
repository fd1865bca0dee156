import type { Kysely } from "kysely";

import type { Database } from "#app/data/engine/schema";
import { manualOccasion, manualReminderWait } from "#app/domain/reminders/reminder-rules";

import { insertClaims, missingPlayersClaims, type ChannelAudience } from "./claims.server";
import { currentOpenMatches } from "./open-matches.server";

export type ManualReminderResult =
  | { ok: true; players: number; phaseName: string }
  | { ok: false; reason: "not-found" | "not-current" | "finished" | "no-open-matches" | "nobody" }
  | { ok: false; reason: "too-soon"; minutesAgo: number };

/** The phase, locked: two admins (or two tabs) asking at once wait for each other, and the second sees the first's row. */
async function lockedPhase(trx: Kysely<Database>, phaseId: number) {
  return trx
    .selectFrom("phases as p")
    .innerJoin("seasons as s", "s.id", "p.season_id")
    .select(["p.id", "p.name", "s.is_current", "s.finished_at"])
    .where("p.id", "=", phaseId)
    .forNoKeyUpdate("p")
    .executeTakeFirst();
}

/** The phase's last 'Recordar a los que faltan': when (ISO UTC) and how many it reached. */
export async function lastManualReminder(
  db: Kysely<Database>,
  phaseId: number,
): Promise<{ createdAt: string; players: number } | null> {
  const row = await db
    .selectFrom("manual_reminders")
    .select(["created_at", "players"])
    .where("phase_id", "=", phaseId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? { createdAt: row.created_at, players: row.players } : null;
}

/**
 * 'Recordar a los que faltan': reminds now, on every channel that reaches them, the players
 * missing picks of the phase's open matches, at most once an hour per phase (a row per manual
 * reminder, read and written under the phase's lock). The reminders are claimed here, in the
 * same transaction; the sender delivers them within seconds. Refused for a phase of a season that
 * is not current or is finished, a phase with no open match, or nobody to remind.
 */
export async function remindPhaseNow(
  db: Kysely<Database>,
  { phaseId, adminId, channels, now }: { phaseId: number; adminId: string; channels: readonly ChannelAudience[]; now: Date },
): Promise<ManualReminderResult> {
  return db.transaction().execute(async (trx): Promise<ManualReminderResult> => {
    const phase = await lockedPhase(trx, phaseId);
    if (!phase) return { ok: false, reason: "not-found" };
    if (phase.finished_at !== null) return { ok: false, reason: "finished" };
    if (phase.is_current !== 1) return { ok: false, reason: "not-current" };
    const wait = manualReminderWait((await lastManualReminder(trx, phaseId))?.createdAt ?? null, now);
    if (wait) return { ok: false, reason: "too-soon", minutesAgo: wait.minutesAgo };
    const open = (await currentOpenMatches(trx, now, [phaseId]))?.byPhase.get(phaseId) ?? [];
    if (open.length === 0) return { ok: false, reason: "no-open-matches" };
    const row = await trx
      .insertInto("manual_reminders")
      .values({ phase_id: phaseId, sent_by: adminId, players: 0, created_at: now.toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { claims, players } = await missingPlayersClaims(trx, [[phaseId, open]], channels, manualOccasion(row.id));
    // Nobody reminded: the hour is not spent (the transaction leaves no row behind).
    if (players === 0) {
      await trx.deleteFrom("manual_reminders").where("id", "=", row.id).execute();
      return { ok: false, reason: "nobody" };
    }
    await trx.updateTable("manual_reminders").set({ players }).where("id", "=", row.id).execute();
    await insertClaims(trx, claims, now);
    return { ok: true, players, phaseName: phase.name };
  });
}
