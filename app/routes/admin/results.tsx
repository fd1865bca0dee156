import { Text } from "@mantine/core";
import { useFetcher } from "react-router";

import { resultMatches, saveResult } from "#app/data/results/match-results.server";
import { formatKickoff } from "#app/domain/dates";
import { ADMIN_MESSAGES, phaseParam, resultFormSchema } from "#app/domain/forms/admin-forms";
import { parseForm } from "#app/domain/forms/form";
import { groupByPhase, matchLabel, teamLabel, type MatchView } from "#app/domain/game/match";
import { phasesToShow } from "#app/domain/game/phase-status";
import { allowsExtraTime } from "#app/domain/game/phases";
import { countOf } from "#app/domain/plural";
import { answer, refusalMessage, runAction } from "#app/http/action-answer.server";
import { servicesOf } from "#app/http/context";
import { readForm } from "#app/http/form.server";
import { adminActor } from "#app/http/guards.server";
import { shownSeason } from "#app/http/season.server";
import { ScoreBox, adminTable as t, TeamCell } from "#app/ui/admin/AdminCells";
import { AdminSeasonSelect, seasonQuery, useAdminSeason } from "#app/ui/admin/AdminSeasonSelect";
import { errorToast, successToast, useToast } from "#app/ui/feedback/Toasts";
import { PhaseNav } from "#app/ui/game/PhaseNav";
import { Page } from "#app/ui/layout/Page";
import { Badge } from "#app/ui/primitives/Badge";
import { Button } from "#app/ui/primitives/Button";
import { Panel } from "#app/ui/primitives/Panel";
import { Table, TableScroll } from "#app/ui/primitives/Table";

import type { Route } from "./+types/results";

export const meta: Route.MetaFunction = () => [{ title: "Resultados · Quiniela" }];

type ResultMatch = MatchView & { kickoffLabel: string | null; extraTimeAllowed: boolean };

/** Active matches of the phases waiting for results (or of ?jornada=); the others as links. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = servicesOf(context);
  const season = await shownSeason(db, request);
  const active = await resultMatches(db, season.id);
  const phases = groupByPhase([...active].sort((a, b) => a.phasePosition - b.phasePosition)).map((group) => ({
    id: group.phaseId,
    name: group.phaseName,
    waiting: group.matches.some((match) => match.result === null),
  }));
  const shown = phasesToShow(phases, phaseParam(request.url));
  const matches = active.filter((match) => shown.includes(match.phaseId));
  return {
    activeCount: active.length,
    pendingCount: active.filter((match) => match.result === null).length,
    phases: phases.map(({ id, name }) => ({ id, name })),
    shown,
    matches: matches.map((match): ResultMatch => ({
      ...match,
      kickoffLabel: formatKickoff(match.kickoffAt, season.timeZone),
      extraTimeAllowed: allowsExtraTime(match.phaseName),
    })),
  };
}

const FAILURE = "No se pudo guardar el resultado";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  return runAction(FAILURE, async () => {
    const parsed = parseForm(resultFormSchema, form);
    if (!parsed.ok) return answer(400, { toast: errorToast(parsed.message) });
    const { db, live } = servicesOf(context);
    const { matchId, result, extraTime, penalties } = parsed.data;
    const saved = await saveResult(db, matchId, { result, extraTime, penalties }, adminActor({ request, context }));
    if (!saved.ok) {
      const why =
        saved.reason === "no-extra-time" ? ADMIN_MESSAGES.noExtraTime : refusalMessage(saved, "El partido no existe");
      return answer(400, { toast: errorToast(`${FAILURE}. ${why}.`) });
    }
    await live.publish("resultados");
    return answer(200, {
      toast: successToast(saved.updated ? "Resultado actualizado correctamente" : "Resultado guardado correctamente"),
    });
  });
}

/**
 * A knockout match played once: its score after extra time and its shoot-out, when there were
 * any (folded until opened, or open when the match already has them).
 */
function ExtraTime({ match }: { match: ResultMatch }) {
  const home = teamLabel(match.home);
  const away = teamLabel(match.away);
  return (
    <details className={t.extraTime} open={match.extraTime !== null || match.penalties !== null}>
      <summary>Tiempo extra y penales</summary>
      <span className={t.extraRow}>
        <span className={t.extraLabel}>Tiempo extra</span>
        <ScoreBox name="homeExtraTime" team={home} suffix="en tiempo extra" defaultValue={match.extraTime?.home} />
        <span className={t.dash}>–</span>
        <ScoreBox name="awayExtraTime" team={away} suffix="en tiempo extra" defaultValue={match.extraTime?.away} />
      </span>
      <span className={t.extraRow}>
        <span className={t.extraLabel}>Penales</span>
        <ScoreBox name="homePenalties" team={home} prefix="Penales de" defaultValue={match.penalties?.home} />
        <span className={t.dash}>–</span>
        <ScoreBox name="awayPenalties" team={away} prefix="Penales de" defaultValue={match.penalties?.away} />
      </span>
    </details>
  );
}

function ResultRow({ match }: { match: ResultMatch }) {
  const fetcher = useFetcher<typeof action>();
  useToast(fetcher.data?.toast);
  const when = match.kickoffLabel ?? "Fecha por confirmar";
  const busy = fetcher.state !== "idle";
  return (
    <tr aria-label={matchLabel(match)}>
      <td className={`${t.desktop} ${t.nowrap}`}>
        <span className={t.strong}>{match.phaseName}</span>
        <span className={t.dimmed}>{when}</span>
      </td>
      <td>
        <span className={`${t.dimmed} ${t.mobile}`} style={{ marginBottom: 4 }}>
          {`${match.phaseName} · ${when}`}
        </span>
        <span className={t.teams}>
          <TeamCell team={match.home} />
          <span className={t.mobile}>
            <TeamCell team={match.away} />
          </span>
        </span>
      </td>
      <td className={t.desktop}>
        <TeamCell team={match.away} />
      </td>
      <td>
        <fetcher.Form method="post" noValidate className={t.scoreForm}>
          <input type="hidden" name="intent" value="save-result" />
          <input type="hidden" name="matchId" value={match.id} />
          <span className={t.scores}>
            <ScoreBox name="home" team={teamLabel(match.home)} defaultValue={match.result?.home} />
            <span className={t.dash}>–</span>
            <ScoreBox name="away" team={teamLabel(match.away)} defaultValue={match.result?.away} />
          </span>
          {match.extraTimeAllowed && <ExtraTime match={match} />}
          <Button type="submit" variant={match.result ? "light" : "filled"} disabled={busy} aria-busy={busy}>
            Guardar
          </Button>
        </fetcher.Form>
      </td>
      <td className={t.desktop}>
        <Badge tone={match.result ? "blue" : "gray"}>{match.result ? "Con resultado" : "Pendiente"}</Badge>
      </td>
    </tr>
  );
}

export default function AdminResults({ loaderData }: Route.ComponentProps) {
  const { matches, activeCount, pendingCount } = loaderData;
  const { season } = useAdminSeason();
  return (
    <Page
      title="Resultados"
      description={
        activeCount === 0
          ? undefined
          : `${countOf(activeCount, "partido activo", "partidos activos")} · ${countOf(pendingCount, "pendiente", "pendientes")} de resultado`
      }
    >
      <AdminSeasonSelect />
      <PhaseNav
        phases={loaderData.phases}
        shown={loaderData.shown}
        hrefFor={(id) => `/admin/results?${seasonQuery(season)}jornada=${id}`}
      />
      <Panel padding={6} paddingFromSm="md">
        {matches.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            No hay partidos activos. Activa una jornada en Gestionar Partidos.
          </Text>
        ) : (
          <TableScroll>
            <Table hover className={t.table}>
              <thead>
                <tr>
                  <th className={t.desktop}>Jornada</th>
                  <th>
                    <span className={t.desktop}>Local</span>
                    <span className={t.mobile}>Partido</span>
                  </th>
                  <th className={t.desktop}>Visitante</th>
                  <th className={t.right}>Resultado</th>
                  <th className={t.desktop}>Estado</th>
                </tr>
              </thead>
              <tbody>
                {matches.map((match) => (
                  <ResultRow key={match.id} match={match} />
                ))}
              </tbody>
            </Table>
          </TableScroll>
        )}
      </Panel>
    </Page>
  );
}
