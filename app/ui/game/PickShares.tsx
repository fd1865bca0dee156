import { Fragment } from "react";

import { SHARES_SEPARATOR, sharesParts, type PickShares as Shares } from "#app/domain/game/pick-shares";

import classes from "./PickShares.module.css";

/**
 * What everybody picked under a revealed match: a bar of home win, draw and away win (a picture
 * of the text beside it, hidden from screen readers: the text says it all, in words and numbers,
 * not in colour) and 'Local 55 % · Empate 25 % · Visitante 20 % · Más elegido: 2 - 1'. Plain
 * markup and CSS: a page may hold a season's worth of them, and it costs no script.
 */
export function PickShares({ shares, className }: { shares: Shares; className?: string }) {
  const parts = sharesParts(shares);
  return (
    <div className={className ? `${classes.shares} ${className}` : classes.shares}>
      {shares.total > 0 && (
        <div className={classes.bar} aria-hidden>
          {shares.home > 0 && <span className={classes.home} style={{ flexGrow: shares.home }} />}
          {shares.draw > 0 && <span className={classes.draw} style={{ flexGrow: shares.draw }} />}
          {shares.away > 0 && <span className={classes.away} style={{ flexGrow: shares.away }} />}
        </div>
      )}
      <p className={classes.text}>
        {parts.map((part, index) => (
          <Fragment key={part}>
            {index > 0 && SHARES_SEPARATOR}
            <span className={classes.part}>{part}</span>
          </Fragment>
        ))}
      </p>
    </div>
  );
}
