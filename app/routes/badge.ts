import { badgeSvg, NEUTRAL_BADGE } from "#app/domain/badges";
import { parseId } from "#app/domain/input";
import { getRuntime } from "#app/runtime.server";
import type { Route } from "./+types/badge";

/**
 * /badges/<team id>.svg: the generated badge of a team (its short code on its colours); anything
 * else, 'Por definir' included (/badges/TBD.svg), gets the neutral one. By id: short codes are
 * unique only within a competition.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.file.replace(/\.svg$/i, ""));
  const team =
    id === undefined
      ? undefined
      : await getRuntime()
          .db.selectFrom("teams")
          .select(["short_code", "primary_color", "secondary_color"])
          .where("id", "=", id)
          .executeTakeFirst();
  const svg = badgeSvg(
    team ? { short: team.short_code, primary: team.primary_color, secondary: team.secondary_color } : NEUTRAL_BADGE,
  );
  return new Response(svg, {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
