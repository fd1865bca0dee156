/**
 * The problems of a file people bring (a season file, a results file), as the screen lists them:
 * the first `MAX_PROBLEMS_LISTED` in the order found, then one line counting the rest. A file of
 * a megabyte can hold half a million bad rows; listing them all makes an answer many times the
 * file's size, slow to build and to render, and no one reads past the first screenful.
 */

export const MAX_PROBLEMS_LISTED = 100;

/**
 * A row's text with a lone surrogate ('\ud800'): a database stores U+FFFD in its place, so the
 * name read back is not the name written. After 'Fila 3: ' or 'El archivo '.
 */
export const NOT_UNICODE = "tiene texto que no es Unicode válido";

/** Where a reader adds problems: a plain list, or a `ProblemList`. */
export interface Problems {
  push(...problems: string[]): number;
  /** Every problem added, listed or not: a reader compares it before and after a row. */
  readonly length: number;
}

/** Keeps the first `MAX_PROBLEMS_LISTED` problems and counts the others. */
export class ProblemList implements Problems {
  readonly #listed: string[] = [];
  #count = 0;

  push(...problems: string[]): number {
    for (const problem of problems) {
      if (this.#listed.length < MAX_PROBLEMS_LISTED) this.#listed.push(problem);
      this.#count++;
    }
    return this.#count;
  }

  get length(): number {
    return this.#count;
  }

  /** The listed problems, and a last line with how many more there are (if any). */
  report(): string[] {
    const more = this.#count - this.#listed.length;
    return more > 0 ? [...this.#listed, moreProblemsLine(more)] : [...this.#listed];
  }
}

/** A plain list of problems as a `ProblemList` reports it. */
export function listedProblems(problems: readonly string[]): string[] {
  const list = new ProblemList();
  for (const problem of problems) list.push(problem);
  return list.report();
}

export function moreProblemsLine(more: number): string {
  const count = more.toLocaleString("es-MX");
  return `… y ${count} ${more === 1 ? "problema más" : "problemas más"}: corrige estos y vuelve a revisar el archivo`;
}

/** The toast's count of a reported list: 'Hay 3 problemas', or 'Hay más de 100 problemas' when some are only counted. */
export function problemsHeadline(report: readonly string[]): string {
  const n = report.length;
  if (n > MAX_PROBLEMS_LISTED) return `Hay más de ${MAX_PROBLEMS_LISTED} problemas`;
  return n === 1 ? "Hay 1 problema" : `Hay ${n} problemas`;
}
