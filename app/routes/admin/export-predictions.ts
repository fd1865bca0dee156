import { predictionsCsv } from "#app/data/exports.server";
import { getRuntime } from "#app/runtime.server";

/** GET /admin/exportar/pronosticos.csv: every prediction, streamed (admin only, by the layout). */
export function loader() {
  const { db, config } = getRuntime();
  return new Response(predictionsCsv(db, config.APP_TIMEZONE), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="pronosticos.csv"',
      "Cache-Control": "no-store",
    },
  });
}
