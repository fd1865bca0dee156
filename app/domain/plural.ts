/**
 * A count with its words in the right number: '1 usuario registrado', '4 usuarios registrados',
 * '0 partidos'. Spanish takes the singular for one only. Both forms are given whole: a plural is
 * not always the singular with an 's' ('jugador', 'pronóstico eliminado').
 */
export function countOf(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** A count as people read it, thousands grouped as in Mexico: '10,000'. */
export function countText(count: number): string {
  return count.toLocaleString("es-MX");
}
