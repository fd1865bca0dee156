import { lockReason, type MatchState } from "#app/domain/game/locking";

/**
 * Who is reminded of what, and when (issue 45): a player with at least one open match of the
 * current season without a pick, once the first kickoff among those missing matches is less than
 * each of REMINDER_HOURS away (24 h, then 2 h, by default). Times are ISO-8601 UTC strings and
 * `now` is passed in, so the rules are tested at any moment.
 */

/** A match of the current season as the reminders read it. */
export interface ReminderMatch extends MatchState {
  id: number;
  phaseId: number;
}

/**
 * A match a player can still predict: active, both teams known, no result, its phase's pools not
 * activated and its kickoff (when it has one) ahead — the prediction form's own rule.
 */
export function openForPicks(match: MatchState, now: Date): boolean {
  return lockReason(match, now) === null;
}

/** The open matches of each phase, in the order given (the season's), by phase id. */
export function openMatchesByPhase<T extends ReminderMatch>(matches: readonly T[], now: Date): Map<number, T[]> {
  const byPhase = new Map<number, T[]>();
  for (const match of matches) {
    if (!openForPicks(match, now)) continue;
    const list = byPhase.get(match.phaseId) ?? [];
    list.push(match);
    byPhase.set(match.phaseId, list);
  }
  return byPhase;
}

/** The phase's open matches this player has not predicted. */
export function missingMatches<T extends { id: number }>(open: readonly T[], picked: ReadonlySet<number>): T[] {
  return open.filter((match) => !picked.has(match.id));
}

/** Kickoff order, matches without one last, then by id: how a reminder lists them on either engine. */
export function byKickoff(
  a: { id: number; kickoffAt: string | null },
  b: { id: number; kickoffAt: string | null },
): number {
  if (a.kickoffAt !== b.kickoffAt) {
    if (a.kickoffAt === null) return 1;
    if (b.kickoffAt === null) return -1;
    return Date.parse(a.kickoffAt) - Date.parse(b.kickoffAt) || a.id - b.id;
  }
  return a.id - b.id;
}

/** The earliest kickoff among these matches (ISO UTC), or null when none has one. */
export function firstKickoff(matches: readonly { kickoffAt: string | null }[]): string | null {
  let first: string | null = null;
  for (const { kickoffAt } of matches) {
    if (kickoffAt !== null && (first === null || Date.parse(kickoffAt) < Date.parse(first))) first = kickoffAt;
  }
  return first;
}

const HOUR_MS = 3_600_000;

/**
 * The timed reminder due for these missing matches of one phase: the smallest of `hours` that
 * the first kickoff among them is closer than, or null. Matches without a kickoff bring none; a
 * kickoff already passed neither (the match is no longer open). Only the most urgent one is due:
 * a player first found 90 minutes before kickoff gets the 2-hour reminder, not the 24-hour one
 * too; and the one a stopped server missed goes out when it starts, while the kickoff is ahead.
 */
export function dueThreshold(
  missing: readonly { kickoffAt: string | null }[],
  hours: readonly number[],
  now: Date,
): number | null {
  const first = firstKickoff(missing);
  if (first === null) return null;
  const left = Date.parse(first) - now.getTime();
  if (left <= 0) return null;
  const passed = hours.filter((hour) => left < hour * HOUR_MS);
  return passed.length === 0 ? null : Math.min(...passed);
}

/** The claim's occasion (data/reminders): a timed reminder by its hours, a manual one by its id. */
export const timedOccasion = (hours: number): string => String(hours);
export const manualOccasion = (manualReminderId: number): string => `manual-${manualReminderId}`;

/** 'Recordar a los que faltan' may be used once an hour per phase. */
export const MANUAL_REMINDER_INTERVAL_MS = HOUR_MS;

/**
 * When a manual reminder of this phase may be sent again, given the last one (ISO UTC): null when
 * it may now, else the whole minutes since the last one (for 'hace 12 minutos').
 */
export function manualReminderWait(lastSentAt: string | null, now: Date): { minutesAgo: number } | null {
  if (lastSentAt === null) return null;
  const elapsed = now.getTime() - Date.parse(lastSentAt);
  if (elapsed >= MANUAL_REMINDER_INTERVAL_MS) return null;
  return { minutesAgo: Math.max(0, Math.floor(elapsed / 60_000)) };
}

/** Deliveries a reminder gets before it is given up (a retry after each failure). */
export const MAX_ATTEMPTS = 8;

/**
 * How long after its `attempts`-th failed delivery a reminder is tried again: the check's
 * interval, doubled with each failure, at most half an hour (an SMTP server down for a while is
 * asked a few times an hour, not every minute; one back soon is used soon).
 */
export function retryDelayMs(attempts: number, checkMs: number): number {
  const doubled = checkMs * 2 ** Math.max(0, Math.min(attempts - 1, 20));
  return Math.min(doubled, Math.max(checkMs, 30 * 60_000));
}
