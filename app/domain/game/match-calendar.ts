import type { CalendarEvent } from "#app/domain/icalendar";

import { teamLabel } from "./match";
import type { MatchScores } from "./season-rules";

/** How long a match is shown to last in a calendar: 90 minutes, the break and some stoppage. */
export const MATCH_MINUTES = 120;
/** When the calendar's reminder rings. */
export const REMINDER_MINUTES = 60;

/** A match as the calendar feed reads it: no prediction, nobody's, ever. */
export interface CalendarMatch extends MatchScores {
  id: number;
  home: string | null;
  away: string | null;
  /** ISO instant; matches without one are not in the feed. */
  kickoffAt: string;
  /** How many times the kickoff has moved (a trigger counts it: migration 0009). */
  kickoffSequence: number;
  phaseName: string;
  group: string | null;
}

/**
 * 'Toluca vs América' before the match, 'Toluca 2 - 1 América' once it has a result (after extra
 * time when played, with the shoot-out: 'Toluca 1 - 1 América (4 - 3 pen.)').
 */
export function calendarSummary(match: CalendarMatch): string {
  const home = teamLabel(match.home === null ? null : { name: match.home });
  const away = teamLabel(match.away === null ? null : { name: match.away });
  if (!match.result) return `${home} vs ${away}`;
  const final = match.extraTime ?? match.result;
  const played = `${home} ${final.home} - ${final.away} ${away}`;
  if (match.penalties) return `${played} (${match.penalties.home} - ${match.penalties.away} pen.)`;
  return match.extraTime ? `${played} t.e.` : played;
}

/**
 * A match as a calendar event. The UID is the match's id at the app's host, so every fetch names
 * the same event the same way and a client updates it in place instead of adding a copy.
 */
export function matchEvent(
  match: CalendarMatch,
  { host, seasonName, url }: { host: string; seasonName: string; url: string },
): CalendarEvent {
  const start = new Date(match.kickoffAt);
  const end = new Date(start.getTime() + MATCH_MINUTES * 60_000);
  const where = match.group ? `${match.phaseName} · ${match.group}` : match.phaseName;
  const title = `${teamLabel(match.home === null ? null : { name: match.home })} vs ${teamLabel(match.away === null ? null : { name: match.away })}`;
  return {
    uid: `match-${match.id}@${host}`,
    start: start.toISOString(),
    end: end.toISOString(),
    sequence: match.kickoffSequence,
    summary: calendarSummary(match),
    description: `${seasonName}, ${where}. Pronostica en ${url}`,
    url,
    alarm: { minutesBefore: REMINDER_MINUTES, description: `${title} empieza en una hora` },
  };
}
