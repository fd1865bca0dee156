import { z } from "zod";

import { zonedLocalToUtc } from "#app/domain/dates";
import { phaseLabel } from "#app/domain/game/phases";
import { goalsOrProblem, RESULT_MAX_GOALS } from "#app/domain/game/score";
import { THIRD_LEG_MESSAGE, tieKeyOf, type Score } from "#app/domain/game/scoring";

import { csvDelimiter, csvWidthProblem, parseCsv, rowWidthProblem } from "./csv";
import { MAX_JSON_DEPTH, readJsonFile } from "./json-file";
import { NOT_UNICODE, ProblemList } from "./problems";
import { normalizeTeamName, teamMatcher, type NamedTeam } from "./team-names";

/**
 * The results file the admin uploads (/admin/importar-resultados): the season's JSON format
 * (only its `matches`) or a CSV 'jornada,local,visitante,fecha,goles_local,goles_visitante'.
 * Reading is all or nothing: every row is checked and every problem reported with its row (the
 * first hundred listed, the rest counted), so the admin fixes the file once; nothing is applied
 * while any row is wrong.
 */

/** Bigger files are refused before they are read. */
export const RESULTS_FILE_MAX_BYTES = 1024 * 1024;

export const CSV_COLUMNS = ["jornada", "local", "visitante", "fecha", "goles_local", "goles_visitante"] as const;
type Column = (typeof CSV_COLUMNS)[number];
type RawRow = Record<Column, string>;

export interface FileRow {
  /** The CSV's row as a spreadsheet numbers it (the header is row 1), or the JSON match's position. */
  row: number;
  phaseId: number;
  phaseName: string;
  home: NamedTeam;
  away: NamedTeam;
  /** ISO-8601 UTC; null when the file leaves the date empty (an existing match keeps its own). */
  kickoffAt: string | null;
  /** Null when the file leaves both scores empty (an existing result stays). */
  result: Score | null;
}

export interface FileContext {
  teams: readonly NamedTeam[];
  phases: readonly { id: number; name: string }[];
  /** Wall-clock dates without an offset are read in this zone, as the admin match form does. */
  timeZone: string;
}

export type ParsedFile = { ok: true; rows: FileRow[] } | { ok: false; errors: string[] };

export function parseResultsFile(text: string, context: FileContext): ParsedFile {
  const body = text.replace(/^\uFEFF/, "");
  const raw = /^\s*[[{]/.test(body) ? readJson(body) : readCsv(body);
  if (!raw.ok) return raw;
  if (raw.rows.length === 0) return { ok: false, errors: ["El archivo no tiene partidos"] };
  return validateRows(raw.rows, context);
}

type RawFile = { ok: true; rows: { label: string; row: number; cells: RawRow }[] } | { ok: false; errors: string[] };

function readCsv(text: string): RawFile {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const delimiter = csvDelimiter(firstLine);
  const tooWide = csvWidthProblem(text, delimiter);
  if (tooWide) return { ok: false, errors: [tooWide] };
  const records = parseCsv(text, delimiter);
  const header = (records[0] ?? []).map((name) => name.trim().toLowerCase());
  // Each column's first position, found in one pass over the header.
  const position = new Map<string, number>();
  header.forEach((name, index) => {
    if (!position.has(name)) position.set(name, index);
  });
  const missing = CSV_COLUMNS.filter((column) => !position.has(column));
  if (missing.length > 0) {
    return {
      ok: false,
      errors: [`Fila 1: faltan columnas: ${missing.join(", ")} (el encabezado debe ser ${CSV_COLUMNS.join(",")})`],
    };
  }
  if (!wellFormed(records[0] ?? [])) return { ok: false, errors: [`Fila 1: ${NOT_UNICODE}`] };
  const rows: { label: string; row: number; cells: RawRow }[] = [];
  const errors = new ProblemList();
  records.slice(1).forEach((record, index) => {
    const row = index + 2;
    if (record.every((cell) => cell.trim() === "")) return;
    if (!wellFormed(record)) {
      errors.push(`Fila ${row}: ${NOT_UNICODE}`);
      return;
    }
    if (record.length !== header.length) {
      errors.push(rowWidthProblem(`Fila ${row}`, record.length, header.length));
      return;
    }
    const cells = Object.fromEntries(CSV_COLUMNS.map((column) => [column, record[position.get(column) ?? -1] ?? ""]));
    rows.push({ label: `Fila ${row}`, row, cells: cells as RawRow });
  });
  return errors.length > 0 ? { ok: false, errors: errors.report() } : { ok: true, rows };
}

function wellFormed(record: readonly string[]): boolean {
  return record.every((cell) => cell.isWellFormed());
}

/**
 * A match of a JSON file. Made when a file is read: built at the top of the module, it would keep
 * Zod in the browser code of the results screen, which shows this module's texts and counts only.
 */
function jsonMatchSchema() {
  const text = z.union([z.string(), z.number(), z.null()]).optional();
  return z.object({ phase: text, home: text, away: text, kickoff: text, home_score: text, away_score: text });
}

function readJson(text: string): RawFile {
  const errors = new ProblemList();
  const json = readJsonFile(text, errors, { maxDepth: MAX_JSON_DEPTH, rows: { matches: (row) => `Partido ${row}` } });
  if (!json) return { ok: false, errors: errors.report() };
  const file = z.object({ matches: z.array(z.unknown()) }).safeParse(json.value);
  if (!file.success) return { ok: false, errors: ["El archivo JSON no tiene la lista «matches» de la temporada"] };
  const rows: { label: string; row: number; cells: RawRow }[] = [];
  const cell = (value: string | number | null | undefined) =>
    value === null || value === undefined ? "" : String(value);
  const jsonMatch = jsonMatchSchema();
  file.data.matches.forEach((entry, index) => {
    const row = index + 1;
    const match = jsonMatch.safeParse(entry);
    if (!match.success) {
      errors.push(`Partido ${row}: no tiene la forma {phase, home, away, kickoff, home_score, away_score}`);
      return;
    }
    const m = match.data;
    rows.push({
      label: `Partido ${row}`,
      row,
      cells: {
        jornada: cell(m.phase),
        local: cell(m.home),
        visitante: cell(m.away),
        fecha: cell(m.kickoff),
        goles_local: cell(m.home_score),
        goles_visitante: cell(m.away_score),
      },
    });
  });
  return errors.length > 0 ? { ok: false, errors: errors.report() } : { ok: true, rows };
}

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})$/;
const LOCAL = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)$/;

/**
 * A date with its offset ('2024-01-12T19:00:00-06:00', '…Z') is that instant; one without
 * ('2024-01-12 19:00') is the season's wall clock, like the 'Fecha y hora' of the match form.
 */
export function parseKickoff(text: string, timeZone: string): string | null {
  const value = text.trim();
  if (ISO_WITH_OFFSET.test(value)) {
    const instant = new Date(value);
    if (Number.isNaN(instant.getTime())) return null;
    // Date accepts 2024-02-31 (as 2 March): the written day must survive the round trip.
    const [year, month, day] = value.slice(0, 10).split("-").map(Number) as [number, number, number];
    const probe = new Date(Date.UTC(year, month - 1, day));
    if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
    return instant.toISOString();
  }
  const local = LOCAL.exec(value);
  return local ? zonedLocalToUtc(`${local[1]}T${local[2]}`, timeZone) : null;
}

function validateRows(rows: { label: string; row: number; cells: RawRow }[], context: FileContext): ParsedFile {
  const findTeam = teamMatcher(context.teams);
  // Phase names are compared as team names are: without case, accents or extra spaces.
  const phases = new Map(context.phases.map((phase) => [normalizeTeamName(phase.name), phase]));
  const seen = new Map<string, string>();
  const errors = new ProblemList();
  const parsed: FileRow[] = [];

  for (const { label, row, cells } of rows) {
    const problems: string[] = [];
    const phaseText = cells.jornada.trim();
    const phase = phaseText ? phases.get(normalizeTeamName(phaseLabel(phaseText))) : undefined;
    if (!phaseText) problems.push("falta la jornada");
    else if (!phase) problems.push(`jornada desconocida «${phaseText}»`);

    const team = (text: string, side: string) => {
      const name = text.trim();
      if (!name) {
        problems.push(`falta el equipo ${side}`);
        return undefined;
      }
      const found = findTeam(name);
      if (!found) problems.push(`equipo desconocido «${name}»`);
      return found;
    };
    const home = team(cells.local, "local");
    const away = team(cells.visitante, "visitante");
    if (home && away && home.id === away.id) problems.push(`el mismo equipo es local y visitante («${home.name}»)`);

    const fechaText = cells.fecha.trim();
    const kickoffAt = fechaText ? parseKickoff(fechaText, context.timeZone) : null;
    if (fechaText && kickoffAt === null) {
      problems.push(`fecha no válida «${fechaText}» (usa AAAA-MM-DD HH:mm o ISO 8601)`);
    }

    const homeGoals = goalsOrProblem(cells.goles_local, RESULT_MAX_GOALS);
    const awayGoals = goalsOrProblem(cells.goles_visitante, RESULT_MAX_GOALS);
    let result: Score | null = null;
    if (homeGoals === "bad" || awayGoals === "bad") problems.push("goles no válidos (deben ser números enteros)");
    else if (homeGoals === "range" || awayGoals === "range") {
      problems.push(`goles fuera de rango (0–${RESULT_MAX_GOALS})`);
    } else if ((homeGoals === null) !== (awayGoals === null)) {
      problems.push("falta uno de los dos marcadores (deja ambos vacíos o escribe ambos)");
    } else if (homeGoals !== null && awayGoals !== null) result = { home: homeGoals, away: awayGoals };

    if (phase && home && away) {
      const key = `${phase.id}:${home.id}:${away.id}`;
      const first = seen.get(key);
      if (first)
        problems.push(`partido repetido (${phase.name}, ${home.name} vs ${away.name}; ya está en ${lower(first)})`);
      else seen.set(key, label);
    }

    if (problems.length > 0) {
      errors.push(...problems.map((problem) => `${label}: ${problem}`));
    } else if (phase && home && away) {
      parsed.push({ row, phaseId: phase.id, phaseName: phase.name, home, away, kickoffAt, result });
    }
  }
  return errors.length > 0 ? { ok: false, errors: errors.report() } : { ok: true, rows: parsed };
}

function lower(label: string): string {
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/** A match as it stands in the database, for planning. */
export interface CurrentMatch {
  id: number;
  phaseId: number;
  homeTeamId: number | null;
  awayTeamId: number | null;
  kickoffAt: string | null;
  result: Score | null;
}

export type ChangeKind = "Partido nuevo" | "Resultado nuevo" | "Resultado cambia" | "Fecha cambia" | "Sin cambios";
export const CHANGE_KINDS: readonly ChangeKind[] = [
  "Partido nuevo",
  "Resultado nuevo",
  "Resultado cambia",
  "Fecha cambia",
  "Sin cambios",
];

export interface PlanItem {
  row: FileRow;
  /** The match the row names; null when it will be created. */
  matchId: number | null;
  /** What the row changes ('Sin cambios' alone when nothing). A new match is 'Partido nuevo' alone. */
  kinds: ChangeKind[];
  before: { kickoffAt: string | null; result: Score | null } | null;
  after: { kickoffAt: string | null; result: Score | null };
}

export interface ResultsPlan {
  items: PlanItem[];
  counts: Record<ChangeKind, number>;
}

function sameInstant(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  return new Date(a).getTime() === new Date(b).getTime();
}

/**
 * What applying the file would do: each row finds its match by phase, home and away team (the
 * first by id if the admin created the same pairing twice); an empty date or score in the file
 * keeps what the match has.
 */
export function planResults(rows: readonly FileRow[], current: readonly CurrentMatch[]): ResultsPlan {
  const byKey = new Map<string, CurrentMatch>();
  for (const match of [...current].sort((a, b) => a.id - b.id)) {
    const key = `${match.phaseId}:${match.homeTeamId}:${match.awayTeamId}`;
    if (!byKey.has(key)) byKey.set(key, match);
  }
  const counts = Object.fromEntries(CHANGE_KINDS.map((kind) => [kind, 0])) as Record<ChangeKind, number>;
  const items = rows.map((row): PlanItem => {
    const match = byKey.get(`${row.phaseId}:${row.home.id}:${row.away.id}`);
    if (!match) {
      counts["Partido nuevo"]++;
      return {
        row,
        matchId: null,
        kinds: ["Partido nuevo"],
        before: null,
        after: { kickoffAt: row.kickoffAt, result: row.result },
      };
    }
    const before = { kickoffAt: match.kickoffAt, result: match.result };
    const after = { kickoffAt: row.kickoffAt ?? match.kickoffAt, result: row.result ?? match.result };
    const kinds: ChangeKind[] = [];
    if (row.result && !match.result) kinds.push("Resultado nuevo");
    else if (
      row.result &&
      match.result &&
      (row.result.home !== match.result.home || row.result.away !== match.result.away)
    ) {
      kinds.push("Resultado cambia");
    }
    if (!sameInstant(before.kickoffAt, after.kickoffAt)) kinds.push("Fecha cambia");
    if (kinds.length === 0) kinds.push("Sin cambios");
    for (const kind of kinds) counts[kind]++;
    return { row, matchId: match.id, kinds, before, after };
  });
  return { items, counts };
}

/**
 * The plan's new matches that would be a third between the same two teams in one knockout round
 * (a Vuelta written with home and away the other way round does not find its match, and would be
 * added): a problem each, so nothing is applied. `phaseNames`: the season's phases by id.
 */
export function thirdLegProblems(
  plan: ResultsPlan,
  current: readonly CurrentMatch[],
  phaseNames: ReadonlyMap<number, string>,
): string[] {
  const legs = new Map<string, number>();
  /** Counts one more match of the key's tie; true when that makes it more than two. */
  const oneMore = (key: string | null) => {
    if (key === null) return false;
    const count = (legs.get(key) ?? 0) + 1;
    legs.set(key, count);
    return count > 2;
  };
  for (const match of current)
    oneMore(tieKeyOf(phaseNames.get(match.phaseId) ?? "", match.homeTeamId, match.awayTeamId));
  const problems: string[] = [];
  for (const { matchId, row } of plan.items) {
    if (matchId === null && oneMore(tieKeyOf(row.phaseName, row.home.id, row.away.id))) {
      problems.push(
        `${row.phaseName}, ${row.home.name} vs ${row.away.name}: ${THIRD_LEG_MESSAGE}; ¿local y visitante al revés?`,
      );
    }
  }
  return problems;
}

/** True when applying the plan writes something. */
export function planChanges(plan: ResultsPlan): boolean {
  return plan.items.some((item) => !item.kinds.includes("Sin cambios"));
}

/**
 * What the preview promised, as text: the file and the state of every match it touches (and the
 * absence of those it creates). Applying recomputes it; any difference means the data moved.
 */
export function planFingerprintSource(content: string, plan: ResultsPlan): string {
  const state = plan.items.map((item) => [
    item.row.phaseId,
    item.row.home.id,
    item.row.away.id,
    item.matchId,
    item.before,
  ]);
  return `${content}\n${JSON.stringify(state)}`;
}

/** The counts as a sentence for the success toast: '2 partidos nuevos, 3 resultados, 1 fecha'. */
export function describeCounts(counts: Record<ChangeKind, number>): string {
  const parts: string[] = [];
  const add = (n: number, one: string, many: string) => {
    if (n > 0) parts.push(`${n} ${n === 1 ? one : many}`);
  };
  add(counts["Partido nuevo"], "partido nuevo", "partidos nuevos");
  add(counts["Resultado nuevo"], "resultado nuevo", "resultados nuevos");
  add(counts["Resultado cambia"], "resultado cambiado", "resultados cambiados");
  add(counts["Fecha cambia"], "fecha cambiada", "fechas cambiadas");
  add(counts["Sin cambios"], "sin cambios", "sin cambios");
  return parts.join(", ");
}
