import { useEffect, useRef } from "react";
import { Link } from "react-router";

import classes from "./PhaseNav.module.css";

/**
 * The phases of a game page as links (?jornada=<id>): the page shows some of them in full
 * (domain/game/phase-status.ts, phasesToShow) and the others are one tap away. Works without scripts.
 */
export function PhaseNav({
  phases,
  shown,
  hrefFor,
  label = "Jornadas",
}: {
  phases: readonly { id: number; name: string }[];
  shown: readonly number[];
  hrefFor: (phaseId: number) => string;
  label?: string;
}) {
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    // On a phone the row scrolls sideways: bring the chosen phase into view.
    const current = nav.current?.querySelector<HTMLElement>("[aria-current]");
    if (nav.current && current) {
      nav.current.scrollLeft = current.offsetLeft - nav.current.clientWidth / 2 + current.offsetWidth / 2;
    }
  }, [shown]);
  if (phases.length < 2) return null;
  return (
    <nav aria-label={label} className={classes.nav} ref={nav}>
      {phases.map((phase) => (
        <Link
          key={phase.id}
          to={hrefFor(phase.id)}
          preventScrollReset
          className={classes.item}
          aria-current={shown.includes(phase.id) ? (shown.length === 1 ? "page" : "true") : undefined}
        >
          {phase.name}
        </Link>
      ))}
    </nav>
  );
}
