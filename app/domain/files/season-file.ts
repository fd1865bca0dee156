import { phaseLabel } from "#app/domain/game/phases";

import { MAX_JSON_DEPTH, readJsonFile } from "./json-file";
import { ProblemList, type Problems } from "./problems";
import { parseKickoff } from "./results-file";
import {
  checkSeason,
  groupLabel,
  isTimeZone,
  legFromPhase,
  nameProblem,
  phasesInOrder,
  quote,
  readScores,
  teamCell,
} from "./season-file-common";
import { readSeasonCsv } from "./season-file-csv";
import { looksLikeOpenfootball, readOpenfootball } from "./season-file-openfootball";
import type { ParsedSeasonFile, SeasonFileMatch, SeasonFileTeam } from "./season-file-types";
import { normalizeTeamName } from "./team-names";

/**
 * A season file the admin brings to 'Nueva Temporada' (or a bundled template): the season JSON
 * of the bundled files, openfootball's football.json / worldcup.json, or a CSV
 * 'jornada,local,visitante,fecha[,grupo]'. Reading is pure and all or nothing: every problem is
 * found at once, with its row, in Spanish (the first hundred listed, the rest counted). Results in the file are read too (the demo seed
 * loads the templates with them); 'Nueva Temporada' leaves them out.
 */

export const SEASON_FILE_MAX_BYTES = 1024 * 1024;

export type { ParsedSeasonFile, SeasonFileMatch, SeasonFileTeam } from "./season-file-types";

export type SeasonFileResult = { ok: true; file: ParsedSeasonFile } | { ok: false; problems: string[] };

export { kickoffsAhead, planSeason, type PlannedTeam, type SeasonPlan } from "./season-plan";

/** `seasonName` picks one tournament of a football.json holding two; `timeZone` reads times without offset. */
export function parseSeasonFile(text: string, options: { seasonName?: string; timeZone: string }): SeasonFileResult {
  if (new TextEncoder().encode(text).byteLength > SEASON_FILE_MAX_BYTES) {
    return { ok: false, problems: ["El archivo pesa más de 1 MB, el máximo"] };
  }
  if (!isTimeZone(options.timeZone)) {
    return { ok: false, problems: [`La zona horaria ${quote(options.timeZone)} no existe`] };
  }
  const body = text.replace(/^\uFEFF/, "");
  if (body.trim() === "") return { ok: false, problems: ["El archivo está vacío"] };
  const problems = new ProblemList();
  const file = /^\s*[[{]/.test(body)
    ? readJson(body, options, problems)
    : readSeasonCsv(body, options.timeZone, problems);
  if (file && file.matches.length === 0 && problems.length === 0) problems.push("El archivo no tiene partidos");
  return file && problems.length === 0 ? { ok: true, file } : { ok: false, problems: problems.report() };
}

/** How a problem of the JSON walk names its row: as the readers below do. */
const JSON_ROWS = {
  matches: (row: number) => `Partido ${row}`,
  teams: (row: number) => `Equipo ${row} de «teams»`,
  phases: (row: number) => `Fase ${row} de «phases»`,
};

type Options = { seasonName?: string; timeZone: string };

function readJson(text: string, options: Options, problems: Problems): ParsedSeasonFile | null {
  const json = readJsonFile(text, problems, { maxDepth: MAX_JSON_DEPTH, rows: JSON_ROWS });
  if (!json) return null;
  const value = json.value;
  if (!isObject(value)) {
    problems.push("El archivo JSON debe ser un objeto con la lista «matches» de partidos");
    return null;
  }
  if ("phases" in value || "teams" in value || "season" in value) return readSeasonJson(value, options, problems);
  if (looksLikeOpenfootball(value)) return readOpenfootball(value, options, problems);
  if (Array.isArray(value.matches)) return readSeasonJson(value, options, problems);
  problems.push(
    Array.isArray(value.rounds)
      ? "El archivo usa el formato antiguo de openfootball (con «rounds»): usa la versión con «matches»"
      : "El archivo JSON no tiene la lista «matches» de partidos",
  );
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** An optional text field of the file: its trimmed text, null when absent or null, undefined when it is no text. */
function optionalText(value: unknown): string | null | undefined {
  if (value === undefined || value === null) return null;
  return typeof value === "string" ? value.trim() : undefined;
}

const HEX = /^#[0-9a-f]{6}$/i;
const SHORT = /^[a-z0-9]{2,3}$/i;

/** The bundled format: {season, competition?, time_zone?, phases, teams, matches} (see the data README). */
function readSeasonJson(file: Record<string, unknown>, options: Options, problems: Problems): ParsedSeasonFile | null {
  const header = (key: string, what: string) => {
    const text = optionalText(file[key]);
    const problem = text === undefined ? "debe ser texto" : text === null ? null : nameProblem(text);
    if (problem) problems.push(`${what} («${key}») ${problem}`);
    return problem ? null : text || null;
  };
  const name = header("season", "El nombre de la temporada");
  const competition = header("competition", "La competición");
  const zone = header("time_zone", "La zona horaria");
  if (zone && !isTimeZone(zone)) problems.push(`La zona horaria ${quote(zone)} («time_zone») no existe`);
  const timeZone = zone && isTimeZone(zone) ? zone : null;

  const listed = file.phases === undefined ? null : readPhaseList(file.phases, problems);
  const teams = file.teams === undefined ? [] : readTeamList(file.teams, problems);
  if (!Array.isArray(file.matches)) {
    problems.push("El archivo no tiene la lista «matches» de partidos");
    return null;
  }
  const phaseByKey = new Map((listed ?? []).map((phase) => [normalizeTeamName(phase), phase]));
  const matches: SeasonFileMatch[] = [];
  file.matches.forEach((entry: unknown, index) => {
    const row = index + 1;
    const label = `Partido ${row}`;
    if (!isObject(entry)) {
      problems.push(`${label}: no tiene la forma {phase, home, away, kickoff, home_score, away_score}`);
      return;
    }
    const before = problems.length;
    const text = (key: string, what: string) => {
      const value = typeof entry[key] === "number" ? String(entry[key]) : optionalText(entry[key]);
      if (value === undefined) problems.push(`${label}: ${what} («${key}») debe ser texto`);
      return value ?? null;
    };
    const written = text("phase", "la fase") ?? "";
    let phase = phaseLabel(written);
    if (written === "") problems.push(`${label}: falta la fase («phase»)`);
    else if (listed) {
      const known = phaseByKey.get(normalizeTeamName(written)) ?? phaseByKey.get(normalizeTeamName(phase));
      if (known) phase = known;
      else problems.push(`${label}: fase desconocida ${quote(written)} (no está en la lista «phases»)`);
    }
    const group = groupLabel(text("group", "el grupo"));
    const home = teamCell(text("home", "el equipo local"));
    const away = teamCell(text("away", "el equipo visitante"));
    const kickoffText = text("kickoff", "la fecha");
    const kickoffAt = kickoffText ? parseKickoff(kickoffText, timeZone ?? options.timeZone) : null;
    if (kickoffText && !kickoffAt) {
      problems.push(`${label}: fecha no válida ${quote(kickoffText)} (usa ISO 8601, como 2024-01-12T19:00:00-06:00)`);
    }
    const leg = entry.is_first_leg;
    if (leg !== undefined && leg !== null && typeof leg !== "boolean") {
      problems.push(`${label}: «is_first_leg» debe ser true, false o null`);
    }
    const scores = readScores(
      {
        result: [entry.home_score, entry.away_score],
        extraTime: [entry.home_score_extra_time, entry.away_score_extra_time],
        penalties: [entry.home_penalties, entry.away_penalties],
      },
      label,
      problems,
    );
    if (problems.length > before) return;
    const isFirstLeg = typeof leg === "boolean" ? leg : legFromPhase(phase);
    matches.push({ row, phase, group, home, away, kickoffAt, isFirstLeg, ...scores });
  });
  const phases = listed ?? phasesInOrder(matches);
  checkSeason(
    "temporada",
    phases,
    teams.map((team) => team.name),
    matches,
    problems,
  );
  return { format: "temporada", name, competition, timeZone, phases, teams, matches };
}

function readPhaseList(value: unknown, problems: Problems): string[] {
  if (!Array.isArray(value)) {
    problems.push("«phases» debe ser la lista de los nombres de las fases, en orden");
    return [];
  }
  const phases: string[] = [];
  const seen = new Set<string>();
  value.forEach((entry: unknown, index) => {
    const label = `Fase ${index + 1} de «phases»`;
    const name = typeof entry === "string" ? entry.trim() : "";
    const problem = typeof entry !== "string" ? "debe ser texto" : name === "" ? "está vacía" : nameProblem(name);
    if (problem) problems.push(`${label}: ${problem}`);
    else if (seen.has(normalizeTeamName(name))) problems.push(`${label}: ${quote(name)} está repetida`);
    else {
      seen.add(normalizeTeamName(name));
      phases.push(name);
    }
  });
  return phases;
}

function readTeamList(value: unknown, problems: Problems): SeasonFileTeam[] {
  if (!Array.isArray(value)) {
    problems.push("«teams» debe ser la lista de equipos {name, short, primary, secondary}");
    return [];
  }
  const teams: SeasonFileTeam[] = [];
  const names = new Set<string>();
  const codes = new Set<string>();
  value.forEach((entry: unknown, index) => {
    const label = `Equipo ${index + 1} de «teams»`;
    if (!isObject(entry)) {
      problems.push(`${label}: no tiene la forma {name, short, primary, secondary}`);
      return;
    }
    const text = (key: string) => (typeof entry[key] === "string" ? (entry[key] as string).trim() : "");
    const [name, short, primary, secondary] = [
      text("name"),
      text("short").toUpperCase(),
      text("primary"),
      text("secondary"),
    ];
    const before = problems.length;
    const nameIssue = name === "" ? "falta" : nameProblem(name);
    if (nameIssue) problems.push(`${label}: el nombre («name») ${nameIssue}`);
    else if (names.has(normalizeTeamName(name))) problems.push(`${label}: ${quote(name)} está repetido`);
    if (!SHORT.test(short)) problems.push(`${label}: el código («short») debe tener 2 o 3 letras o números`);
    else if (codes.has(short)) problems.push(`${label}: el código ${quote(short)} está repetido`);
    for (const [key, color] of [
      ["primary", primary],
      ["secondary", secondary],
    ] as const) {
      if (!HEX.test(color)) problems.push(`${label}: el color «${key}» debe ser como #1A2B3C`);
    }
    if (problems.length > before) return;
    names.add(normalizeTeamName(name));
    codes.add(short);
    teams.push({ name, short, primary: primary.toUpperCase(), secondary: secondary.toUpperCase() });
  });
  return teams;
}

export { MAX_GOALS, MAX_MATCHES, MAX_NAME_LENGTH, MAX_PHASES, MAX_TEAMS } from "./season-file-common";
