import type { Kysely } from "kysely";

import { chunked } from "#app/data/engine/chunks";
import type { Database } from "#app/data/engine/schema";
import type { ReminderContent } from "#app/domain/reminders/reminder-message";
import { byKickoff, missingMatches } from "#app/domain/reminders/reminder-rules";

import { currentOpenMatches, picksOf } from "./open-matches.server";

export interface Recipient {
  userId: string;
  /** The name the app shows (nickname, else name). */
  name: string;
  email: string;
  emailReminders: boolean;
}

export interface ReminderDetails {
  recipients: Map<string, Recipient>;
  /**
   * What each player's reminder of a phase says, read at delivery (key `${userId}|${phaseId}`):
   * only the matches still open and still missing. Absent when nothing is left to remind (the
   * picks are in, the matches locked, the season no longer current or finished).
   */
  contents: Map<string, ReminderContent>;
}

export const detailKey = (userId: string, phaseId: number) => `${userId}|${phaseId}`;

async function recipients(db: Kysely<Database>, userIds: readonly string[]): Promise<Map<string, Recipient>> {
  const found = new Map<string, Recipient>();
  for (const chunk of chunked(userIds, 500)) {
    const rows = await db
      .selectFrom("users")
      .select(["id", "name", "display_name", "email", "email_reminders"])
      .where("id", "in", chunk)
      .where("deleted_at", "is", null)
      .execute();
    for (const row of rows) {
      found.set(row.id, {
        userId: row.id,
        name: row.display_name?.trim() || row.name,
        email: row.email,
        emailReminders: row.email_reminders === 1,
      });
    }
  }
  return found;
}

/** Who the claimed reminders go to and what they say now (three reads for a whole batch). */
export async function reminderDetails(
  db: Kysely<Database>,
  claims: readonly { userId: string; phaseId: number }[],
  now: Date,
): Promise<ReminderDetails> {
  const userIds = [...new Set(claims.map((claim) => claim.userId))];
  const phaseIds = [...new Set(claims.map((claim) => claim.phaseId))];
  const open = await currentOpenMatches(db, now, phaseIds);
  const contents = new Map<string, ReminderContent>();
  const found = await recipients(db, userIds);
  if (!open) return { recipients: found, contents };
  const matchIds = [...open.byPhase.values()].flat().map((match) => match.id);
  const picks = await picksOf(db, matchIds, userIds);
  for (const { userId, phaseId } of claims) {
    const missing = missingMatches(open.byPhase.get(phaseId) ?? [], picks.get(userId) ?? new Set<number>()).sort(byKickoff);
    if (missing.length === 0) continue;
    contents.set(detailKey(userId, phaseId), {
      phaseName: missing[0]!.phaseName,
      timeZone: open.timeZone,
      matches: missing.map((match) => ({ home: match.home, away: match.away, kickoffAt: match.kickoffAt })),
    });
  }
  return { recipients: found, contents };
}
