import { NOT_UNICODE, type Problems } from "./problems";

/**
 * A JSON file people bring (a season file, a results file, the original app's export), parsed
 * and then walked once, to a bounded depth, before any reader looks into it. Refused:
 * - nesting deeper than the file's format needs: a score nested 300,000 levels deep parses (the
 *   parser keeps its own stack), but the first recursive code to touch it (a message quoting the
 *   value with JSON.stringify) overflows the call stack;
 * - text that is not well-formed Unicode (a lone surrogate, '\ud800', is valid JSON): a database
 *   stores it as U+FFFD, so a name read back is not the name written, and finding it fails.
 * Problems name their row when they are inside one of the file's row lists (`rows`).
 */

/** Our season and results files nest five levels at most (openfootball's `matches[].score.ft`). */
export const MAX_JSON_DEPTH = 8;

export interface JsonFileOptions {
  maxDepth: number;
  /** A top-level list of rows and how a problem names its n-th row: { matches: (n) => `Partido ${n}` }. */
  rows?: Readonly<Record<string, (row: number) => string>>;
}

export const INVALID_JSON = "El archivo no es un JSON válido";

/** The parsed value, or null with its problems added. */
export function readJsonFile(text: string, problems: Problems, options: JsonFileOptions): { value: unknown } | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    problems.push(INVALID_JSON);
    return null;
  }
  const before = problems.length;
  new Walk(problems, options).visit(value, 1);
  return problems.length > before ? null : { value };
}

type Kind = "deep" | "unicode";

class Walk {
  /** The keys from the root to the value visited (array positions as numbers). */
  readonly #path: (string | number)[] = [];
  /** One problem of each kind per row (or for the file). */
  readonly #reported = new Set<string>();

  constructor(
    readonly problems: Problems,
    readonly options: JsonFileOptions,
  ) {}

  /** `depth`: how many arrays and objects hold the value, itself included when it is one. */
  visit(value: unknown, depth: number): void {
    if (typeof value === "string") {
      if (!value.isWellFormed()) this.#report("unicode");
      return;
    }
    if (typeof value !== "object" || value === null) return;
    if (depth > this.options.maxDepth) {
      this.#report("deep");
      return;
    }
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) this.#inside(index, value[index], depth);
      return;
    }
    for (const key of Object.keys(value)) {
      if (!key.isWellFormed()) this.#report("unicode");
      this.#inside(key, (value as Record<string, unknown>)[key], depth);
    }
  }

  #inside(key: string | number, value: unknown, depth: number): void {
    this.#path.push(key);
    this.visit(value, depth + 1);
    this.#path.pop();
  }

  #report(kind: Kind): void {
    const [list, index] = this.#path;
    const rowLabel = typeof list === "string" ? this.options.rows?.[list] : undefined;
    const label = rowLabel && typeof index === "number" ? rowLabel(index + 1) : null;
    const key = `${label}|${kind}`;
    if (this.#reported.has(key)) return;
    this.#reported.add(key);
    if (kind === "deep") {
      const subject = label ? `${label}: tiene` : "El archivo tiene";
      this.problems.push(`${subject} listas u objetos anidados a más de ${this.options.maxDepth} niveles`);
      return;
    }
    // The nearest key that can be quoted, within the row if there is one.
    const named = this.#path
      .slice(label ? 2 : 0)
      .findLast((part): part is string => typeof part === "string" && part.isWellFormed());
    this.problems.push(
      `${label ? `${label}: ` : "El archivo "}${NOT_UNICODE}${named === undefined ? "" : ` (en ${quoteKey(named)})`}`,
    );
  }
}

/**
 * A key as a message quotes it: without control characters, cut when long. Written here rather
 * than taken from season-file-common.ts, whose imports (input.ts sets Zod's locale on load) would
 * follow the results file's texts into the results screen's browser code.
 */
function quoteKey(key: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = key.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ").trim();
  return `«${clean.length > 40 ? `${clean.slice(0, 39)}…` : clean}»`;
}
