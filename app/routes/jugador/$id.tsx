import { data, isRouteErrorResponse } from "react-router";

import { playerPicks } from "#app/data/predictions/player-picks.server";
import { listSeasonOptions } from "#app/data/seasons/current-season.server";
import { listPhases } from "#app/data/seasons/phases.server";
import { findPlayer, playerSeason } from "#app/data/standings/player-season.server";
import { parseId, parseUserId } from "#app/domain/forms/input";
import { PREDICTIONS_REVEALED_WHEN } from "#app/domain/game/locking";
import { servicesOf } from "#app/http/context";
import { optionalUser } from "#app/http/guards.server";
import { shownSeason } from "#app/http/season.server";
import { useLiveUpdates } from "#app/ui/behaviour/useLiveUpdates";
import { PhaseNav } from "#app/ui/game/PhaseNav";
import { SeasonSelect } from "#app/ui/game/SeasonSelect";
import { errorCopy, ErrorPage } from "#app/ui/layout/ErrorPage";
import { Page } from "#app/ui/layout/Page";
import { shareMeta } from "#app/ui/layout/share-meta";
import { UserAvatar } from "#app/ui/people/UserAvatar";
import { PhasesTable, PicksTable, SeasonFigures } from "#app/ui/player/PlayerSeason";
import { ButtonLink } from "#app/ui/primitives/Button";
import { SeasonChart } from "#app/ui/standings/SeasonChart";

import type { Route } from "./+types/$id";
import classes from "./$id.module.css";

export const meta: Route.MetaFunction = ({ data: page, matches }) =>
  shareMeta(matches, {
    title: `${page?.player.name ?? "Jugador"} · Quiniela`,
    description: page ? `${page.player.name} en ${page.season.name}: puntos, jornadas y pronósticos.` : undefined,
    path: page ? `/jugador/${page.player.id}` : "/rankings",
  });

/**
 * A player's page, public like the standings (SPEC §8): their season from the stored standings
 * (data/standings/player-season.server.ts), their seasons and titles as 'Histórico' counts them,
 * and their picks of revealed matches only (data/predictions/player-picks.server.ts), one jornada
 * at a time. ?temporada= picks the season (the current one by default), ?jornada= the picks'.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = optionalUser({ context });
  const { db } = servicesOf(context);
  const userId = parseUserId(params.id);
  const player = userId === undefined ? undefined : await findPlayer(db, userId);
  if (!player) throw data({ message: "Jugador no encontrado" }, { status: 404 });
  const season = await shownSeason(db, request);
  const [phases, seasons] = await Promise.all([listPhases(db, season.id), listSeasonOptions(db)]);
  const requested = parseId(new URL(request.url).searchParams.get("jornada")) ?? null;
  const [figures, picks] = await Promise.all([
    playerSeason(db, season, phases, player.id),
    playerPicks(db, { seasonId: season.id, userId: player.id, phaseId: requested }),
  ]);
  return {
    player,
    isViewer: viewer?.id === player.id,
    season: { id: season.id, name: season.name, isCurrent: season.isCurrent },
    seasons,
    figures,
    picks,
  };
}

type PlayerPageData = Route.ComponentProps["loaderData"];

/** This page's address with another jornada's picks (the season kept). */
function hrefFor(page: PlayerPageData, phaseId: number | null): string {
  const params = new URLSearchParams();
  if (!page.season.isCurrent) params.set("temporada", String(page.season.id));
  if (phaseId !== null) params.set("jornada", String(phaseId));
  const query = params.toString();
  return `/jugador/${page.player.id}${query ? `?${query}` : ""}`;
}

function Picks({ page }: { page: PlayerPageData }) {
  const { picks } = page;
  const shownName = picks.phases.find((phase) => phase.id === picks.shown)?.name;
  return (
    <section className={classes.panel} aria-labelledby="pronosticos">
      <h2 className={classes.sectionTitle} id="pronosticos">
        Pronósticos
      </h2>
      <p className={classes.dimmed}>{`Se muestran ${PREDICTIONS_REVEALED_WHEN}.`}</p>
      {picks.phases.length === 0 ? (
        <p className={classes.dimmed}>Aún no hay pronósticos visibles en esta temporada.</p>
      ) : (
        <>
          <PhaseNav
            label="Pronósticos por jornada"
            phases={picks.phases}
            shown={picks.shown === null ? [] : [picks.shown]}
            hrefFor={(phaseId) => hrefFor(page, phaseId)}
          />
          <PicksTable label={`Pronósticos de ${shownName ?? "la jornada"}`} picks={picks.picks} />
        </>
      )}
    </section>
  );
}

export default function PlayerPage({ loaderData: page }: Route.ComponentProps) {
  useLiveUpdates();
  return (
    <Page
      title={page.player.name}
      description={page.season.name}
      action={
        <ButtonLink to={page.season.isCurrent ? "/rankings" : `/rankings?temporada=${page.season.id}`} variant="light">
          Tabla de Posiciones
        </ButtonLink>
      }
    >
      <div className={classes.top}>
        <UserAvatar name={page.player.name} image={page.player.image} color={page.player.avatarColor} size={56} />
        <SeasonSelect
          seasons={page.seasons}
          selected={page.season.id}
          action={`/jugador/${page.player.id}`}
          className={classes.seasonSelect}
        />
      </div>
      <SeasonFigures figures={page.figures} />
      {page.figures.standing && page.figures.course.phases.length > 0 && (
        <div className={classes.panel}>
          <SeasonChart
            phases={page.figures.course.phases}
            players={[{ userId: page.player.id, name: page.player.name, positions: page.figures.course.positions }]}
            focusId={page.player.id}
          />
        </div>
      )}
      {page.figures.standing && page.figures.phases.length > 0 && <PhasesTable phases={page.figures.phases} />}
      <Picks page={page} />
    </Page>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const copy =
    status === 404
      ? { title: "Jugador no encontrado", message: "Este jugador no existe o su cuenta ya no está." }
      : errorCopy(status);
  return <ErrorPage status={status} {...copy} back={{ to: "/rankings", label: "Ver la Tabla de Posiciones" }} />;
}
