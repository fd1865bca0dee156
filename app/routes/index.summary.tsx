import {
  championText,
  lastPhaseTile,
  openText,
  placeTile,
  type HomeStanding,
  type OpenSummary,
  type SummaryTile,
} from "#app/domain/game/home-summary";
import { Panel } from "#app/ui/primitives/Panel";
import typography from "#app/ui/theme/typography.module.css";

import classes from "./index.summary.module.css";

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
        <p className={open.missing > 0 ? `${classes.line} ${classes.missing}` : classes.line}>{openText(open)}</p>
      )}
    </Panel>
  );
}
