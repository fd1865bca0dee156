/**
 * CSV as spreadsheets read it (RFC 4180, comma-separated, CRLF lines). Files start with a UTF-8
 * byte-order mark so that Excel shows accents and ñ. A cell that a spreadsheet would run as a
 * formula (=, +, -, @, tab, CR at the start) is prefixed with an apostrophe: a nickname like
 * "=HYPERLINK(…)" stays text.
 */
export const CSV_BOM = "\uFEFF";

export type CsvValue = string | number | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
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

/** The delimiter a header line uses: semicolon (Excel in Spanish) when it has more of them than commas. */
export function csvDelimiter(headerLine: string): "," | ";" {
  const count = (char: string) => headerLine.split(char).length - 1;
  return count(";") > count(",") ? ";" : ",";
}
