import { compareTallies, type Tally } from "./standings";

/**
 * A jornada's winner: once every active match of a phase has its result (movement.ts
 * isCompleted), whoever holds first place in its table. First place is decided by the tables'
 * own order (points, then exact hits, then correct outcomes, compareTallies): players equal on
 * all three share it, as they share the rank. A jornada where nobody scored a point has no winner:
 * a table of zeros names nobody.
 */

/** The players who won a completed phase's table (user ids, in the order given); empty without points. */
export function phaseWinners<T extends Tally & { userId: string }>(rows: readonly T[]): T[] {
  let best: T | null = null;
  for (const row of rows) if (best === null || compareTallies(row, best) < 0) best = row;
  if (best === null || best.points <= 0) return [];
  return rows.filter((row) => compareTallies(row, best) === 0);
}

/** The line under a completed jornada's table: 'Ganador de la jornada: Ana', or null without a winner. */
export function winnersLine(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  return `${names.length === 1 ? "Ganador" : "Ganadores"} de la jornada: ${names.join(", ")}`;
}

/** 'Jornadas ganadas' in words, for the line that stands for the column on a phone. */
export function jornadasWonInWords(count: number): string {
  return count === 1 ? "1 jornada ganada" : `${count} jornadas ganadas`;
}

/**
 * The tables' tie-break, in words, under them (compareTallies, then the name order of
 * table-order.ts, which lists players but gives them no different rank).
 */
export const TIE_BREAK =
  "Desempate: más puntos; si empatan, más marcadores exactos; después, más resultados acertados. Con los tres iguales se comparte el lugar y se listan por nombre.";
