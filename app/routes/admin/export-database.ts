import { databaseJson } from "#app/data/exports.server";
import { getRuntime } from "#app/runtime.server";

/** GET /admin/exportar/base-de-datos.json: the game's tables, streamed (admin only, by the layout). */
export function loader() {
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(databaseJson(getRuntime().db), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="quiniela-${stamp}.json"`,
    },
  });
}
