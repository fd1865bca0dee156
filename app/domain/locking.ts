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
}

export type LockReason = "inactive" | "result" | "kickoff" | "phase-activated";

export const LOCK_MESSAGES: Record<LockReason | "already-predicted", string> = {
  inactive: "El partido no está activo",
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
  if (match.hasResult) return "result";
  if (match.phaseActivatedAt) return "phase-activated";
  if (kickoffPassed(match, now)) return "kickoff";
  return null;
}

/** Other people's picks for a match become visible once it is locked for good. */
export function picksRevealed(match: Omit<MatchState, "active">, now: Date): boolean {
  return match.hasResult || match.phaseActivatedAt !== null || kickoffPassed(match, now);
}
