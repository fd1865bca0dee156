import { countOf } from "#app/domain/plural";

/**
 * The picks a player still owes: the current season's matches open for picks (locking.ts's
 * `lockReason` says none: active, teams known, no result, phase not activated, kickoff ahead or
 * not set) without their pick. One definition for the home page's 'Cómo vas' and the navbar's
 * badge on 'Inicio'; the browser's clock then counts down to each close (`missingAt`).
 */

/** A match as this rule reads it: whether it is open for picks now, and whether the player has theirs. */
export interface PickState {
  kickoffAt: string | null;
  open: boolean;
  picked: boolean;
}

export interface MissingPicks {
  /** The server's clock when they were counted (ms). */
  at: number;
  /** Missing picks at `at`. */
  count: number;
  /** The kickoffs (ms) of the missing picks that have one, earliest first, one per match (the first `limit`). */
  closings: number[];
}

/** Whether the player still owes this match's pick. */
export const isMissing = (match: PickState): boolean => match.open && !match.picked;

/**
 * The missing picks among these matches at `at`. `limit` keeps the list of closings short where it
 * rides on every page (the navbar): a close beyond it is counted but not followed until the next
 * read.
 */
export function missingPicks(matches: readonly PickState[], at: number, limit = Infinity): MissingPicks {
  const missing = matches.filter(isMissing);
  const closings = missing
    .flatMap((match) => (match.kickoffAt === null ? [] : [Date.parse(match.kickoffAt)]))
    .sort((a, b) => a - b)
    .slice(0, limit);
  return { at, count: missing.length, closings };
}

/** As the clock reads `now` (ms): how many are still missing, and when the next of them closes (null: none known). */
export function missingAt(missing: MissingPicks, now: number): { count: number; next: number | null } {
  const closed = missing.closings.filter((closing) => closing <= now).length;
  const next = missing.closings.find((closing) => closing > now) ?? null;
  return { count: Math.max(missing.count - closed, 0), next };
}

/** The newer of two readings (a page's loader, a save's answer). */
export function newerMissing(a: MissingPicks, b: MissingPicks | null | undefined): MissingPicks {
  return b && b.at > a.at ? b : a;
}

/** 'Te faltan 3 pronósticos', 'Te falta 1 pronóstico'. */
export function missingText(count: number): string {
  return `${count === 1 ? "Te falta" : "Te faltan"} ${countOf(count, "pronóstico", "pronósticos")}`;
}

/**
 * The accessible name of what carries the count as a badge: the navbar's 'Inicio' ('Inicio, te
 * faltan 3 pronósticos') and, on a phone, the menu button 'Inicio' is folded into ('Abrir menú, te
 * faltan 3 pronósticos'); the name alone when nothing is missing.
 */
export function nameWithMissing(name: string, count: number): string {
  return count > 0 ? `${name}, ${missingText(count).toLowerCase()}` : name;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The time left before a close, in the words of the home page: 'Cierra en 2 h 15 min',
 * 'Cierra en 45 min', 'Cierra en 3 h', 'Cierra en 1 día 4 h' (minutes no longer matter a day
 * ahead), 'Cierra en menos de 1 min'. Whole units left, rounded down: it never says more time
 * than there is.
 */
export function countdownText(left: number): string {
  if (left < MINUTE) return "Cierra en menos de 1 min";
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  if (days > 0) return `Cierra en ${countOf(days, "día", "días")}${hours > 0 ? ` ${hours} h` : ""}`;
  if (hours > 0) return `Cierra en ${hours} h${minutes > 0 ? ` ${minutes} min` : ""}`;
  return `Cierra en ${minutes} min`;
}

/**
 * When the countdown to `next` next changes its words after `now` (ms): on the minute of the
 * close itself (the countdown's minutes end there, whatever the wall clock says), and at the close.
 */
export function nextTick(next: number, now: number): number {
  const left = next - now;
  if (left <= 0) return now;
  return now + (left % MINUTE || MINUTE);
}
