import { matchLabel } from "#app/domain/game/match";
import { countOf } from "#app/domain/plural";
import {
  countWithShare,
  runInWords,
  scoredInWords,
  type PhaseTally,
  type PlayerPick,
} from "#app/domain/standings/player-season";
import type { Tally } from "#app/domain/standings/standings";
import { MatchTeam } from "#app/ui/game/MatchTeam";
import { Badge } from "#app/ui/primitives/Badge";
import { Table } from "#app/ui/primitives/Table";
import typography from "#app/ui/theme/typography.module.css";

import classes from "./PlayerSeason.module.css";

/**
 * A player's season on their page (routes/jugador/$id.tsx): its figures, its jornadas, and one
 * jornada's revealed picks. The props are what these pieces show of the loader's data
 * (data/standings/player-season.server.ts, data/predictions/player-picks.server.ts).
 */

/** A jornada of the player's season with a result: their tally there, and how it ended for them. */
export interface PlayerPhaseLine extends PhaseTally {
  /** Every active match of the phase has its result. */
  completed: boolean;
  /** They hold first place of the completed phase (alone or shared). */
  won: boolean;
  /** Their place in the season's table when the phase was completed; null before. */
  place: number | null;
}

/** The season in figures, as the loader reads it from the stored standings. */
export interface SeasonFiguresView {
  /** Their place and tally in the season's table; null when they did not play it. */
  standing: (Tally & { rank: number }) | null;
  tableSize: number;
  /** Their predictions with a result (what the shares are of). */
  scored: number;
  best: Pick<PhaseTally, "phaseName" | "points"> | null;
  won: number;
  run: number;
  phases: readonly Pick<PlayerPhaseLine, "completed">[];
  history: { seasons: number; titles: number };
}

const points = (n: number) => countOf(n, "punto", "puntos");

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className={classes.figure}>
      <dt className={classes.figureLabel}>{label}</dt>
      <dd className={classes.figureValue}>
        {value}
        {note && <span className={classes.figureNote}>{note}</span>}
      </dd>
    </div>
  );
}

/** The season in figures: place, points, hit rates, best jornada, jornadas won, the run; seasons and titles. */
export function SeasonFigures({ figures }: { figures: SeasonFiguresView }) {
  const { standing, scored, best, history } = figures;
  return (
    <section className={classes.panel} aria-labelledby="resumen">
      <h2 className={classes.sectionTitle} id="resumen">
        Resumen de la temporada
      </h2>
      {standing === null && <p className={typography.dimmed}>No jugó esta temporada.</p>}
      <dl className={classes.figures}>
        {standing && (
          <>
            <Figure label="Lugar" value={`${standing.rank} de ${figures.tableSize}`} />
            <Figure label="Puntos" value={String(standing.points)} />
            <Figure
              label="Marcadores exactos"
              value={countWithShare(standing.exactHits, scored)}
              note={scoredInWords(scored)}
            />
            <Figure
              label="Resultados acertados"
              value={countWithShare(standing.outcomeHits, scored)}
              note={scoredInWords(scored)}
            />
            <Figure
              label="Mejor jornada"
              value={best ? best.phaseName : "—"}
              note={best ? points(best.points) : undefined}
            />
            <Figure label="Jornadas ganadas" value={String(figures.won)} />
            {figures.phases.some((phase) => phase.completed) && (
              <Figure label="Racha actual" value={String(figures.run)} note={runInWords(figures.run)} />
            )}
          </>
        )}
        <Figure label="Temporadas jugadas" value={String(history.seasons)} note="Histórico" />
        <Figure label="Títulos" value={String(history.titles)} note="Histórico" />
      </dl>
    </section>
  );
}

/** Points and place by jornada: every jornada with a result, the ones won marked; the place once completed. */
export function PhasesTable({ phases }: { phases: readonly PlayerPhaseLine[] }) {
  return (
    <section className={classes.panel} aria-labelledby="por-jornada">
      <h2 className={classes.sectionTitle} id="por-jornada">
        Por jornada
      </h2>
      <Table aria-label="Puntos por jornada" className={classes.table}>
        <thead>
          <tr>
            <th>Jornada</th>
            <th className={classes.number}>Puntos</th>
            <th className={classes.number}>Lugar</th>
            <th className={classes.number}>Exactos</th>
            <th className={`${classes.number} ${classes.wideOnly}`}>Acertados</th>
          </tr>
        </thead>
        <tbody>
          {phases.map((phase) => (
            <tr key={phase.phaseId}>
              <th scope="row" className={classes.rowHeader}>
                {phase.phaseName}
                {phase.won && (
                  <Badge tone="yellow" className={classes.mark}>
                    Ganada
                  </Badge>
                )}
                {!phase.completed && (
                  <Badge tone="gray" className={classes.mark}>
                    En juego
                  </Badge>
                )}
              </th>
              <td className={`${classes.number} ${classes.strong}`}>{phase.points}</td>
              <td className={classes.number}>{phase.place ?? "—"}</td>
              <td className={classes.number}>{phase.exactHits}</td>
              <td className={`${classes.number} ${classes.wideOnly}`}>{phase.outcomeHits}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}

function PickPoints({ pick }: { pick: PlayerPick }) {
  if (pick.points === null) return <span className={typography.dimmed}>Pendiente</span>;
  return (
    <>
      <span className={classes.strong}>{pick.points}</span>
      {pick.bonus > 0 && <span className={classes.figureNote}>{`incluye ${points(pick.bonus)} de bono`}</span>}
    </>
  );
}

/** One jornada's revealed picks: the match, its result, the pick and its points. */
export function PicksTable({ label, picks }: { label: string; picks: readonly PlayerPick[] }) {
  return (
    <Table aria-label={label} className={`${classes.table} ${classes.picks}`}>
      <thead>
        <tr>
          <th>Partido</th>
          <th className={classes.number}>Resultado</th>
          <th className={classes.number}>Pronóstico</th>
          <th className={classes.number}>Puntos</th>
        </tr>
      </thead>
      <tbody>
        {picks.map((pick) => (
          <tr key={pick.matchId}>
            <th scope="row" className={classes.rowHeader} aria-label={matchLabel(pick)}>
              <span className={classes.match}>
                <MatchTeam team={pick.home} size={24} />
                <MatchTeam team={pick.away} size={24} />
              </span>
            </th>
            <td className={classes.number}>{pick.resultLabel ?? "-"}</td>
            <td className={`${classes.number} ${classes.strong}`}>{`${pick.pick.home} - ${pick.pick.away}`}</td>
            <td className={classes.number}>
              <PickPoints pick={pick} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
