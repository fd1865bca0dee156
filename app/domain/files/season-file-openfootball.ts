import type { Problems } from "./problems";
import { parseKickoff } from "./results-file";
import { checkSeason, groupLabel, phasesInOrder, quote, readScores, teamCell } from "./season-file-common";
import type { ParsedSeasonFile, SeasonFileMatch } from "./season-file-types";
import { normalizeTeamName } from "./team-names";

/**
 * openfootball's football.json / worldcup.json: {name, matches: [{round, date, time, team1,
 * team2, score: {ft, ht, et, p}, group?}]}, English rounds and team names. Rounds become the
 * app's Spanish phases ('Matchday 3' → 'Jornada 3', 'Quarter-finals' → 'Cuartos de Final'); a
 * World Cup's group stage becomes 'Grupos · Jornada 1…3', each group's matches numbered by date
 * (a team plays once per round); a knockout round holding both legs of every tie (the same two
 * teams twice, home and away swapped) becomes '… Ida' and '… Vuelta', as the Liga MX templates
 * name them. Team names stay as written (the plan matches them); placeholders of a draw not yet
 * played ('1A', '3A/B/C/D/F', 'W73', 'L101') are 'Por definir'.
 */

export function looksLikeOpenfootball(file: Record<string, unknown>): boolean {
  if (!Array.isArray(file.matches)) return false;
  const first: unknown = file.matches.find((entry: unknown) => typeof entry === "object" && entry !== null);
  return typeof first === "object" && first !== null && ("team1" in first || "round" in first);
}

interface Entry {
  match: SeasonFileMatch;
  tournament: string | null;
  /** The round without tournament and leg: 'Playoffs|Quarterfinals', '|Matchday 3'. */
  round: string;
  stage: string | null;
  name: string;
  leg: boolean | null;
  /** For ordering by date: the kickoff, or the date alone, then the position in the file. */
  when: string;
}

const FIRST_LEG = /\b(?:1st|first)\s+leg\b/i;
const SECOND_LEG = /\b(?:2nd|second)\s+leg\b/i;
const TOURNAMENT = /^(apertura|clausura)\b\s*(\S.*)?$/i;
const PLACEHOLDER = /^(?:[1-4][a-z](?:\/[a-z])*|[wl]\d{1,3})$/i;

export function readOpenfootball(
  file: Record<string, unknown>,
  options: { seasonName?: string; timeZone: string },
  problems: Problems,
): ParsedSeasonFile | null {
  const fileName = typeof file.name === "string" && file.name.trim() !== "" ? file.name.trim() : null;
  const entries: Entry[] = [];
  (file.matches as unknown[]).forEach((raw, index) => {
    const entry = readEntry(raw, index + 1, options.timeZone, problems);
    if (entry) entries.push(entry);
  });
  if (problems.length > 0) return null;

  const tournaments = [...new Set(entries.flatMap((entry) => (entry.tournament ? [entry.tournament] : [])))];
  let tournament = tournaments.length === 1 ? (tournaments[0] ?? null) : null;
  if (tournaments.length > 1) {
    const wanted = normalizeTeamName(options.seasonName ?? "").split(" ");
    const named = tournaments.filter((candidate) => wanted.includes(normalizeTeamName(candidate)));
    if (named.length !== 1) {
      const count = ["dos", "tres", "cuatro"][tournaments.length - 2] ?? String(tournaments.length);
      problems.push(
        `El archivo tiene ${count} torneos (${tournaments.join(", ")}): escribe en el nombre de la temporada cuál quieres`,
      );
      return null;
    }
    tournament = named[0] ?? null;
  }
  const kept = tournaments.length > 1 ? entries.filter((entry) => entry.tournament === tournament) : entries;

  nameGroupRounds(kept.filter((entry) => entry.match.group !== null));
  nameKnockoutRounds(kept.filter((entry) => entry.match.group === null));
  const matches = kept.map((entry) => entry.match);
  const phases = groupRoundsFirst(phasesInOrder(matches));
  checkSeason("openfootball", phases, [], matches, problems);
  return {
    format: "openfootball",
    name: fileName && tournament ? tournamentName(fileName, tournament) : fileName,
    competition: competitionOf(fileName ?? ""),
    timeZone: null,
    phases,
    teams: [],
    matches,
  };
}

function readEntry(raw: unknown, row: number, timeZone: string, problems: Problems): Entry | null {
  const label = `Partido ${row}`;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    problems.push(`${label}: no tiene la forma {round, date, time, team1, team2, score}`);
    return null;
  }
  const m = raw as Record<string, unknown>;
  const before = problems.length;
  const roundText = typeof m.round === "string" ? m.round.trim() : "";
  if (roundText === "") problems.push(`${label}: falta la ronda («round»)`);
  const leg = FIRST_LEG.test(roundText) ? true : SECOND_LEG.test(roundText) ? false : null;
  const parts = roundText
    .replace(FIRST_LEG, "")
    .replace(SECOND_LEG, "")
    .split(",")
    .map(trimSeparators)
    .filter((part) => part !== "");
  const name = parts.pop() ?? roundText;
  const prefix = parts.join(", ");
  const tournament = TOURNAMENT.exec(prefix);
  const stage = (tournament ? tournament[2] : prefix) || null;

  const team = (value: unknown, what: string) => {
    const text = typeof value === "object" && value !== null ? (value as { name?: unknown }).name : value;
    if (text !== undefined && text !== null && typeof text !== "string") {
      problems.push(`${label}: ${what} debe ser texto`);
      return null;
    }
    const cell = teamCell(text);
    return cell && PLACEHOLDER.test(cell) ? null : cell;
  };
  const home = team(m.team1, "el equipo local («team1»)");
  const away = team(m.team2, "el equipo visitante («team2»)");
  const groupText = typeof m.group === "string" ? m.group : /^group\s+\S+$/i.test(name) ? name : null;

  const date = typeof m.date === "string" ? m.date.trim() : "";
  const time = typeof m.time === "string" ? m.time.trim() : "";
  const kickoffAt = date && time ? kickoff(date, time, timeZone) : null;
  if ((date && time && !kickoffAt) || (date && !/^\d{4}-\d{2}-\d{2}$/.test(date))) {
    problems.push(`${label}: fecha no válida ${quote(`${date} ${time}`.trim())}`);
  }

  const score = typeof m.score === "object" && m.score !== null ? (m.score as Record<string, unknown>) : {};
  const pair = (key: string): [unknown, unknown] => {
    const value = score[key];
    if (value === undefined || value === null) return [null, null];
    if (Array.isArray(value) && value.length === 2) return [value[0], value[1]];
    problems.push(`${label}: el marcador «${key}» debe ser una lista de dos números, como [2, 1]`);
    return [null, null];
  };
  const scores = readScores({ result: pair("ft"), extraTime: pair("et"), penalties: pair("p") }, label, problems);
  if (problems.length > before) return null;
  return {
    match: { row, phase: "", group: groupLabel(groupText), home, away, kickoffAt, isFirstLeg: leg, ...scores },
    tournament: tournament?.[1] ? capitalize(tournament[1]) : null,
    round: `${stage ?? ""}|${name}`,
    stage,
    name,
    leg,
    when: `${kickoffAt ?? date}|${String(row).padStart(6, "0")}`,
  };
}

const SEPARATOR = /[\s\-–·]/;

/**
 * A part of a round without the spaces, dashes and dots around it, walked from both ends: a
 * pattern anchored at the end (`[…]+$`) is tried from every position of a long run of dashes,
 * which takes time growing with the square of its length.
 */
function trimSeparators(part: string): string {
  let start = 0;
  let end = part.length;
  while (start < end && SEPARATOR.test(part.charAt(start))) start++;
  while (end > start && SEPARATOR.test(part.charAt(end - 1))) end--;
  return part.slice(start, end);
}

/** '13:00 UTC-6' is that offset; '16:45' is the season's wall clock. */
function kickoff(date: string, time: string, timeZone: string): string | null {
  const match = /^(\d{1,2}):(\d{2})(?:\s*(?:UTC|GMT)\s*(?:([+-])(\d{1,2})(?::?(\d{2}))?)?)?$/i.exec(time);
  if (!match) return null;
  const [, hour = "", minute = "", sign, offsetHours, offsetMinutes] = match;
  const clock = `${date}T${hour.padStart(2, "0")}:${minute}`;
  if (!/utc|gmt/i.test(time)) return parseKickoff(clock, timeZone);
  const offset = sign ? `${sign}${offsetHours?.padStart(2, "0")}:${offsetMinutes ?? "00"}` : "Z";
  return parseKickoff(`${clock}:00${offset}`, timeZone);
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** The rounds that may be played over two legs (a matchday twice between the same teams is not). */
const TWO_LEGGED = /^(?:Treintaidosavos|Dieciseisavos|Octavos|Cuartos|Semifinal|Final)$/;
const GROUP_ROUND = /^Grupos · Jornada (\d+)$/;

/** Each group's matches by date: a match is in the round after the last one either team played. */
function nameGroupRounds(entries: Entry[]): void {
  const played = new Map<string, number>();
  for (const { match } of [...entries].sort((a, b) => a.when.localeCompare(b.when))) {
    const keys = [match.home, match.away].flatMap((team) =>
      team ? [`${match.group}|${normalizeTeamName(team)}`] : [],
    );
    const round = Math.max(0, ...keys.map((key) => played.get(key) ?? 0)) + 1;
    for (const key of keys) played.set(key, round);
    match.phase = `Grupos · Jornada ${round}`;
    match.isFirstLeg = null;
  }
}

/** The group rounds in number order, where the first of them stands. */
function groupRoundsFirst(phases: string[]): string[] {
  const rounds = phases.filter((phase) => GROUP_ROUND.test(phase));
  rounds.sort((a, b) => Number(GROUP_ROUND.exec(a)?.[1]) - Number(GROUP_ROUND.exec(b)?.[1]));
  return phases.map((phase) => (GROUP_ROUND.test(phase) ? (rounds.shift() ?? phase) : phase));
}

function nameKnockoutRounds(entries: Entry[]): void {
  const byRound = new Map<string, Entry[]>();
  for (const entry of entries) byRound.set(entry.round, [...(byRound.get(entry.round) ?? []), entry]);
  // When two stages have rounds that read the same in Spanish ('League, Matchday 1', 'Playoffs,
  // Matchday 1'), every round of those stages is named with its stage ('Liga · Jornada 1').
  const rounds = [...byRound.values()].flatMap((round) => (round[0] ? [round[0]] : []));
  const stagesOf = new Map<string, Set<string | null>>();
  for (const { name, stage } of rounds) {
    const single = spanishRound(name).single;
    stagesOf.set(single, (stagesOf.get(single) ?? new Set()).add(stage));
  }
  const named = new Set([...stagesOf.values()].filter((stages) => stages.size > 1).flatMap((stages) => [...stages]));
  for (const round of byRound.values()) {
    const first = round[0];
    if (!first) continue;
    const names = spanishRound(first.name);
    const prefix = first.stage && named.has(first.stage) ? `${spanishStage(first.stage)} · ` : "";
    const legs = round.some((entry) => entry.leg !== null) || !TWO_LEGGED.test(names.legs) ? null : pairedLegs(round);
    for (const entry of round) {
      const leg = entry.leg ?? legs?.get(entry) ?? null;
      entry.match.isFirstLeg = leg;
      entry.match.phase = prefix + (leg === null ? names.single : `${names.legs} ${leg ? "Ida" : "Vuelta"}`);
    }
  }
}

/** When every tie of the round is two matches of the same teams, home and away swapped: the earlier is the first leg. */
function pairedLegs(round: Entry[]): Map<Entry, boolean> | null {
  if (round.length < 2 || round.length % 2 !== 0) return null;
  const ties = new Map<string, Entry[]>();
  for (const entry of round) {
    const { home, away } = entry.match;
    if (!home || !away) return null;
    const key = [normalizeTeamName(home), normalizeTeamName(away)].sort().join("|");
    ties.set(key, [...(ties.get(key) ?? []), entry]);
  }
  const legs = new Map<Entry, boolean>();
  for (const tie of ties.values()) {
    const [first, second] = [...tie].sort((a, b) => a.when.localeCompare(b.when));
    if (tie.length !== 2 || !first || !second) return null;
    if (normalizeTeamName(first.match.home ?? "") !== normalizeTeamName(second.match.away ?? "")) return null;
    legs.set(first, true).set(second, false);
  }
  return legs;
}

/** A round's Spanish name when single ('Cuartos de Final') and, before 'Ida'/'Vuelta', when two-legged ('Cuartos'). */
export function spanishRound(name: string): { single: string; legs: string } {
  const text = name.trim();
  const same = (single: string, legs = single) => ({ single, legs });
  let match = /^(?:matchday|match day|jornada)\s*(\d+)$/i.exec(text);
  if (match) return same(`Jornada ${Number(match[1])}`);
  match = /^play[\s-]?in(?:\s+round)?(?:\s*(\d+))?$/i.exec(text);
  if (match) return same(match[1] ? `Play-In ${Number(match[1])}` : "Play-In");
  match = /^round\s+(\d+)$/i.exec(text);
  if (match) return same(`Ronda ${Number(match[1])}`);
  match = /^round of (\d+)$/i.exec(text);
  if (match) {
    const byTeams: Record<string, [string, string]> = {
      "64": ["Treintaidosavos de Final", "Treintaidosavos"],
      "32": ["Dieciseisavos de Final", "Dieciseisavos"],
      "16": ["Octavos de Final", "Octavos"],
      "8": ["Cuartos de Final", "Cuartos"],
      "4": ["Semifinales", "Semifinal"],
    };
    const [single, legs] = byTeams[String(Number(match[1]))] ?? [`Ronda de ${match[1]}`, `Ronda de ${match[1]}`];
    return same(single, legs);
  }
  if (/^(?:eighth|1\/8)[\s-]?finals?$/i.test(text)) return same("Octavos de Final", "Octavos");
  if (/^quarter[\s-]?finals?$/i.test(text)) return same("Cuartos de Final", "Cuartos");
  if (/^semi[\s-]?finals?$/i.test(text)) return same("Semifinales", "Semifinal");
  if (/third[\s-]place|3rd[\s-]place/i.test(text)) return same("Tercer Lugar");
  if (/^finals?$/i.test(text)) return same("Final");
  if (/^reclassification$/i.test(text)) return same("Reclasificación");
  if (/^play[\s-]?offs?$/i.test(text)) return same("Repechaje");
  return same(text);
}

function spanishStage(stage: string): string {
  const stages: Record<string, string> = {
    league: "Liga",
    "league phase": "Fase de Liga",
    playoffs: "Repechaje",
    "play offs": "Repechaje",
    finals: "Eliminatorias",
    "knockout phase": "Eliminatorias",
    qualification: "Clasificación",
    "group stage": "Fase de Grupos",
  };
  return stages[normalizeTeamName(stage)] ?? stage;
}

function competitionOf(name: string): string | null {
  if (/club world cup/i.test(name)) return "Mundial de Clubes de la FIFA";
  if (/world cup/i.test(name)) return "Copa Mundial de la FIFA";
  if (/^liga mx\b/i.test(name)) return "Liga MX";
  return null;
}

/** 'Liga MX 2024/25' and 'Apertura' → 'Liga MX Apertura 2024'; with 'Clausura' → 'Liga MX Clausura 2025'. */
function tournamentName(name: string, tournament: string): string {
  const years = /(\d{4})\s*[/-]\s*(\d{2}|\d{4})$/.exec(name);
  if (!years) return `${name} ${tournament}`;
  const [, first = "", second = ""] = years;
  const base = name.slice(0, years.index).trimEnd();
  const year = tournament === "Apertura" ? first : second.length === 2 ? `${first.slice(0, 2)}${second}` : second;
  return `${base} ${tournament} ${year}`.trim();
}
