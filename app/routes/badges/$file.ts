import { teamBadgeColors } from "#app/data/seasons/teams.server";
import { badgeSvg, NEUTRAL_BADGE } from "#app/domain/badges";
import { parseId } from "#app/domain/forms/input";
import { servicesOf } from "#app/http/context";

import type { Route } from "./+types/$file";

/**
 * /badges/<team id>.svg: the generated badge of a team (its short code on its colours); anything
 * else, 'Por definir' included (/badges/TBD.svg), gets the neutral one. By id: short codes are
 * unique only within a competition.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseId(params.file.replace(/\.svg$/i, ""));
  const colors = id === undefined ? undefined : await teamBadgeColors(servicesOf(context).db, id);
  const svg = badgeSvg(colors ?? NEUTRAL_BADGE);
  return new Response(svg, {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
