import { predictionsCsv } from "#app/data/exports.server";
import { fileSlug } from "#app/domain/csv";
import { shownSeason } from "#app/http/season.server";
import { getRuntime } from "#app/runtime.server";
import type { Route } from "./+types/export-predictions";

/** GET /admin/exportar/pronosticos.csv[?temporada=<id>]: a season's predictions, streamed (admin only, by the layout). */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = getRuntime();
  const season = await shownSeason(db, request);
  return new Response(predictionsCsv(db, season), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="pronosticos-${fileSlug(season.name)}.csv"`,
    },
  });
}
