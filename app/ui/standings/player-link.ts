/** The season a table is of: its names link to that season of the player's page. */
export interface TableSeason {
  id: number;
  isCurrent: boolean;
}

/**
 * The address of a player's page (/jugador/:id), on the season of the table that names them:
 * a name in another season's table opens that season of the page (?temporada=), the current
 * season's needs none.
 */
export function playerHref(userId: string, season?: TableSeason | null): string {
  const path = `/jugador/${encodeURIComponent(userId)}`;
  return season && !season.isCurrent ? `${path}?temporada=${season.id}` : path;
}
