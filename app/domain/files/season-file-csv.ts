import { phaseLabel } from "#app/domain/game/phases";

import { csvDelimiter, csvWidthProblem, parseCsv, rowWidthProblem } from "./csv";
import { NOT_UNICODE, type Problems } from "./problems";
import { parseKickoff } from "./results-file";
import {
  checkSeason,
  groupLabel,
  legFromPhase,
  phasesInOrder,
  quote,
  readScores,
  teamCell,
} from "./season-file-common";
import type { ParsedSeasonFile, SeasonFileMatch } from "./season-file-types";
import { normalizeTeamName } from "./team-names";

/**
 * A season as a spreadsheet: 'jornada,local,visitante,fecha' and, if wanted, 'grupo' and the
 * results file's 'goles_local,goles_visitante'; a header row, commas or semicolons (Excel in
 * Spanish), quoted cells. 'jornada' is a phase name or a bare number ('3' → 'Jornada 3'); 'fecha'
 * is empty, 'AAAA-MM-DD HH:mm' in the season's time zone, or ISO 8601 with its offset. Phases
 * follow the order in which the rows first name them.
 */

const REQUIRED = ["jornada", "local", "visitante", "fecha"] as const;
const OPTIONAL = ["grupo", "goles_local", "goles_visitante"] as const;
type Column = (typeof REQUIRED)[number] | (typeof OPTIONAL)[number];
const COLUMNS: readonly string[] = [...REQUIRED, ...OPTIONAL];

export function readSeasonCsv(text: string, timeZone: string, problems: Problems): ParsedSeasonFile | null {
  const delimiter = csvDelimiter(text.split(/\r?\n/, 1)[0] ?? "");
  const tooWide = csvWidthProblem(text, delimiter);
  if (tooWide) {
    problems.push(tooWide);
    return null;
  }
  const records = parseCsv(text, delimiter);
  const written = records[0] ?? [];
  if (!wellFormed(written)) {
    problems.push(`Fila 1: ${NOT_UNICODE}`);
    return null;
  }
  const header = written.map((cell) => normalizeTeamName(cell).replace(/ /g, "_"));
  // Each known column's first position, found in one pass over the header.
  const position = new Map<string, number>();
  const unknown: string[] = [];
  const repeated = new Set<string>();
  header.forEach((column, index) => {
    // An empty header cell (a spreadsheet's trailing separator) is no column; its cells are ignored.
    if (column === "") return;
    if (!COLUMNS.includes(column)) unknown.push(written[index] ?? "");
    else if (position.has(column)) repeated.add(column);
    else position.set(column, index);
  });
  const missing = REQUIRED.filter((column) => !position.has(column));
  const columns = `${REQUIRED.join(",")} y, si quieres, ${OPTIONAL.join(",")}`;
  if (missing.length > 0) problems.push(`Fila 1: faltan columnas: ${missing.join(", ")} (el encabezado es ${columns})`);
  if (unknown.length > 0) {
    problems.push(`Fila 1: columnas desconocidas: ${unknown.map(quote).join(", ")} (el encabezado es ${columns})`);
  }
  if (repeated.size > 0) problems.push(`Fila 1: columnas repetidas: ${[...repeated].join(", ")}`);
  if (problems.length > 0) return null;

  const matches: SeasonFileMatch[] = [];
  records.slice(1).forEach((record, index) => {
    const row = index + 2;
    const label = `Fila ${row}`;
    if (record.every((cell) => cell.trim() === "")) return;
    if (!wellFormed(record)) {
      problems.push(`${label}: ${NOT_UNICODE}`);
      return;
    }
    if (record.length !== header.length) {
      problems.push(rowWidthProblem(label, record.length, header.length));
      return;
    }
    const cell = (column: Column) => {
      const at = position.get(column);
      return at === undefined ? "" : (record[at] ?? "").trim();
    };
    const before = problems.length;
    const phase = phaseLabel(cell("jornada"));
    if (phase === "") problems.push(`${label}: falta la jornada`);
    const fecha = cell("fecha");
    const kickoffAt = fecha ? parseKickoff(fecha, timeZone) : null;
    if (fecha && !kickoffAt) {
      problems.push(`${label}: fecha no válida ${quote(fecha)} (usa AAAA-MM-DD HH:mm o ISO 8601 con zona horaria)`);
    }
    const result = readScores(
      { result: [cell("goles_local"), cell("goles_visitante")], extraTime: [null, null], penalties: [null, null] },
      label,
      problems,
    ).result;
    if (problems.length > before) return;
    matches.push({
      row,
      phase,
      group: groupLabel(cell("grupo")),
      home: teamCell(cell("local")),
      away: teamCell(cell("visitante")),
      kickoffAt,
      isFirstLeg: legFromPhase(phase),
      result,
      extraTime: null,
      penalties: null,
    });
  });
  const phases = phasesInOrder(matches);
  checkSeason("csv", phases, [], matches, problems);
  return { format: "csv", name: null, competition: null, timeZone: null, phases, teams: [], matches };
}

function wellFormed(record: readonly string[]): boolean {
  return record.every((cell) => cell.isWellFormed());
}
