import { Center, Group, Loader, Text } from "@mantine/core";
import { useEffect, useRef } from "react";
import { data, Link, useNavigation } from "react-router";

import {
  matchPicksPage,
  revealedPredictions,
  type RevealedMatch,
} from "#app/data/predictions/revealed-predictions.server";
import { listSeasonOptions } from "#app/data/seasons/current-season.server";
import { parseId } from "#app/domain/forms/input";
import { MATCH_NOT_FOUND, matchPageQuery } from "#app/domain/forms/match-page";
import { PREDICTIONS_REVEALED_WHEN } from "#app/domain/game/locking";
import { matchLabel } from "#app/domain/game/match";
import { servicesOf } from "#app/http/context";
import { optionalUser } from "#app/http/guards.server";
import { shownSeason } from "#app/http/season.server";
import { MatchTeam } from "#app/ui/game/MatchTeam";
import { PhaseSection } from "#app/ui/game/PhaseSection";
import { PickShares } from "#app/ui/game/PickShares";
import { MorePicks, PicksPager, type MatchPageHref, type PicksPaging } from "#app/ui/game/PicksPager";
import { SeasonSelect } from "#app/ui/game/SeasonSelect";
import { Page } from "#app/ui/layout/Page";
import { shareMeta } from "#app/ui/layout/share-meta";
import { Panel } from "#app/ui/primitives/Panel";
import { playerHref, type TableSeason } from "#app/ui/standings/player-link";

import type { Route } from "./+types/quinielas-capturadas";
import classes from "./quinielas-capturadas.module.css";

export const meta: Route.MetaFunction = ({ matches }) =>
  shareMeta(matches, {
    title: "Quinielas Capturadas · Quiniela",
    description: "Los pronósticos de todos, jornada por jornada, en cuanto se cierran.",
    path: "/quiniela/quinielas-capturadas",
  });

const PATH = "/quiniela/quinielas-capturadas";
const ALL = "todas";

/**
 * One tab at a time (?jornada=<id>, 'todas' for every phase); by default the latest phase. With
 * ?partido=<id>, one revealed match's picks a page at a time, under its phase's tab.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = optionalUser({ context });
  const { db } = servicesOf(context);
  const params = new URL(request.url).searchParams;
  const [season, seasons] = await Promise.all([shownSeason(db, request), listSeasonOptions(db)]);
  const seasonView = { id: season.id, name: season.name, isCurrent: season.isCurrent };
  if (params.has("partido")) {
    const query = matchPageQuery(params);
    if (!query) throw data({ message: MATCH_NOT_FOUND }, { status: 404 });
    const found = await matchPicksPage(db, {
      seasonId: season.id,
      timeZone: season.timeZone,
      ...query,
      viewerId: viewer?.id ?? null,
    });
    if (!found) throw data({ message: MATCH_NOT_FOUND }, { status: 404 });
    const phases = [{ phaseId: found.phaseId, phaseName: found.match.phaseName, matches: [found.match] }];
    const paging = { matchId: found.match.id, page: found.page, pages: found.pages };
    return { season: seasonView, seasons, selected: found.phaseId, tabs: found.tabs, phases, paging };
  }
  const jornada = params.get("jornada");
  const phaseId = jornada === ALL ? "all" : (parseId(jornada) ?? null);
  const captured = await revealedPredictions(db, {
    seasonId: season.id,
    timeZone: season.timeZone,
    phaseId,
    viewerId: viewer?.id ?? null,
  });
  return {
    season: seasonView,
    seasons,
    selected: captured.selected,
    tabs: captured.tabs,
    phases: captured.phases,
    paging: null,
  };
}

/**
 * A plain table (with its look in the CSS module): a season's 'Todas' tab holds thousands of
 * rows, and the lighter each row, the faster the page renders and loads.
 */
function PredictionsTable({ match, season }: { match: RevealedMatch; season: TableSeason }) {
  return (
    <table className={classes.picks} aria-label={`Pronósticos de ${matchLabel(match)}`}>
      <thead>
        <tr>
          <th>Usuario</th>
          <th>Pronóstico</th>
        </tr>
      </thead>
      <tbody>
        {match.picks.map((prediction) =>
          prediction.mine ? (
            <tr key={prediction.userId} className={classes.mine}>
              <td>
                <span className={classes.name}>
                  <a href={playerHref(prediction.userId, season)} className={classes.nameText}>
                    {prediction.name}
                  </a>
                  <span className={classes.you}>Tú</span>
                </span>
              </td>
              <td>{`${prediction.home} - ${prediction.away}`}</td>
            </tr>
          ) : (
            <tr key={prediction.userId}>
              <td>
                <a href={playerHref(prediction.userId, season)} className={classes.player}>
                  {prediction.name}
                </a>
              </td>
              <td>{`${prediction.home} - ${prediction.away}`}</td>
            </tr>
          ),
        )}
      </tbody>
    </table>
  );
}

/** Where a card or a page leads: a match's own pages (one of them, on a page). */
interface MatchLinks {
  hrefFor: MatchPageHref;
  paging: PicksPaging | null;
}

/** Plain markup: the 'Todas' tab holds up to a season (167) of these. */
function MatchCard({ match, links, season }: { match: RevealedMatch; links: MatchLinks; season: TableSeason }) {
  // The card lists the first picks only (and the viewer's own): the rest are on the match's pages.
  const more = !links.paging && match.total !== null && match.total > match.picks.length;
  return (
    <section className={classes.card} aria-label={matchLabel(match)}>
      <div className={classes.teams}>
        <MatchTeam team={match.home} />
        <span className={classes.vs}>vs</span>
        <MatchTeam team={match.away} away />
      </div>
      <div className={classes.meta}>
        <span className={classes.phase}>
          {`Partido de ${match.phaseName} · ${match.kickoffLabel ?? "Fecha por confirmar"}`}
        </span>
        {match.resultLabel ? (
          <span className={classes.result}>{`Resultado oficial: ${match.resultLabel}`}</span>
        ) : (
          <span className={classes.pending}>Resultado pendiente</span>
        )}
      </div>
      {match.shares && <PickShares shares={match.shares} className={classes.shares} />}
      {match.picks.length > 0 && <PredictionsTable match={match} season={season} />}
      {more && <MorePicks matchId={match.id} total={match.total!} hrefFor={links.hrefFor} />}
      <PicksPager paging={links.paging} hrefFor={links.hrefFor} />
      {!match.revealed && (
        <p className={classes.notYet}>{`Los pronósticos de los demás se ven ${PREDICTIONS_REVEALED_WHEN}.`}</p>
      )}
    </section>
  );
}

function Content({
  phases,
  links,
  season,
}: {
  phases: Route.ComponentProps["loaderData"]["phases"];
  links: MatchLinks;
  season: TableSeason;
}) {
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
      <Panel flat padding="xl">
        <Text c="dimmed" ta="center">
          No hay predicciones capturadas.
        </Text>
      </Panel>
    );
  }
  return (
    <div className={classes.phases}>
      {phases.map((phase) => (
        <PhaseSection
          key={phase.phaseId}
          headingId={`capturadas-${phase.phaseId}`}
          title={phase.phaseName}
          tileMin="26rem"
        >
          {phase.matches.map((match) => (
            <MatchCard key={match.id} match={match} links={links} season={season} />
          ))}
        </PhaseSection>
      ))}
    </div>
  );
}

const TAB_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * 'Todas' and one tab per phase (a tab row: captured-predictions.module.css). Each tab is a link (?jornada=<id>): the
 * server loads only the chosen phase, with or without scripts. The arrow keys move between tabs
 * (the WAI-ARIA tabs pattern); Enter opens one. Plain markup: a season has 24 tabs, and as
 * Mantine components they were a fifth of the page's server time.
 */
function PhaseTabs({
  tabs,
  current,
  panelId,
  hrefFor,
}: {
  tabs: { value: string; label: string }[];
  current: string;
  panelId: string;
  hrefFor: (value: string) => string;
}) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // On a phone the tab row scrolls sideways: bring the chosen phase into view.
    const active = list.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (list.current && active)
      list.current.scrollLeft = active.offsetLeft - list.current.clientWidth / 2 + active.offsetWidth / 2;
  }, [current]);
  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const move = TAB_KEYS[event.key];
    const items = [...(list.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const index = items.indexOf(event.target as HTMLElement);
    if (!move || index < 0) return;
    event.preventDefault();
    items[move(index, items.length)]?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label="Jornadas" className={classes.tabs} onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <Link
          key={tab.value}
          to={hrefFor(tab.value)}
          preventScrollReset
          role="tab"
          id={`tab-${tab.value}`}
          aria-selected={tab.value === current}
          aria-controls={tab.value === current ? panelId : undefined}
          tabIndex={tab.value === current ? 0 : -1}
          className={classes.tab}
        >
          {tab.label}
        </Link>
      ))}
    </div>
  );
}

export default function RevealedPredictions({ loaderData }: Route.ComponentProps) {
  const current = loaderData.selected === "all" || loaderData.selected === null ? ALL : String(loaderData.selected);
  const tabs = [
    { value: ALL, label: "Todas" },
    ...loaderData.tabs.map((tab) => ({ value: String(tab.phaseId), label: tab.phaseName })),
  ];
  const panelId = "capturadas-panel";
  const { season } = loaderData;
  const seasonParam = season.isCurrent ? "" : `temporada=${season.id}&`;
  const hrefFor = (value: string) => `${PATH}?${seasonParam}jornada=${value}`;
  const links: MatchLinks = {
    hrefFor: (matchId, page = 1) => `${PATH}?${seasonParam}partido=${matchId}${page > 1 ? `&pagina=${page}` : ""}`,
    paging: loaderData.paging,
  };
  return (
    <Page title="Quinielas Capturadas" description={season.name}>
      <SeasonSelect seasons={loaderData.seasons} selected={season.id} action={PATH} className={classes.seasonSelect} />
      <div>
        <PhaseTabs tabs={tabs} current={current} panelId={panelId} hrefFor={hrefFor} />
        <div role="tabpanel" id={panelId} aria-labelledby={`tab-${current}`} className={classes.panel}>
          <Content phases={loaderData.phases} links={links} season={loaderData.season} />
        </div>
      </div>
    </Page>
  );
}
