import { useState } from "react";
import { Link } from "react-router";

import { PREDICTIONS_REVEALED_WHEN } from "#app/domain/game/locking";
import { matchLabel } from "#app/domain/game/match";
import type { PickShares as Shares } from "#app/domain/game/pick-shares";
import { PickShares } from "#app/ui/game/PickShares";
import { UserAvatar } from "#app/ui/people/UserAvatar";
import { Badge } from "#app/ui/primitives/Badge";
import { playerHref, type TableSeason } from "#app/ui/standings/player-link";
import typography from "#app/ui/theme/typography.module.css";

import classes from "./PoolPredictionsGrid.module.css";

interface Team {
  name: string;
  shortCode: string;
}

export interface GridPhase {
  phaseId: number;
  phaseName: string;
  matches: {
    id: number;
    home: Team | null;
    away: Team | null;
    result: { home: number; away: number } | null;
    shares: Shares;
  }[];
  rows: { userId: string; picks: Record<number, { home: number; away: number; points: number | null }> }[];
}

interface Person {
  userId: string;
  name: string;
  image: string | null;
  avatarColor: string;
}

function Cell({ pick: prediction }: { pick: GridPhase["rows"][number]["picks"][number] | undefined }) {
  if (!prediction) {
    return (
      <span className={`${classes.cell} ${classes.none}`} title="Sin pronóstico">
        ·<span className={typography.srOnly}>Sin pronóstico</span>
      </span>
    );
  }
  const tone =
    prediction.points === 3
      ? classes.exact
      : prediction.points === null
        ? ""
        : prediction.points > 0
          ? classes.outcome
          : classes.miss;
  const points =
    prediction.points === null ? "" : ` (${prediction.points} ${prediction.points === 1 ? "punto" : "puntos"})`;
  return (
    <span className={`${classes.cell} ${tone}`}>
      {`${prediction.home}-${prediction.away}`}
      {points && <span className={typography.srOnly}>{points}</span>}
    </span>
  );
}

function PhaseTable({
  phase,
  people,
  viewerId,
  season,
}: {
  phase: GridPhase;
  people: Map<string, Person>;
  viewerId: string;
  season: TableSeason;
}) {
  return (
    // Scrolls sideways on phones: focusable (and named) so the keyboard can scroll it too.
    <div
      className={classes.scroll}
      tabIndex={0}
      role="region"
      aria-label={`Pronósticos de ${phase.phaseName}, tabla desplazable`}
    >
      <table className={classes.grid} aria-label={`Pronósticos de ${phase.phaseName}`}>
        <thead>
          <tr>
            <th scope="col" className={classes.person}>
              Participante
            </th>
            {phase.matches.map((match) => (
              <th key={match.id} scope="col" className={classes.matchHead} title={matchLabel(match)}>
                <span aria-hidden className={classes.code}>
                  {match.home?.shortCode ?? "?"}
                </span>
                <span aria-hidden className={classes.code}>
                  {match.away?.shortCode ?? "?"}
                </span>
                <span className={typography.srOnly}>{matchLabel(match)}</span>
              </th>
            ))}
          </tr>
          <tr className={classes.result}>
            <th scope="row" className={classes.person}>
              Resultado
            </th>
            {phase.matches.map((match) => (
              <td key={match.id}>{match.result ? `${match.result.home}-${match.result.away}` : "–"}</td>
            ))}
          </tr>
        </thead>
        <tbody>
          {phase.rows.map((row) => {
            const person = people.get(row.userId);
            if (!person) return null;
            return (
              <tr key={row.userId} className={row.userId === viewerId ? classes.mine : undefined}>
                <th scope="row" className={classes.person}>
                  <span className={classes.personInner}>
                    <UserAvatar name={person.name} image={person.image} color={person.avatarColor} size={24} />
                    <Link to={playerHref(row.userId, season)} className={classes.personName} title={person.name}>
                      {person.name}
                    </Link>
                  </span>
                </th>
                {phase.matches.map((match) => (
                  <td key={match.id}>
                    <Cell pick={row.picks[match.id]} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Under a phase's grid, what the participants picked, match by match (a column is too narrow for it). */
function PhaseShares({ phase }: { phase: GridPhase }) {
  return (
    <ul className={classes.shares}>
      {phase.matches.map((match) => (
        <li key={match.id} className={classes.sharesItem}>
          <span className={classes.sharesMatch}>{matchLabel(match)}</span>
          <PickShares shares={match.shares} />
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Pronósticos de los participantes': everyone's picks for the pool's matches that are already
 * locked (the server sends no others), a table per phase; the latest phase open. Each name links
 * to the player's page of the pool's season.
 */
export function PoolPredictionsGrid({
  phases,
  people,
  viewerId,
  season,
}: {
  phases: GridPhase[];
  people: Person[];
  viewerId: string;
  season: TableSeason;
}) {
  const byId = new Map(people.map((person) => [person.userId, person]));
  const latest = phases.at(-1);
  const [opened, setOpened] = useState<ReadonlySet<number>>(() => new Set(latest ? [latest.phaseId] : []));
  // A phase revealed later (the page revalidates) opens as the latest one.
  const [latestSeen, setLatestSeen] = useState(latest?.phaseId);
  if (latest && latest.phaseId !== latestSeen) {
    setLatestSeen(latest.phaseId);
    setOpened(new Set([...opened, latest.phaseId]));
  }
  const toggle = (phaseId: number, open: boolean) => {
    if (open === opened.has(phaseId)) return;
    const next = new Set(opened);
    if (open) next.add(phaseId);
    else next.delete(phaseId);
    setOpened(next);
  };
  return (
    <section className={classes.panel} aria-labelledby="pronosticos-revelados">
      <div>
        <h2 className={typography.sectionTitle} id="pronosticos-revelados">
          Pronósticos de los participantes
        </h2>
        <p className={typography.dimmed}>{`Se ven ${PREDICTIONS_REVEALED_WHEN}.`}</p>
      </div>
      {phases.length === 0 ? (
        <p className={`${typography.dimmed} ${classes.empty}`}>Aún no hay pronósticos a la vista.</p>
      ) : (
        <>
          {/* Native disclosures; a phase's table is rendered once it is opened (a season's worth was a third of the page). */}
          <div>
            {phases.map((phase) => (
              <details
                key={phase.phaseId}
                className={classes.phase}
                open={opened.has(phase.phaseId)}
                onToggle={(event) => toggle(phase.phaseId, event.currentTarget.open)}
              >
                <summary className={classes.control}>
                  <span className={classes.phaseName}>{phase.phaseName}</span>
                  <Badge tone="gray">
                    {phase.matches.length === 1 ? "1 partido" : `${phase.matches.length} partidos`}
                  </Badge>
                </summary>
                {opened.has(phase.phaseId) && (
                  <div className={classes.content}>
                    <PhaseTable phase={phase} people={byId} viewerId={viewerId} season={season} />
                    <PhaseShares phase={phase} />
                  </div>
                )}
              </details>
            ))}
          </div>
          <div className={classes.legend} aria-hidden>
            <span>
              <span className={`${classes.cell} ${classes.exact}`}>2-1</span> marcador exacto (3)
            </span>
            <span>
              <span className={`${classes.cell} ${classes.outcome}`}>1-0</span> ganador o empate (1)
            </span>
            <span>· sin pronóstico</span>
          </div>
        </>
      )}
    </section>
  );
}
