import { databaseJson } from "#app/data/transfer/exports.server";
import { servicesOf } from "#app/http/context";

import type { Route } from "./+types/base-de-datos.json";

/** GET /admin/exportar/base-de-datos.json: the game's tables, streamed (admin only, by the layout). */
export function loader({ context }: Route.LoaderArgs) {
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(databaseJson(servicesOf(context).db), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="quiniela-${stamp}.json"`,
    },
  });
}
