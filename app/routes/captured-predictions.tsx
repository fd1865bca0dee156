import { Center, Group, Loader, Paper, SimpleGrid, Stack, Tabs, Text, Title } from "@mantine/core";
import { useEffect, useRef } from "react";
import { Link, useNavigation } from "react-router";
import { z } from "zod";
import { optionalUser } from "#app/auth/guards.server";
import { type CapturedMatch, revealedPicks } from "#app/data/captured.server";
import { matchLabel, teamLabel, UNKNOWN_TEAM_BADGE } from "#app/domain/match";
import { getRuntime } from "#app/runtime.server";
import { Page } from "#app/ui/Page";
import type { Route } from "./+types/captured-predictions";
import classes from "./captured-predictions.module.css";

export const meta: Route.MetaFunction = () => [{ title: "Quinielas Capturadas · Quiniela" }];

const PATH = "/quiniela/quinielas-capturadas";
const ALL = "todas";

const PhaseParam = z.union([z.literal(ALL), z.coerce.number().int().positive()]).nullable().catch(null);

/** One tab at a time (?jornada=<id>, 'todas' for every phase); by default the latest phase. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = optionalUser({ context });
  const requested = PhaseParam.parse(new URL(request.url).searchParams.get("jornada") || null);
  const captured = await revealedPicks(getRuntime().db, { phaseId: requested === ALL ? "all" : requested, viewerId: viewer?.id ?? null });
  return { selected: captured.selected, tabs: captured.tabs, phases: captured.phases };
}

/**
 * A plain table (with its look in the CSS module): a season's 'Todas' tab holds thousands of
 * rows, and the lighter each row, the faster the page renders and loads.
 */
function PicksTable({ match }: { match: CapturedMatch }) {
  return (
    <table className={classes.picks} aria-label={`Pronósticos de ${matchLabel(match)}`}>
      <thead>
        <tr>
          <th>Usuario</th>
          <th>Pronóstico</th>
        </tr>
      </thead>
      <tbody>
        {match.picks.map((pick) =>
          pick.mine ? (
            <tr key={pick.userId} className={classes.mine}>
              <td>
                <span className={classes.name}>
                  <span className={classes.nameText}>{pick.name}</span>
                  <span className={classes.you}>Tú</span>
                </span>
              </td>
              <td>{`${pick.home} - ${pick.away}`}</td>
            </tr>
          ) : (
            <tr key={pick.userId}>
              <td>{pick.name}</td>
              <td>{`${pick.home} - ${pick.away}`}</td>
            </tr>
          ),
        )}
      </tbody>
    </table>
  );
}

function Team({ team, away = false }: { team: CapturedMatch["home"]; away?: boolean }) {
  const badge = <img className={classes.badge} src={team?.badgeUrl ?? UNKNOWN_TEAM_BADGE} alt="" width={32} height={32} loading="lazy" />;
  return (
    <span className={away ? `${classes.team} ${classes.away}` : classes.team}>
      {!away && badge}
      <span className={classes.teamName}>{teamLabel(team)}</span>
      {away && badge}
    </span>
  );
}

/** Plain markup: the 'Todas' tab holds up to a season (167) of these. */
function MatchCard({ match }: { match: CapturedMatch }) {
  return (
    <section className={classes.card} aria-label={matchLabel(match)}>
      <div className={classes.teams}>
        <Team team={match.home} />
        <span className={classes.vs}>vs</span>
        <Team team={match.away} away />
      </div>
      <div className={classes.meta}>
        <span className={classes.phase}>{`Partido de ${match.phaseName}`}</span>
        {match.result ? (
          <span className={classes.result}>{`Resultado oficial: ${match.result.home} - ${match.result.away}`}</span>
        ) : (
          <span className={classes.pending}>Resultado pendiente</span>
        )}
      </div>
      <PicksTable match={match} />
    </section>
  );
}

function Content({ phases }: { phases: Route.ComponentProps["loaderData"]["phases"] }) {
  const navigation = useNavigation();
  if (navigation.state === "loading" && navigation.location.pathname === PATH) {
    return (
      <Center py="xl">
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">Cargando resultados...</Text>
        </Group>
      </Center>
    );
  }
  if (phases.length === 0) {
    return (
      <Paper withBorder radius="lg" p="xl">
        <Text c="dimmed" ta="center">
          No hay predicciones capturadas.
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="xl">
      {phases.map((phase) => (
        <Stack key={phase.phaseId} gap="sm" component="section" aria-labelledby={`capturadas-${phase.phaseId}`}>
          <Title order={2} fz="lg" id={`capturadas-${phase.phaseId}`}>
            {phase.phaseName}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            {phase.matches.map((match) => (
              <MatchCard key={match.id} match={match} />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}

export default function CapturedPredictions({ loaderData }: Route.ComponentProps) {
  const current = loaderData.selected === "all" || loaderData.selected === null ? ALL : String(loaderData.selected);
  // Tabs are links (?jornada=<id>): the server loads only the chosen phase, with or without scripts.
  const tabLink = (to: string) => ({ component: Link, to, preventScrollReset: true }) as Record<string, unknown>;
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // On a phone the tab row scrolls sideways: bring the chosen phase into view.
    const active = list.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (list.current && active) list.current.scrollLeft = active.offsetLeft - list.current.clientWidth / 2 + active.offsetWidth / 2;
  }, [current]);
  return (
    <Page title="Quinielas Capturadas">
      <Tabs value={current} keepMounted={false}>
        <Tabs.List className={classes.tabs} ref={list}>
          <Tabs.Tab value={ALL} {...tabLink(`${PATH}?jornada=${ALL}`)}>
            Todas
          </Tabs.Tab>
          {loaderData.tabs.map((tab) => (
            <Tabs.Tab
              key={tab.phaseId}
              value={String(tab.phaseId)}
              className={classes.tab}
              {...tabLink(`${PATH}?jornada=${tab.phaseId}`)}
            >
              {tab.phaseName}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={current} pt="lg">
          <Content phases={loaderData.phases} />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
