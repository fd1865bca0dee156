import {
  championText,
  lastPhaseTile,
  openAt,
  openText,
  placeTile,
  type HomeStanding,
  type OpenSummary,
  type SummaryTile,
} from "#app/domain/standings/home-summary";
import { useMissingPicksClock } from "#app/ui/game/useMissingPicks";
import { Panel } from "#app/ui/primitives/Panel";
import typography from "#app/ui/theme/typography.module.css";

import classes from "./WeekendSummary.module.css";

/** A figure of the summary: its label, the figure (with its movement mark) and a line under it. */
function Tile({ tile }: { tile: SummaryTile }) {
  return (
    <div className={classes.tile}>
      <dt className={classes.label}>{tile.label}</dt>
      <dd className={classes.value}>
        {tile.value}
        {tile.mark && (
          <span className={`${classes.mark} ${classes[tile.mark.direction]}`} title={tile.mark.phrase}>
            <span aria-hidden="true">{tile.mark.text}</span>
            <span className={typography.srOnly}>{tile.mark.phrase}</span>
          </span>
        )}
      </dd>
      <dd className={classes.detail}>{tile.detail}</dd>
    </div>
  );
}

/**
 * What is open for the player, and the time left before the first of it closes ('Cierra en 2 h
 * 15 min'): the server's words first, then the browser's clock moves them on, each minute and at
 * each close (the count goes down as its matches lock, as the form's do). Not a live region: a
 * screen reader is not told every minute.
 */
function OpenLine({ open }: { open: OpenSummary }) {
  const now = useMissingPicksClock(open.missing);
  const { missing, countdown } = openAt(open, now);
  return (
    <div className={missing > 0 ? `${classes.line} ${classes.missing}` : classes.line}>
      <p className={classes.open}>{openText(open, now)}</p>
      {countdown && <p className={classes.countdown}>{countdown}</p>}
    </div>
  );
}

/**
 * 'Cómo vas', above the form: the player's place and movement, their last completed jornada, and
 * what is still open for them and until when (or a finished season's champion). Plain markup: it
 * renders on every view of the home page.
 */
export function WeekendSummary({ standing, open }: { standing: HomeStanding; open: OpenSummary }) {
  const { champion } = standing;
  return (
    <Panel as="section" aria-labelledby="como-vas" padding="md" paddingFromSm="lg" className={classes.summary}>
      <h2 id="como-vas" className={classes.heading}>
        Cómo vas
      </h2>
      <dl className={classes.tiles}>
        <Tile tile={placeTile(standing.place)} />
        <Tile tile={lastPhaseTile(standing.lastPhase)} />
      </dl>
      {champion ? (
        <p className={`${classes.line} ${classes.champion}`}>{championText(champion)}</p>
      ) : (
        <OpenLine open={open} />
      )}
    </Panel>
  );
}
