import { Group, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link, useFetcher } from "react-router";

import { resetMatch } from "#app/data/results/match-results.server";
import {
  createMatch,
  listMatches,
  setMatchKickoff,
  setMatchTeams,
  setPhaseKickoff,
} from "#app/data/seasons/matches.server";
import { listPhases, setPhaseActive } from "#app/data/seasons/phases.server";
import { listTeams } from "#app/data/seasons/teams.server";
import { formatKickoff, timeZoneHint, timeZoneLabel } from "#app/domain/dates";
import { ADMIN_MESSAGES, matchesFormSchema, phaseParam, type MatchesForm } from "#app/domain/forms/admin-forms";
import { parseForm } from "#app/domain/forms/form";
import { groupByPhase, matchLabel, type MatchView } from "#app/domain/game/match";
import { phasesToShow } from "#app/domain/game/phase-status";
import { scoreLabel } from "#app/domain/game/season-rules";
import { answer, refusalMessage, runAction } from "#app/http/action-answer.server";
import { servicesOf } from "#app/http/context";
import { readForm } from "#app/http/form.server";
import { adminActor } from "#app/http/guards.server";
import { shownSeason } from "#app/http/season.server";
import { adminTable as t, TeamCell } from "#app/ui/admin/AdminCells";
import { AdminSeasonSelect, seasonQuery, useAdminSeason } from "#app/ui/admin/AdminSeasonSelect";
import { KickoffButton, PhaseKickoffForm, usePhaseKickoffToast } from "#app/ui/admin/KickoffForms";
import { confirm } from "#app/ui/feedback/Confirm";
import { Dialog } from "#app/ui/feedback/Dialog";
import { errorToast, successToast, useToast } from "#app/ui/feedback/Toasts";
import { Page } from "#app/ui/layout/Page";
import { Badge, BadgeGroup } from "#app/ui/primitives/Badge";
import { Button } from "#app/ui/primitives/Button";
import { SelectField, TextField } from "#app/ui/primitives/Field";
import { Panel } from "#app/ui/primitives/Panel";
import { Table, TableScroll } from "#app/ui/primitives/Table";

import type { Route } from "./+types/matches";
import classes from "./matches.module.css";

export const meta: Route.MetaFunction = () => [{ title: "Administración de Partidos · Quiniela" }];

type AdminMatch = MatchView & { kickoffLabel: string | null; scoreLabel: string | null };

/**
 * The add-match form and one card per phase; rows for the phases still to be played (a match
 * without result), the last one played (where a correction is likeliest) or the one in
 * ?jornada=. Played phases fold behind a link, so a season's past does not weigh on the page;
 * each card keeps its 'Activar/Desactivar Jornada' button.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = servicesOf(context);
  const season = await shownSeason(db, request);
  const [phases, teams] = await Promise.all([listPhases(db, season.id), listTeams(db, season.id)]);
  // Waiting: a match without result; and the last phase played, where a correction is likeliest.
  const lastPlayed = phases.filter((phase) => phase.withResult > 0).at(-1)?.id;
  const shown = phasesToShow(
    phases.map((phase) => ({ id: phase.id, waiting: phase.withResult < phase.matches || phase.id === lastPlayed })),
    phaseParam(request.url),
  );
  const matches = await listMatches(db, { phaseIds: shown });
  return {
    timeZone: season.timeZone,
    zone: timeZoneLabel(season.timeZone),
    teams,
    phases,
    shown,
    matches: matches.map((match): AdminMatch => ({
      ...match,
      kickoffLabel: formatKickoff(match.kickoffAt, season.timeZone),
      scoreLabel: scoreLabel(match),
    })),
  };
}

const FAILURE = {
  create: "No se pudo crear el partido",
  "toggle-phase": "No se pudo actualizar la jornada",
  reset: "No se pudo reiniciar el partido.",
  "set-teams": "No se pudieron guardar los equipos",
  "set-kickoff": "No se pudo guardar la fecha",
  "set-phase-kickoff": "No se pudo guardar la fecha de la jornada",
} as const;

type KickoffInput = Extract<MatchesForm, { intent: "set-kickoff" | "set-phase-kickoff" }>;

/**
 * A kickoff saved: one match's, or the phase's matches without one. Picks already saved stay
 * (data/seasons/matches.server.ts); pages open elsewhere hear of it, since what locks when changed.
 */
async function saveKickoff(
  { db, live }: ReturnType<typeof servicesOf>,
  season: { id: number; timeZone: string },
  input: KickoffInput,
) {
  if (input.intent === "set-kickoff") {
    const saved = await setMatchKickoff(db, { seasonId: season.id, matchId: input.matchId, kickoffAt: input.kickoff });
    if (!saved.ok) {
      return answer(400, {
        toast: errorToast(`${FAILURE["set-kickoff"]}. ${refusalMessage(saved, ADMIN_MESSAGES.noMatch)}.`),
      });
    }
    await live.publish("resultados");
    const when = formatKickoff(input.kickoff, season.timeZone) ?? "Fecha por confirmar";
    return answer(200, { toast: successToast(`${saved.label}: ${when}`, "Fecha guardada") });
  }
  const saved = await setPhaseKickoff(db, { seasonId: season.id, phaseId: input.phaseId, kickoffAt: input.kickoff! });
  if (!saved.ok) {
    return answer(400, {
      toast: errorToast(`${FAILURE["set-phase-kickoff"]}. ${refusalMessage(saved, "La jornada no existe")}.`),
    });
  }
  if (saved.updated === 0) {
    return answer(400, {
      toast: errorToast(`${FAILURE["set-phase-kickoff"]}. Todos los partidos de ${saved.phaseName} ya tienen fecha.`),
    });
  }
  await live.publish("resultados");
  const count = saved.updated === 1 ? "1 partido" : `${saved.updated} partidos`;
  const when = formatKickoff(input.kickoff, season.timeZone);
  return answer(200, { toast: successToast(`${count} de ${saved.phaseName}: ${when}`, "Fecha guardada") });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, live } = servicesOf(context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const failure = FAILURE[intent as keyof typeof FAILURE] ?? "No se pudo completar la acción";
  return runAction(failure, async () => {
    // The screen's season: its time zone reads 'Fecha y hora'; the phase must be one of its own.
    const season = await shownSeason(db, request);
    const parsed = parseForm(matchesFormSchema(season.timeZone), form);
    if (!parsed.ok) return answer(400, { toast: errorToast(parsed.message) });
    const input = parsed.data;
    switch (input.intent) {
      case "create": {
        const created = await createMatch(db, {
          seasonId: season.id,
          phaseId: input.phaseId,
          homeTeamId: input.homeTeamId,
          awayTeamId: input.awayTeamId,
          kickoffAt: input.kickoff,
        });
        if (!created.ok) return answer(400, { toast: errorToast(`${FAILURE.create}. ${created.message}.`) });
        return answer(200, { toast: successToast("Partido creado correctamente") });
      }
      case "toggle-phase": {
        const updated = await setPhaseActive(db, input.phaseId, input.active, adminActor({ request, context }));
        if (!updated.ok) {
          return answer(400, {
            toast: errorToast(`${FAILURE["toggle-phase"]}. ${refusalMessage(updated, "La jornada no existe")}.`),
          });
        }
        await live.publish("resultados");
        return answer(200, {
          toast: successToast(input.active ? "Jornada activada correctamente" : "Jornada desactivada correctamente"),
        });
      }
      case "reset": {
        const reset = await resetMatch(db, input.matchId, adminActor({ request, context }));
        if (!reset.ok)
          return answer(400, {
            toast: errorToast(`${FAILURE.reset} ${refusalMessage(reset, "El partido no existe")}.`),
          });
        await live.publish("resultados");
        return answer(200, { toast: successToast("El resultado y los pronósticos han sido reiniciados.") });
      }
      case "set-kickoff":
      case "set-phase-kickoff":
        return saveKickoff(servicesOf(context), season, input);
      case "set-teams": {
        const set = await setMatchTeams(db, input.matchId, {
          homeTeamId: input.homeTeamId,
          awayTeamId: input.awayTeamId,
        });
        if (!set.ok) return answer(400, { toast: errorToast(`${FAILURE["set-teams"]}. ${set.message}.`) });
        await live.publish("resultados");
        return answer(200, { toast: successToast(set.label, "Equipos guardados") });
      }
    }
  });
}

type LoaderData = Route.ComponentProps["loaderData"];

function AddMatchForm({ phases, teams, timeZone }: Pick<LoaderData, "phases" | "teams" | "timeZone">) {
  const fetcher = useFetcher<typeof action>();
  const [phaseId, setPhaseId] = useState("");
  const [homeId, setHomeId] = useState("");
  const [awayId, setAwayId] = useState("");
  const [kickoff, setKickoff] = useState("");
  const saving = fetcher.state !== "idle";
  useToast(fetcher.data?.toast);

  // After a match is created, clear the teams and time for the next one (the phase stays).
  const [handled, setHandled] = useState(fetcher.data);
  if (fetcher.data !== handled) {
    setHandled(fetcher.data);
    if (fetcher.data?.ok) {
      setHomeId("");
      setAwayId("");
      setKickoff("");
    }
  }

  // Native selects: the phone's own picker (primitives/Field: light to render).
  const choose = { value: "", label: "Selecciona" };
  const teamOptions = [choose, ...teams.map((team) => ({ value: String(team.id), label: team.name }))];
  return (
    <Panel padding="lg">
      <Title order={2} fz="lg" mb="sm">
        Agregar partido
      </Title>
      <fetcher.Form method="post" noValidate>
        <input type="hidden" name="intent" value="create" />
        <div className={t.formGrid}>
          <SelectField
            label="Jornada"
            name="phaseId"
            options={[choose, ...phases.map((phase) => ({ value: String(phase.id), label: phase.name }))]}
            value={phaseId}
            onChange={(event) => setPhaseId(event.currentTarget.value)}
          />
          <SelectField
            label="Equipo Local"
            name="homeTeamId"
            options={teamOptions}
            value={homeId}
            onChange={(event) => setHomeId(event.currentTarget.value)}
          />
          <SelectField
            label="Equipo Visitante"
            name="awayTeamId"
            options={teamOptions}
            value={awayId}
            onChange={(event) => setAwayId(event.currentTarget.value)}
          />
          <TextField
            label="Fecha y hora"
            name="kickoff"
            type="datetime-local"
            description={`Opcional · ${timeZoneHint(timeZone)}`}
            value={kickoff}
            onChange={(event) => setKickoff(event.currentTarget.value)}
          />
        </div>
        <Group justify="flex-end" mt="md">
          <Button type="submit" busy={saving}>
            Agregar Partido
          </Button>
        </Group>
      </fetcher.Form>
    </Panel>
  );
}

const resetKey = (matchId: number) => `reiniciar-${matchId}`;

function ResetButton({ match }: { match: AdminMatch }) {
  const fetcher = useFetcher<typeof action>({ key: resetKey(match.id) });
  const label = matchLabel(match);
  const busy = fetcher.state !== "idle";
  const askFirst = () =>
    confirm({
      title: "Reiniciar partido",
      children: (
        <Text size="sm">
          Se borrarán el resultado de <b>{label}</b> y todos sus pronósticos. Esta acción no se puede deshacer.
        </Text>
      ),
      confirmProps: { color: "red" },
      onConfirm: () => {
        void fetcher.submit({ intent: "reset", matchId: String(match.id) }, { method: "post" });
      },
    });
  return (
    <Button
      type="button"
      size="compact"
      variant="subtleDanger"
      onClick={askFirst}
      disabled={busy}
      aria-busy={busy}
      className={t.touch}
    >
      Reiniciar
    </Button>
  );
}

function StateBadges({ match }: { match: AdminMatch }) {
  return (
    <BadgeGroup>
      <Badge tone={match.active ? "green" : "gray"}>{match.active ? "Activo" : "Inactivo"}</Badge>
      {match.scoreLabel && (
        <Badge tone="outline" title="Resultado oficial">
          {match.scoreLabel}
        </Badge>
      )}
    </BadgeGroup>
  );
}

/**
 * 'Definir equipos' of a match still 'Por definir' (a World Cup's knockout matches are known as
 * the groups end): the season's teams; the server refuses once the match has picks.
 */
function SetTeamsButton({ match, teams }: { match: AdminMatch; teams: LoaderData["teams"] }) {
  const fetcher = useFetcher<typeof action>();
  useToast(fetcher.data?.toast);
  const [open, setOpen] = useState(false);
  const [handled, setHandled] = useState(fetcher.data);
  if (fetcher.data !== handled) {
    setHandled(fetcher.data);
    if (fetcher.data?.ok) setOpen(false);
  }
  const options = [
    { value: "", label: "Selecciona" },
    ...teams.map((team) => ({ value: String(team.id), label: team.name })),
  ];
  return (
    <>
      <Button type="button" size="compact" variant="light" onClick={() => setOpen(true)}>
        Definir equipos
      </Button>
      <Dialog opened={open} onClose={() => setOpen(false)} title={`Equipos de ${matchLabel(match)}`} centered>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="set-teams" />
          <input type="hidden" name="matchId" value={match.id} />
          <div className={t.formGrid}>
            <SelectField
              label="Equipo Local"
              name="homeTeamId"
              options={options}
              defaultValue={match.home ? String(match.home.id) : ""}
            />
            <SelectField
              label="Equipo Visitante"
              name="awayTeamId"
              options={options}
              defaultValue={match.away ? String(match.away.id) : ""}
            />
          </div>
          <Group justify="flex-end" mt="md">
            <Button type="submit" busy={fetcher.state !== "idle"}>
              Guardar equipos
            </Button>
          </Group>
        </fetcher.Form>
      </Dialog>
    </>
  );
}

/**
 * A match: its teams, kickoff ('Fecha por confirmar' without one) and state; 'Editar fecha', and
 * 'Reiniciar' only where there is a result to take back.
 */
function MatchRow({
  match,
  teams,
  timeZone,
  finished,
}: {
  match: AdminMatch;
  teams: LoaderData["teams"];
  timeZone: string;
  /** The season is finished: nothing to edit. */
  finished: boolean;
}) {
  // 'Reiniciar' leaves with the result it takes back, in the render that brings its answer: the
  // row, which stays, shows that answer's toast.
  useToast(useFetcher<typeof action>({ key: resetKey(match.id) }).data?.toast);
  return (
    <tr aria-label={matchLabel(match)}>
      <td>
        <span className={t.teams}>
          <TeamCell team={match.home} />
          <span className={t.mobile}>
            <TeamCell team={match.away} />
          </span>
        </span>
        <span className={t.dimmed}>
          {[match.group, match.kickoffLabel ?? "Fecha por confirmar"].filter(Boolean).join(" · ")}
        </span>
        <span className={t.mobile} style={{ marginTop: 6 }}>
          <StateBadges match={match} />
        </span>
      </td>
      <td className={t.desktop}>
        <TeamCell team={match.away} />
      </td>
      <td className={t.desktop}>
        <StateBadges match={match} />
      </td>
      <td className={t.right}>
        <span className={t.actions}>
          {(match.home === null || match.away === null) && <SetTeamsButton match={match} teams={teams} />}
          {match.result !== null && <ResetButton match={match} />}
          {!finished && <KickoffButton match={match} timeZone={timeZone} />}
        </span>
      </td>
    </tr>
  );
}

function PhaseCard({
  phase,
  matches,
  teams,
  timeZone,
}: {
  phase: LoaderData["phases"][number];
  /** Its rows, or null when the card is folded (a link shows them). */
  matches: AdminMatch[] | null;
  teams: LoaderData["teams"];
  timeZone: string;
}) {
  const { season } = useAdminSeason();
  const fetcher = useFetcher<typeof action>();
  useToast(fetcher.data?.toast);
  usePhaseKickoffToast(phase.id);
  const allActive = phase.matches > 0 && phase.activeMatches === phase.matches;
  return (
    <section className={t.phaseCard} aria-labelledby={`phase-${phase.id}`}>
      <div className={t.phaseHead}>
        <div>
          <div className={t.phaseTitle}>
            <h2 id={`phase-${phase.id}`}>{phase.name}</h2>
            {phase.activatedAt && <Badge tone="green">Quinielas activadas</Badge>}
          </div>
          <p className={t.phaseMeta}>
            {`${phase.matches === 1 ? "1 partido" : `${phase.matches} partidos`}${phase.withResult > 0 ? ` · ${phase.withResult} con resultado` : ""}`}
          </p>
        </div>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="toggle-phase" />
          <input type="hidden" name="phaseId" value={phase.id} />
          <input type="hidden" name="active" value={allActive ? "0" : "1"} />
          <Button
            type="submit"
            variant={allActive ? "default" : "filled"}
            disabled={phase.matches === 0 || fetcher.state !== "idle"}
            aria-busy={fetcher.state !== "idle"}
          >
            {allActive ? "Desactivar Jornada" : "Activar Jornada"}
          </Button>
        </fetcher.Form>
      </div>
      {phase.withoutKickoff > 0 && !season.finished && <PhaseKickoffForm phase={phase} timeZone={timeZone} />}
      {phase.matches === 0 ? (
        <Text size="sm" c="dimmed">
          Esta jornada aún no tiene partidos.
        </Text>
      ) : matches === null ? (
        <Link className={t.link} to={`?${seasonQuery(season)}jornada=${phase.id}`} preventScrollReset>
          Ver partidos
        </Link>
      ) : (
        <TableScroll>
          <Table hover className={t.table}>
            <thead>
              <tr>
                <th>
                  <span className={t.desktop}>Local</span>
                  <span className={t.mobile}>Partido</span>
                </th>
                <th className={t.desktop}>Visitante</th>
                <th className={t.desktop} style={{ width: 150 }}>
                  Estado
                </th>
                <th className={`${t.right} ${classes.actionsHead}`}>Acciones</th>
              </tr>
            </thead>
            <tbody>
              {matches.map((match) => (
                <MatchRow key={match.id} match={match} teams={teams} timeZone={timeZone} finished={season.finished} />
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
    </section>
  );
}

export default function AdminMatches({ loaderData }: Route.ComponentProps) {
  const byPhase = new Map(groupByPhase(loaderData.matches).map((group) => [group.phaseId, group.matches]));
  return (
    <Page
      title="Administración de Partidos"
      description="Agrega partidos, pon sus fechas y horas, activa jornadas y reinicia resultados."
    >
      <AdminSeasonSelect />
      <p className={classes.zone}>{`Fechas y horas en ${loaderData.zone}.`}</p>
      <AddMatchForm phases={loaderData.phases} teams={loaderData.teams} timeZone={loaderData.timeZone} />
      {loaderData.phases.map((phase) => (
        <PhaseCard
          key={phase.id}
          phase={phase}
          teams={loaderData.teams}
          timeZone={loaderData.timeZone}
          matches={loaderData.shown.includes(phase.id) ? (byPhase.get(phase.id) ?? []) : null}
        />
      ))}
    </Page>
  );
}
