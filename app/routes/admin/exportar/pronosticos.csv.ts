import { predictionsCsv } from "#app/data/transfer/exports.server";
import { fileSlug } from "#app/domain/files/csv";
import { servicesOf } from "#app/http/context";
import { shownSeason } from "#app/http/season.server";

import type { Route } from "./+types/pronosticos.csv";

/** GET /admin/exportar/pronosticos.csv[?temporada=<id>]: a season's predictions, streamed (admin only, by the layout). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = servicesOf(context);
  const season = await shownSeason(db, request);
  return new Response(predictionsCsv(db, season), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="pronosticos-${fileSlug(season.name)}.csv"`,
    },
  });
}
