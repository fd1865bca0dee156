import { useLocation, useRouteLoaderData } from "react-router";

import { SeasonSelect, type SeasonOption } from "#app/ui/game/SeasonSelect";

import classes from "./AdminTable.module.css";

/** What routes/admin/layout.tsx's loader gives every admin screen. */
export interface AdminSeasonData {
  seasons: SeasonOption[];
  /** The one ?temporada= names, else the current one. */
  season: { id: number; name: string; isCurrent: boolean; finished: boolean };
}

export function useAdminSeason(): AdminSeasonData {
  const data = useRouteLoaderData("routes/admin/layout") as AdminSeasonData | undefined;
  if (!data) throw new Error("useAdminSeason fuera de /admin");
  return data;
}

/** `?temporada=<id>&` to keep the season in a screen's own links, or nothing for the current one. */
export function seasonQuery(season: { id: number; isCurrent: boolean }): string {
  return season.isCurrent ? "" : `temporada=${season.id}&`;
}

/** The select 'Temporada' of an admin screen, and a note when the season shown is finished. */
export function AdminSeasonSelect() {
  const { seasons, season } = useAdminSeason();
  const { pathname } = useLocation();
  return (
    <>
      <SeasonSelect seasons={seasons} selected={season.id} action={pathname} className={classes.seasonSelect} />
      {season.finished && (
        <p className={classes.finishedNote} role="note">
          {`«${season.name}» está terminada: solo se puede consultar. Reábrela en 'Temporadas' para hacer cambios.`}
        </p>
      )}
    </>
  );
}
