import type { Kysely } from "kysely";

import type { Database } from "#app/data/engine/schema";
import { seasonToShow, type SeasonView } from "#app/data/seasons/current-season.server";
import { parseId } from "#app/domain/forms/input";

/** The query parameter that picks another season than the current one: ?temporada=<id>. */
export const SEASON_PARAM = "temporada";

/** The season a page looks at: the one ?temporada= names, else the current season. */
export function shownSeason(db: Kysely<Database>, request: Request): Promise<SeasonView> {
  return seasonToShow(db, parseId(new URL(request.url).searchParams.get(SEASON_PARAM)));
}
