import { NavLink } from "react-router";

import classes from "#app/ui/game/PhaseNav.module.css";

import tabs from "./StandingsTabs.module.css";

/**
 * The views of /rankings: the season's table, 'Histórico' (every season's totals and the
 * champions) and 'Cambios del administrador' (the season's corrected results and edited picks).
 * Links with the look of the phase row; the current view is aria-current.
 */
export function StandingsTabs({ season }: { season?: { id: number; isCurrent: boolean } }) {
  const query = season && !season.isCurrent ? `?temporada=${season.id}` : "";
  return (
    <nav aria-label="Vistas de la tabla" className={tabs.nav}>
      <NavLink to={`/rankings${query}`} end className={classes.item}>
        Temporada
      </NavLink>
      <NavLink to="/rankings/historico" className={classes.item}>
        Histórico
      </NavLink>
      <NavLink to={`/rankings/cambios${query}`} className={classes.item}>
        Cambios del administrador
      </NavLink>
    </nav>
  );
}
