import { Group, Text } from "@mantine/core";
import { data, Link } from "react-router";

import {
  adminMatchPicksPage,
  capturedOfPhase,
  type AdminCapturedMatch,
} from "#app/data/predictions/admin-captured.server";
import { listPhases } from "#app/data/seasons/phases.server";
import { phaseParam } from "#app/domain/forms/admin-forms";
import { MATCH_NOT_FOUND, matchPageQuery } from "#app/domain/forms/match-page";
import { matchLabel } from "#app/domain/game/match";
import { defaultPhaseId } from "#app/domain/game/phase-status";
import { countOf, countText } from "#app/domain/plural";
import { servicesOf } from "#app/http/context";
import { shownSeason } from "#app/http/season.server";
import { PointsCell, adminTable as t, UserCell } from "#app/ui/admin/AdminCells";
import { AdminSeasonSelect, seasonQuery, useAdminSeason } from "#app/ui/admin/AdminSeasonSelect";
import { MatchTeam } from "#app/ui/game/MatchTeam";
import { PhaseFilter } from "#app/ui/game/PhaseSelect";
import { PickShares } from "#app/ui/game/PickShares";
import { MorePicks, PicksPager, type MatchPageHref, type PicksPaging } from "#app/ui/game/PicksPager";
import { Page } from "#app/ui/layout/Page";
import { Badge } from "#app/ui/primitives/Badge";
import { buttonClass } from "#app/ui/primitives/Button";
import { Panel } from "#app/ui/primitives/Panel";
import { Table } from "#app/ui/primitives/Table";
import typography from "#app/ui/theme/typography.module.css";

import type { Route } from "./+types/ver-quinielas";
import classes from "./ver-quinielas.module.css";

export const meta: Route.MetaFunction = () => [{ title: "Quinielas Capturadas · Quiniela" }];

const PATH = "/admin/ver-quinielas";

/**
 * The admin sees every pick, revealed or not (SPEC §2.4): a phase's matches (?jornada=<id>), each
 * card with its first picks by name and a link to the match's own pages (?partido=<id>&pagina=<n>)
 * when it has more; what every pick adds up to, counted by the database.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = servicesOf(context);
  const season = await shownSeason(db, request);
  const phases = await listPhases(db, season.id);
  const params = new URL(request.url).searchParams;
  if (params.has("partido")) {
    const query = matchPageQuery(params);
    if (!query) throw data({ message: MATCH_NOT_FOUND }, { status: 404 });
    const found = await adminMatchPicksPage(db, { seasonId: season.id, timeZone: season.timeZone, ...query });
    if (!found) throw data({ message: MATCH_NOT_FOUND }, { status: 404 });
    const paging: PicksPaging = { matchId: found.match.id, page: found.page, pages: found.pages };
    return { phases, phaseId: found.match.phaseId, matches: [found.match], total: found.match.total, paging };
  }
  const phaseId = defaultPhaseId(phases, phaseParam(request.url));
  if (phaseId === null) return { phases, phaseId, matches: [] as AdminCapturedMatch[], total: 0, paging: null };
  const captured = await capturedOfPhase(db, { phaseId, timeZone: season.timeZone });
  return { phases, phaseId, ...captured, paging: null };
}

/** One match and its picks: plain markup (a phase has nine cards, each with up to fifty rows). */
function MatchCard({
  match,
  paging,
  hrefFor,
}: {
  match: AdminCapturedMatch;
  paging: PicksPaging | null;
  hrefFor: MatchPageHref;
}) {
  return (
    <section className={classes.card} aria-label={matchLabel(match)}>
      <div className={classes.head}>
        <span className={typography.dimmedXs}>
          {`Partido de ${match.phaseName} · ${match.kickoffLabel ?? "Fecha por confirmar"}`}
        </span>
        {match.phaseActivatedAt && <Badge tone="green">Quinielas activadas</Badge>}
      </div>
      <div className={classes.teams}>
        <MatchTeam team={match.home} size={30} />
        <span className={classes.score}>{match.result ? `${match.result.home} - ${match.result.away}` : "vs"}</span>
        <MatchTeam team={match.away} away size={30} />
      </div>
      <p className={`${typography.dimmedXs} ${classes.center}`}>
        {match.result ? `Resultado oficial: ${match.result.home} - ${match.result.away}` : "Resultado pendiente"}
      </p>
      <PickShares shares={match.shares} className={classes.center} />
      {match.picks.length > 0 && (
        <Table hover className={t.table} aria-label={`Pronósticos de ${matchLabel(match)}`}>
          <thead>
            <tr>
              <th>Usuario</th>
              <th style={{ textAlign: "center" }}>Pronóstico</th>
              <th className={t.right}>Puntos</th>
            </tr>
          </thead>
          <tbody>
            {match.picks.map((prediction) => (
              <tr key={prediction.id}>
                <td>
                  <UserCell name={prediction.name} image={prediction.image} color={prediction.avatarColor} />
                </td>
                <td
                  className={t.points}
                  style={{ textAlign: "center" }}
                >{`${prediction.home} - ${prediction.away}`}</td>
                <td className={t.right}>
                  <PointsCell points={prediction.points} bonus={prediction.bonus} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {!paging && match.total > match.picks.length && (
        <MorePicks matchId={match.id} total={match.total} hrefFor={hrefFor} />
      )}
      <PicksPager paging={paging} hrefFor={hrefFor} />
    </section>
  );
}

export default function AdminRevealed({ loaderData }: Route.ComponentProps) {
  const { phases, phaseId, matches, total, paging } = loaderData;
  const { season } = useAdminSeason();
  const hrefFor: MatchPageHref = (matchId, page = 1) =>
    `${PATH}?${seasonQuery(season)}partido=${matchId}${page > 1 ? `&pagina=${page}` : ""}`;
  const phaseName = phases.find((phase) => phase.id === phaseId)?.name;
  return (
    <Page
      title="Quinielas Capturadas"
      description="Todos los pronósticos de todos los usuarios, revelados o no."
      action={
        <Group gap="xs">
          {/* Downloads: plain links (no client routing), the browser saves the file. */}
          <a
            className={buttonClass({ variant: "light" })}
            href={`/admin/exportar/pronosticos.csv?temporada=${season.id}`}
            download
          >
            Descargar pronósticos (CSV)
          </a>
          <a className={buttonClass({ variant: "default" })} href="/admin/exportar/base-de-datos.json" download>
            Base de datos (JSON)
          </a>
        </Group>
      }
    >
      <AdminSeasonSelect />
      <Group align="flex-end" justify="space-between" gap="sm">
        {/* Another phase leaves a match's pages for that phase's cards. */}
        <PhaseFilter phases={phases} phaseId={phaseId} clears={["partido", "pagina"]} />
        {total > 0 && (
          <Text size="sm" c="dimmed">
            {`${countText(total)} ${total === 1 ? "pronóstico" : "pronósticos"} en ${countOf(matches.length, "partido", "partidos")}`}
          </Text>
        )}
      </Group>
      {paging && phaseName && (
        <Link to={`${PATH}?${seasonQuery(season)}jornada=${phaseId}`} className={classes.back}>
          {`← Todos los partidos de ${phaseName}`}
        </Link>
      )}
      {matches.length === 0 ? (
        <Panel padding="xl">
          <Text c="dimmed" ta="center">
            No hay predicciones capturadas.
          </Text>
        </Panel>
      ) : (
        <div className={classes.cards}>
          {matches.map((match) => (
            <MatchCard key={match.id} match={match} paging={paging} hrefFor={hrefFor} />
          ))}
        </div>
      )}
    </Page>
  );
}
