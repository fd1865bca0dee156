import { NavLink } from "react-router";

import classes from "./PhaseNav.module.css";

/**
 * The two views of /rankings: the season's table and 'Histórico' (every season's totals and the
 * champions). Links with the look of the phase row; the current view is aria-current.
 */
export function StandingsTabs({ season }: { season?: { id: number; isCurrent: boolean } }) {
  const seasonHref = season && !season.isCurrent ? `/rankings?temporada=${season.id}` : "/rankings";
  return (
    <nav aria-label="Vistas de la tabla" className={classes.nav}>
      <NavLink to={seasonHref} end className={classes.item}>
        Temporada
      </NavLink>
      <NavLink to="/rankings/historico" className={classes.item}>
        Histórico
      </NavLink>
    </nav>
  );
}
