import type { Kysely } from "kysely";

import type { Database } from "#app/data/engine/schema";

/**
 * Whether the reminders' sender has anything to do: a claim waiting for its delivery (now or at
 * a retry), or an open-looking match of the current season whose kickoff is within `horizonMs`
 * (a timed reminder may come due). Two reads that stop at their first row: cheap enough to ask
 * every few seconds in a process that serves pages.
 */
export async function hasReminderWork(db: Kysely<Database>, now: Date, horizonMs: number): Promise<boolean> {
  const pending = await db
    .selectFrom("reminder_claims")
    .select("id")
    .where("status", "=", "pending")
    .limit(1)
    .executeTakeFirst();
  if (pending) return true;
  const near = await db
    .selectFrom("matches as m")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .innerJoin("seasons as s", "s.id", "p.season_id")
    .select("m.id")
    .where("s.is_current", "=", 1)
    .where("s.finished_at", "is", null)
    .where("m.active", "=", 1)
    .where("m.home_score", "is", null)
    .where("p.activated_at", "is", null)
    .where("m.kickoff_at", ">", now.toISOString())
    .where("m.kickoff_at", "<", new Date(now.getTime() + horizonMs).toISOString())
    .limit(1)
    .executeTakeFirst();
  return near !== undefined;
}
