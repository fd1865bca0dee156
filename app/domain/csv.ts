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
