/**
 * CSV as spreadsheets read it (RFC 4180, comma-separated, CRLF lines). Files start with a UTF-8
 * byte-order mark so that Excel shows accents and ñ.
 *
 * A cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR at its start) gets an
 * apostrophe in front: a nickname like "=HYPERLINK(…)" stays text. A spreadsheet may also split
 * on another separator than ours (Excel in Spanish splits on ';'), so a cell holding a separator
 * is quoted, and a formula start right after any separator or line break inside it is
 * neutralised the same way: "x;=1+1;" is written "x;'=1+1;", quoted.
 */
import { countOf } from "#app/domain/plural";

export const CSV_BOM = "\uFEFF";

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /(^|[,;\t\r\n])(?=[=+\-@\t\r])/g;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const text = value.replace(FORMULA_START, "$1'");
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/**
 * Reads CSV as spreadsheets write it: double-quoted cells with "" for a quote (and line breaks
 * inside quotes), CRLF or LF lines, an optional byte-order mark. Returns one array of cells per
 * line, blank lines included, so that record n is the spreadsheet's row n + 1.
 */
export function parseCsv(text: string, delimiter: "," | ";" = ","): string[][] {
  const source = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (quoted) {
      if (char !== '"') cell += char;
      else if (source[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      record.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && source[i + 1] === "\n") i++;
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
    } else cell += char;
  }
  // A final line without its line break still counts; a file ending in one adds no empty record.
  if (cell !== "" || record.length > 0) {
    record.push(cell);
    records.push(record);
  }
  return records;
}

/**
 * The most columns a file's header may have. Ours have up to seven, and a spreadsheet may add a
 * few empty ones; a header of thousands is no spreadsheet of ours, and each of its cells would be
 * checked on every row.
 */
export const CSV_MAX_COLUMNS = 50;

/** The problem of a row whose width is not its header's: 'Fila 3: tiene 1 columna y el encabezado 4'. */
export function rowWidthProblem(label: string, cells: number, headerCells: number): string {
  return `${label}: tiene ${countOf(cells, "columna", "columnas")} y el encabezado ${headerCells}`;
}

/**
 * The problem of a file whose header has more than `CSV_MAX_COLUMNS` cells, or null. The header's
 * cells are counted as `parseCsv` would split them, without making them.
 */
export function csvWidthProblem(text: string, delimiter: "," | ";" = ","): string | null {
  let width = 1;
  let quoted = false;
  for (let i = text.startsWith(CSV_BOM) ? 1 : 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === delimiter) width++;
    else if (char === "\n" || char === "\r") break;
  }
  if (width <= CSV_MAX_COLUMNS) return null;
  return `Fila 1: el encabezado tiene ${width.toLocaleString("es-MX")} columnas; el máximo es ${CSV_MAX_COLUMNS}`;
}

/** The delimiter a header line uses: semicolon (Excel in Spanish) when it has more of them than commas. */
export function csvDelimiter(headerLine: string): "," | ";" {
  let balance = 0;
  for (let i = 0; i < headerLine.length; i++) {
    const char = headerLine[i];
    if (char === ";") balance++;
    else if (char === ",") balance--;
  }
  return balance > 0 ? ";" : ",";
}

/** A name as part of a file name: 'Liga MX · Clausura 2024' → 'liga-mx-clausura-2024'. */
export function fileSlug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
