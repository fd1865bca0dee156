import { badgeSvg, NEUTRAL_BADGE } from "#app/domain/badges";
import { getRuntime } from "#app/runtime.server";
import type { Route } from "./+types/badge";

/** /badges/AME.svg: the generated badge of a team by short code; unknown codes get the neutral one. */
export async function loader({ params }: Route.LoaderArgs) {
  const code = params.file.replace(/\.svg$/i, "").toUpperCase();
  const team = await getRuntime()
    .db.selectFrom("teams")
    .select(["short_code", "primary_color", "secondary_color"])
    .where("short_code", "=", code)
    .executeTakeFirst();
  const svg = badgeSvg(
    team ? { short: team.short_code, primary: team.primary_color, secondary: team.secondary_color } : NEUTRAL_BADGE,
  );
  return new Response(svg, {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
