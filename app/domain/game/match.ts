import type { Score } from "./scoring";

/** A match as the screens show it (built by data/seasons/matches.server.ts). */
export interface TeamView {
  id: number;
  name: string;
  shortCode: string;
  /** The admin's logo URL, else our generated badge. */
  badgeUrl: string;
}

export interface MatchView {
  id: number;
  phaseId: number;
  phaseName: string;
  phasePosition: number;
  phaseActivatedAt: string | null;
  home: TeamView | null;
  away: TeamView | null;
  kickoffAt: string | null;
  /** The official result after 90 minutes (null until it is entered). */
  result: Score | null;
  /** After extra time, and the shoot-out, when played (domain/game/season-rules.ts scoreLabel). */
  extraTime: Score | null;
  penalties: Score | null;
  /** 'Grupo A' in a World Cup's group stage. */
  group: string | null;
  active: boolean;
  isFirstLeg: boolean | null;
}

/** A match on the prediction form, as one user sees it. */
export interface PredictionMatch extends MatchView {
  kickoffLabel: string | null;
  /** '1 - 1 (3 - 4 pen.)': the official result as the card shows it. */
  scoreLabel: string | null;
  /** The user's saved pick, if any, with its points once the match has a result. */
  pick: (Score & { points: number | null; bonus: number; exact: boolean }) | null;
  /** Why no new pick is taken (Spanish), or null while the match is open. */
  lockedBecause: string | null;
  /** A saved pick the user may still change (the season's rule, and the match still open). */
  editable: boolean;
}

export const UNKNOWN_TEAM_BADGE = "/badges/TBD.svg";

type Named = { name: string } | null;

/** How a team not known yet is named (a World Cup knockout slot). */
const TO_BE_DECIDED = "Por definir";

export function teamLabel(team: Named): string {
  return team?.name ?? TO_BE_DECIDED;
}

/** 'América vs Cruz Azul': the accessible name of a match on every screen. */
export function matchLabel(match: { home: Named; away: Named }): string {
  return matchLabelOfNames(match.home?.name ?? null, match.away?.name ?? null);
}

/** matchLabel from the teams' names as a query reads them (null while 'Por definir'). */
export function matchLabelOfNames(home: string | null, away: string | null): string {
  return `${home ?? TO_BE_DECIDED} vs ${away ?? TO_BE_DECIDED}`;
}

/** Groups matches by phase, keeping season order. */
export function groupByPhase<M extends Pick<MatchView, "phaseId" | "phaseName">>(
  matches: readonly M[],
): { phaseId: number; phaseName: string; matches: M[] }[] {
  const groups = new Map<number, { phaseId: number; phaseName: string; matches: M[] }>();
  for (const match of matches) {
    const group = groups.get(match.phaseId) ?? { phaseId: match.phaseId, phaseName: match.phaseName, matches: [] };
    group.matches.push(match);
    groups.set(match.phaseId, group);
  }
  return [...groups.values()];
}
