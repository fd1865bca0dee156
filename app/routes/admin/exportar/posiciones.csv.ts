import { findPhase } from "#app/data/seasons/phases.server";
import { standingsCsv } from "#app/data/transfer/exports.server";
import { fileSlug } from "#app/domain/files/csv";
import { phaseParam } from "#app/domain/forms/admin-forms";
import { servicesOf } from "#app/http/context";
import { shownSeason } from "#app/http/season.server";

import type { Route } from "./+types/posiciones.csv";

/**
 * GET /admin/exportar/posiciones.csv[?temporada=<id>][&jornada=<id>]: a season's overall table (the
 * current one by default), or one of its phases' (admin only, by the layout).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = servicesOf(context);
  const season = await shownSeason(db, request);
  const requested = phaseParam(request.url);
  const phase = requested === null ? undefined : await findPhase(db, season.id, requested);
  const name = `posiciones-${fileSlug(season.name)}${phase ? `-${fileSlug(phase.name)}` : ""}.csv`;
  return new Response(await standingsCsv(db, season, phase?.id ?? null), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
    },
  });
}
