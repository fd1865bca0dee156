import { hasControlCharacters } from "#app/domain/forms/input";
import type { Score } from "#app/domain/game/score";

import type { Problems } from "./problems";
import type { ParsedSeasonFile, SeasonFileMatch } from "./season-file-types";
import { normalizeTeamName } from "./team-names";

/**
 * What the three readers of a season file (season JSON, openfootball, CSV) share: the limits, the
 * checks of names and scores, and the last pass over the matches (same team twice, repeated
 * matches, too many of anything). Every message is Spanish and names its row.
 */

export const MAX_MATCHES = 1000;
export const MAX_PHASES = 100;
export const MAX_TEAMS = 200;
export const MAX_NAME_LENGTH = 80;
export const MAX_GOALS = 99;

export type SeasonFileFormat = ParsedSeasonFile["format"];
export type { Score } from "#app/domain/game/score";

/** How a problem names its match: the CSV's row as a spreadsheet numbers it, or the JSON match's position. */
export function rowLabel(format: SeasonFileFormat, row: number): string {
  return format === "csv" ? `Fila ${row}` : `Partido ${row}`;
}

/** A value as a message quotes it: without control characters, cut when long. */
export function quote(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ").trim();
  return `«${clean.length > 40 ? `${clean.slice(0, 39)}…` : clean}»`;
}

/** Why a name cannot be stored, or null: control characters, or longer than 80 characters. */
export function nameProblem(text: string): string | null {
  if (hasControlCharacters(text)) return "tiene caracteres no permitidos";
  if (text.length > MAX_NAME_LENGTH) return `tiene más de ${MAX_NAME_LENGTH} caracteres`;
  return null;
}

/** A team cell: empty, null or 'Por definir' is a team still to be decided (null). */
export function teamCell(value: string | null | undefined): string | null {
  const text = (value ?? "").trim();
  return text === "" || normalizeTeamName(text) === "por definir" ? null : text;
}

/** 'Group A', 'A', 'Grupo A' → 'Grupo A'; empty → null; anything else as written. */
export function groupLabel(value: string | null | undefined): string | null {
  const text = (value ?? "").trim();
  if (text === "") return null;
  const named = /^(?:group|grupo)\s+(\S.*)$/i.exec(text);
  if (named) return `Grupo ${named[1]}`;
  return /^[a-z]{1,2}$/i.test(text) ? `Grupo ${text.toUpperCase()}` : text;
}

/** 'Cuartos Ida' → true, 'Final Vuelta' → false, any other phase → null. */
export function legFromPhase(phase: string): boolean | null {
  const last = normalizeTeamName(phase).split(" ").pop();
  return last === "ida" ? true : last === "vuelta" ? false : null;
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function goals(value: unknown): number | null | "bad" {
  if (value === null || value === undefined) return null;
  let number = value;
  if (typeof value === "string") {
    const text = value.trim();
    if (text === "") return null;
    if (!/^\d+$/.test(text)) return "bad";
    number = Number(text);
  }
  return typeof number === "number" && Number.isInteger(number) && number >= 0 && number <= MAX_GOALS ? number : "bad";
}

/**
 * One score of a match ('marcador', 'marcador del tiempo extra', 'marcador de los penales'): both
 * sides whole numbers 0–99, or both empty (null). A problem is added and null returned otherwise.
 */
export function readScore(home: unknown, away: unknown, what: string, label: string, problems: Problems): Score | null {
  const h = goals(home);
  const a = goals(away);
  if (h === "bad" || a === "bad") {
    const bad = h === "bad" ? home : away;
    problems.push(`${label}: ${what} no válido ${quote(bad)} (los goles son números enteros de 0 a ${MAX_GOALS})`);
    return null;
  }
  if ((h === null) !== (a === null)) {
    problems.push(`${label}: ${what} incompleto (escribe los goles de los dos equipos o de ninguno)`);
    return null;
  }
  return h === null || a === null ? null : { home: h, away: a };
}

/** The 90 minutes, extra time (the score after it) and penalties of one match, checked together. */
export function readScores(
  raw: { result: [unknown, unknown]; extraTime: [unknown, unknown]; penalties: [unknown, unknown] },
  label: string,
  problems: Problems,
): Pick<SeasonFileMatch, "result" | "extraTime" | "penalties"> {
  const result = readScore(...raw.result, "marcador", label, problems);
  const extraTime = readScore(...raw.extraTime, "marcador del tiempo extra", label, problems);
  const penalties = readScore(...raw.penalties, "marcador de los penales", label, problems);
  if ((extraTime || penalties) && !result) {
    problems.push(`${label}: tiene tiempo extra o penales pero no el marcador de los 90 minutos`);
  }
  if (extraTime && result && (extraTime.home < result.home || extraTime.away < result.away)) {
    problems.push(
      `${label}: el marcador del tiempo extra (el total tras la prórroga) no puede ser menor que el de los 90 minutos`,
    );
  }
  return { result, extraTime, penalties };
}

/**
 * The checks every format shares, once its matches are read: names (phase, group, teams), the same
 * team on both sides, a match repeated in its phase (same home and away team), and the limits.
 * `teams` are the names the file lists (season JSON), counted with those its matches use.
 */
export function checkSeason(
  format: SeasonFileFormat,
  phases: readonly string[],
  teams: readonly string[],
  matches: readonly SeasonFileMatch[],
  problems: Problems,
): void {
  const seen = new Map<string, number>();
  const teamNames = new Set(teams.map(normalizeTeamName));
  for (const match of matches) {
    const label = rowLabel(format, match.row);
    const fields: [string | null, string][] = [
      [match.phase, "la fase"],
      [match.group, "el grupo"],
      [match.home, "el equipo local"],
      [match.away, "el equipo visitante"],
    ];
    let named = true;
    for (const [value, what] of fields) {
      const problem = value === null ? null : nameProblem(value);
      if (problem) problems.push(`${label}: ${what} ${problem}`);
      named &&= !problem;
    }
    for (const team of [match.home, match.away]) if (team) teamNames.add(normalizeTeamName(team));
    if (!named || !match.home || !match.away) continue;
    if (normalizeTeamName(match.home) === normalizeTeamName(match.away)) {
      problems.push(`${label}: el equipo local y el visitante son el mismo (${quote(match.home)})`);
      continue;
    }
    const key = [match.phase, match.home, match.away].map(normalizeTeamName).join("|");
    const first = seen.get(key);
    if (first === undefined) seen.set(key, match.row);
    else {
      problems.push(
        `${label}: partido repetido (${match.phase}, ${match.home} vs ${match.away}; ya está en ${rowLabel(format, first).toLowerCase()})`,
      );
    }
  }
  checkLimits({ matches: matches.length, phases: phases.length, teams: teamNames.size }, problems);
}

export function checkLimits(counts: { matches: number; phases: number; teams: number }, problems: Problems): void {
  if (counts.matches > MAX_MATCHES) {
    problems.push(`El archivo tiene ${counts.matches} partidos; una temporada tiene como máximo ${MAX_MATCHES}`);
  }
  if (counts.phases > MAX_PHASES) {
    problems.push(`El archivo tiene ${counts.phases} fases; una temporada tiene como máximo ${MAX_PHASES}`);
  }
  if (counts.teams > MAX_TEAMS) {
    problems.push(`El archivo tiene ${counts.teams} equipos; una temporada tiene como máximo ${MAX_TEAMS}`);
  }
}

/**
 * Phases in the order the matches first name them, compared as team names are (without case,
 * accents or extra spaces): every match takes its phase's first spelling.
 */
export function phasesInOrder(matches: { phase: string }[]): string[] {
  const phases = new Map<string, string>();
  for (const match of matches) {
    const key = normalizeTeamName(match.phase);
    const first = phases.get(key);
    if (first === undefined) phases.set(key, match.phase);
    else match.phase = first;
  }
  return [...phases.values()];
}
