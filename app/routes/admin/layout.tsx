import { Outlet } from "react-router";

import { listSeasonOptions } from "#app/data/seasons/current-season.server";
import { servicesOf } from "#app/http/context";
import { requireAdmin } from "#app/http/guards.server";
import { shownSeason } from "#app/http/season.server";
import type { AdminSeasonData } from "#app/ui/admin/AdminSeasonSelect";

import type { Route } from "./+types/layout";

/**
 * Guards every admin loader and action (document and .data requests alike) before any of
 * them runs: anonymous → /login, non-admin → 403 'No tienes acceso a esta página'.
 */
export const middleware: Route.MiddlewareFunction[] = [
  (args) => {
    requireAdmin(args);
  },
];

/** The seasons for the screens' 'Temporada' select (ui/admin/AdminSeasonSelect.tsx), and the one shown. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<AdminSeasonData> {
  const { db } = servicesOf(context);
  const [seasons, season] = await Promise.all([listSeasonOptions(db), shownSeason(db, request)]);
  return {
    seasons,
    season: { id: season.id, name: season.name, isCurrent: season.isCurrent, finished: season.finishedAt !== null },
  };
}

export default function AdminLayout() {
  return <Outlet />;
}
