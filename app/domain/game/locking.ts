import type { MatchView } from "./match";

/**
 * When a match takes predictions, and when other people's picks for it may be seen (SPEC §2.3,
 * §2.4). Times are ISO-8601 UTC strings; `now` is passed in so the rules are testable.
 */
export interface MatchState {
  active: boolean;
  hasResult: boolean;
  kickoffAt: string | null;
  /** Set when the admin ran 'Activar Quinielas' for the match's phase. */
  phaseActivatedAt: string | null;
  /** Both teams are known: a knockout match may wait for them ('Por definir'). */
  teamsKnown: boolean;
}

/** A match as read (domain/game/match.ts), in the terms of these rules. */
export function matchState(
  match: Pick<MatchView, "active" | "result" | "kickoffAt" | "phaseActivatedAt" | "home" | "away">,
): MatchState {
  return {
    active: match.active,
    hasResult: match.result !== null,
    kickoffAt: match.kickoffAt,
    phaseActivatedAt: match.phaseActivatedAt,
    teamsKnown: match.home !== null && match.away !== null,
  };
}

export type LockReason = "inactive" | "undecided" | "result" | "kickoff" | "phase-activated";

export const LOCK_MESSAGES: Record<LockReason | "already-predicted", string> = {
  inactive: "El partido no está activo",
  undecided: "Los equipos del partido aún no se definen",
  result: "El partido ya tiene resultado",
  kickoff: "El partido ya comenzó",
  "phase-activated": "La jornada ya fue activada",
  "already-predicted": "Ya guardaste un pronóstico para este partido",
};

function kickoffPassed(match: Pick<MatchState, "kickoffAt">, now: Date): boolean {
  return match.kickoffAt !== null && new Date(match.kickoffAt).getTime() <= now.getTime();
}

/** Why the match takes no new predictions right now, or null when it does. */
export function lockReason(match: MatchState, now: Date): LockReason | null {
  if (!match.active) return "inactive";
  // Nobody can predict a match between teams nobody knows yet (and a pick would freeze them).
  if (!match.teamsKnown) return "undecided";
  if (match.hasResult) return "result";
  if (match.phaseActivatedAt) return "phase-activated";
  if (kickoffPassed(match, now)) return "kickoff";
  return null;
}

/** What the browser's clock may change of a match the server sent open: its lock and whether its pick is editable. */
type Lockable = { kickoffAt: string | null; lockedBecause: string | null; editable: boolean };

/**
 * The matches as they stand at `now` (ms) for a page made earlier: an open match whose kickoff
 * has come is closed ('El partido ya comenzó'), as the server would now say. The same array when
 * nothing changed. The server still decides: a pick sent late is refused there.
 */
export function closeStarted<M extends Lockable>(matches: M[], now: number): M[] {
  const started = (match: M) =>
    match.lockedBecause === null && match.kickoffAt !== null && Date.parse(match.kickoffAt) <= now;
  if (!matches.some(started)) return matches;
  return matches.map((match) =>
    started(match) ? { ...match, lockedBecause: LOCK_MESSAGES.kickoff, editable: false } : match,
  );
}

/** The first kickoff after `after` (ms) of a match still open, in ms, or null when none is to come. */
export function nextKickoff(matches: readonly Lockable[], after: number): number | null {
  let next: number | null = null;
  for (const match of matches) {
    if (match.lockedBecause !== null || match.kickoffAt === null) continue;
    const at = Date.parse(match.kickoffAt);
    if (at > after && (next === null || at < next)) next = at;
  }
  return next;
}

/** When other people's picks show (picksRevealed), in the words of the pages that show them. */
export const PREDICTIONS_REVEALED_WHEN = "cuando el partido ya empezó, tiene resultado o su jornada fue activada";

/** Other people's picks for a match become visible once it is locked for good. */
export function predictionsRevealed(match: Omit<MatchState, "active" | "teamsKnown">, now: Date): boolean {
  return match.hasResult || match.phaseActivatedAt !== null || kickoffPassed(match, now);
}
