import { standingsCsv } from "#app/data/exports.server";
import { phaseParam } from "#app/domain/admin-forms";
import { getRuntime } from "#app/runtime.server";
import type { Route } from "./+types/export-standings";

/** GET /admin/exportar/posiciones.csv[?jornada=<id>]: the overall table, or one phase's (admin only, by the layout). */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = getRuntime();
  const requested = phaseParam(request.url);
  const phase =
    requested === null ? undefined : await db.selectFrom("phases").select(["id", "name"]).where("id", "=", requested).executeTakeFirst();
  const name = phase ? `posiciones-${phase.name.toLowerCase().replace(/[^a-z0-9]+/gi, "-")}.csv` : "posiciones.csv";
  return new Response(await standingsCsv(db, phase?.id ?? null), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  });
}
