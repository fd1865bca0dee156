import { Anchor, Pagination } from "@mantine/core";
import { Form, Link, useSubmit } from "react-router";
import { z } from "zod";

import { listSeasonOptions } from "#app/data/seasons/current-season.server";
import { listMatches } from "#app/data/seasons/matches.server";
import { listPhases } from "#app/data/seasons/phases.server";
import { positionsByJornada } from "#app/data/standings/positions.server";
import { overallMarks, phaseWinnerNames, type RowMarks } from "#app/data/standings/table-marks.server";
import { overallStandings, phaseStandings, userPosition, type StandingsRow } from "#app/data/standings/tables.server";
import { formatKickoff } from "#app/domain/dates";
import { idField, MAX_ID, plainText } from "#app/domain/forms/input";
import { lockReason, matchState } from "#app/domain/game/locking";
import { groupByPhase, matchLabel } from "#app/domain/game/match";
import { phasesToShow } from "#app/domain/game/phase-status";
import { jornadasWonInWords, TIE_BREAK, winnersLine } from "#app/domain/standings/winners";
import { servicesOf } from "#app/http/context";
import { optionalUser } from "#app/http/guards.server";
import { shownSeason } from "#app/http/season.server";
import { useLiveUpdates } from "#app/ui/behaviour/useLiveUpdates";
import { MatchTeam } from "#app/ui/game/MatchTeam";
import { PhaseNav } from "#app/ui/game/PhaseNav";
import { PhaseSection } from "#app/ui/game/PhaseSection";
import { SeasonSelect } from "#app/ui/game/SeasonSelect";
import { Page } from "#app/ui/layout/Page";
import { shareMeta } from "#app/ui/layout/share-meta";
import { Badge } from "#app/ui/primitives/Badge";
import { Button } from "#app/ui/primitives/Button";
import { SelectField, TextField } from "#app/ui/primitives/Field";
import { Panel } from "#app/ui/primitives/Panel";
import { SeasonChart } from "#app/ui/standings/SeasonChart";
import { StandingsLegend, StandingsTable, type StandingsColumn } from "#app/ui/standings/StandingsTable";
import { StandingsTabs } from "#app/ui/standings/StandingsTabs";
import typography from "#app/ui/theme/typography.module.css";

import type { Route } from "./+types/rankings";
import classes from "./rankings.module.css";

export const meta: Route.MetaFunction = ({ matches }) =>
  shareMeta(matches, {
    title: "Tabla de Posiciones · Quiniela",
    description: "Puntos y posiciones de la temporada, jornada por jornada.",
    path: "/rankings",
  });

const PER_PAGE = 50;

/** The query string; what is not valid is ignored (page 1, no search, the overall table). */
const QuerySchema = z.object({
  pagina: z.coerce.number().int().min(1).max(MAX_ID).catch(1),
  // A search with control characters is no person's (and NUL would stop PostgreSQL): dropped.
  buscar: plainText().trim().max(100).catch(""),
  jornada: idField("").optional().catch(undefined),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = optionalUser({ context });
  const { db } = servicesOf(context);
  const season = await shownSeason(db, request);
  const params = new URL(request.url).searchParams;
  const query = QuerySchema.parse({
    pagina: params.get("pagina") ?? undefined,
    buscar: params.get("buscar") ?? "",
    jornada: params.get("jornada") || undefined,
  });

  const [phases, seasons] = await Promise.all([listPhases(db, season.id), listSeasonOptions(db)]);
  const phase = phases.find((p) => p.id === query.jornada) ?? null;
  const tableQuery = { page: query.pagina, perPage: PER_PAGE, search: query.buscar };
  const table = phase
    ? await phaseStandings(db, season, phase.id, tableQuery)
    : await overallStandings(db, season, tableQuery);
  // The viewer's own row, pinned above the table when it is not on this page.
  const pinned =
    viewer && !table.rows.some((row) => row.userId === viewer.id)
      ? await userPosition(db, season, viewer.id, { phaseId: phase?.id ?? null })
      : null;
  const { rows, pinnedRow, winners } = await tableStory(db, phases, phase, table.rows, pinned);
  const course = phase
    ? null
    : await seasonCourse(db, season, { table, query, viewerRow: viewerRowOf(viewer, rows, pinnedRow) });
  // Cards of the table's phase; for the overall table, of the phases still being played. Only
  // the shown phases' matches are read (a whole season is 167 of them).
  const cardPhases = phases
    .filter((p) => p.activeMatches > 0)
    .map((p) => ({ id: p.id, name: p.name, waiting: p.activeWithoutResult > 0 }));
  const shownCards = phasesToShow(cardPhases, phase?.id ?? null);
  const matches = await listMatches(db, { activeOnly: true, phaseIds: shownCards });

  return {
    season: { id: season.id, name: season.name, isCurrent: season.isCurrent },
    seasons,
    phases: phases.map(({ id, name }) => ({ id, name })),
    phase: phase && { id: phase.id, name: phase.name },
    search: query.buscar,
    table: { ...table, rows },
    winners,
    viewerId: viewer?.id ?? null,
    isAdmin: viewer?.role === "admin",
    pinned: pinnedRow,
    course,
    cardPhases: cardPhases.map(({ id, name }) => ({ id, name })),
    shownCards,
    // Only what a card shows.
    matchPhases: groupByPhase(
      matches.map((match) => ({
        id: match.id,
        phaseId: match.phaseId,
        phaseName: match.phaseName,
        home: match.home && { name: match.home.name, badgeUrl: match.home.badgeUrl },
        away: match.away && { name: match.away.name, badgeUrl: match.away.badgeUrl },
        result: match.result,
        // 'Pronósticos cerrados' once the match takes no more picks (kicked off, result entered,
        // jornada activated: SPEC §2.3), not only once it has a result as in the original.
        closed: lockReason(matchState(match), new Date()) !== null,
        kickoffLabel: formatKickoff(match.kickoffAt, season.timeZone),
      })),
    ),
  };
}

type MarkedRow = StandingsRow & Partial<RowMarks>;

/**
 * The story around the table: on the overall table each row's movement and jornadas won, on a
 * phase's table its winners once completed (data/standings/table-marks.server.ts).
 */
async function tableStory(
  db: ReturnType<typeof servicesOf>["db"],
  phases: Awaited<ReturnType<typeof listPhases>>,
  phase: Awaited<ReturnType<typeof listPhases>>[number] | null,
  rows: StandingsRow[],
  pinned: StandingsRow | null,
): Promise<{ rows: MarkedRow[]; pinnedRow: MarkedRow | null; winners: string[] | null }> {
  if (phase) return { rows, pinnedRow: pinned, winners: await phaseWinnerNames(db, phase) };
  const marks = await overallMarks(db, phases, pinned ? [...rows, pinned] : rows);
  const marked = (row: StandingsRow): MarkedRow => ({ ...row, ...marks.get(row.userId) });
  return { rows: rows.map(marked), pinnedRow: pinned && marked(pinned), winners: null };
}

/** The viewer's row of the overall table, on this page or pinned above it; null when not in it. */
function viewerRowOf(
  viewer: { id: string } | null,
  rows: StandingsRow[],
  pinned: StandingsRow | null,
): StandingsRow | null {
  if (!viewer) return null;
  return rows.find((row) => row.userId === viewer.id) ?? (pinned?.userId === viewer.id ? pinned : null);
}

/** How many of the table's first rows the season's chart follows. */
const CHART_TOP = 5;

/**
 * 'Evolución de la temporada': the top 5 of the table now (this page's first rows when it is
 * the table's first page) and the viewer when not among them, their places after each completed
 * jornada read from the stored positions (data/standings/positions.server.ts).
 */
async function seasonCourse(
  db: ReturnType<typeof servicesOf>["db"],
  season: Parameters<typeof overallStandings>[1],
  {
    table,
    query,
    viewerRow,
  }: { table: { rows: StandingsRow[] }; query: { pagina: number; buscar: string }; viewerRow: StandingsRow | null },
) {
  const firstPage = query.pagina === 1 && query.buscar === "";
  const top = firstPage
    ? table.rows.slice(0, CHART_TOP)
    : (await overallStandings(db, season, { perPage: CHART_TOP })).rows;
  const lines = viewerRow && !top.some((row) => row.userId === viewerRow.userId) ? [...top, viewerRow] : top;
  const positions = await positionsByJornada(
    db,
    season.id,
    lines.map((row) => row.userId),
  );
  if (positions.phases.length === 0 || lines.length === 0) return null;
  return {
    phases: positions.phases,
    players: lines.map((row) => ({
      userId: row.userId,
      name: row.name,
      positions: positions.byUser.get(row.userId) ?? [],
    })),
    focusId: viewerRow?.userId ?? null,
  };
}

type LoaderData = Route.ComponentProps["loaderData"];

/** The query string of this page with some parameters changed (empty values dropped). */
function hrefWith(
  data: Pick<LoaderData, "season" | "phase" | "search">,
  changes: Record<string, string | number | null>,
): string {
  const params = new URLSearchParams();
  if (!data.season.isCurrent) params.set("temporada", String(data.season.id));
  if (data.phase) params.set("jornada", String(data.phase.id));
  if (data.search) params.set("buscar", data.search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "" || (key === "pagina" && value === 1)) params.delete(key);
    else params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `/rankings?${search}` : "/rankings";
}

/** The admin's download of the table shown: its season, and its phase when one is chosen. */
function exportHref(data: LoaderData): string {
  const params = new URLSearchParams({ temporada: String(data.season.id) });
  if (data.phase) params.set("jornada", String(data.phase.id));
  return `/admin/exportar/posiciones.csv?${params}`;
}

function Filters({ data }: { data: LoaderData }) {
  const submit = useSubmit();
  return (
    <div className={classes.filters}>
      <Form method="get" action="/rankings" className={classes.filter}>
        <SelectField
          label="Jornada"
          name="jornada"
          defaultValue={data.phase ? String(data.phase.id) : ""}
          key={data.phase?.id ?? "todas"}
          onChange={(event) => submit(event.currentTarget.form)}
          options={[
            { value: "", label: "Todas las jornadas" },
            ...data.phases.map((phase) => ({ value: String(phase.id), label: phase.name })),
          ]}
          className={classes.grow}
        />
        {data.search && <input type="hidden" name="buscar" value={data.search} />}
        {!data.season.isCurrent && <input type="hidden" name="temporada" value={data.season.id} />}
        <noscript>
          <Button type="submit" variant="default">
            Ver
          </Button>
        </noscript>
      </Form>
      <Form method="get" action="/rankings" role="search" className={`${classes.filter} ${classes.searchFilter}`}>
        {data.phase && <input type="hidden" name="jornada" value={data.phase.id} />}
        {!data.season.isCurrent && <input type="hidden" name="temporada" value={data.season.id} />}
        <TextField
          label="Buscar por nombre"
          name="buscar"
          type="search"
          defaultValue={data.search}
          key={data.search}
          maxLength={100}
          className={classes.grow}
        />
        <Button type="submit" variant="light">
          Buscar
        </Button>
      </Form>
    </div>
  );
}

/** The overall table's further column. */
const WON_COLUMNS: readonly StandingsColumn<LoaderData["table"]["rows"][number]>[] = [
  { label: "Jornadas ganadas", value: (row) => row.won ?? 0, inWords: jornadasWonInWords },
];

/** A completed jornada's winners; nothing while a result is missing (null). */
function Winners({ names }: { names: string[] | null }) {
  if (names === null) return null;
  const line = winnersLine(names);
  return <p className={classes.winners}>{line ?? "Sin ganador: nadie sumó puntos en esta jornada."}</p>;
}

/** The viewer's own row, above the table when it is not on the page shown. */
function Pinned({ data, row }: { data: LoaderData; row: NonNullable<LoaderData["pinned"]> }) {
  return (
    <div className={classes.pinned}>
      <div className={classes.pinnedLabel}>Tu posición</div>
      <StandingsTable
        label="Tu posición"
        rows={[row]}
        viewerId={data.viewerId}
        season={data.season}
        headerHidden
        columns={data.phase ? [] : WON_COLUMNS}
      />
    </div>
  );
}

function Standings({ data }: { data: LoaderData }) {
  const { table } = data;
  const first = (table.page - 1) * PER_PAGE + 1;
  const last = first + table.rows.length - 1;
  return (
    <Panel className={classes.panel}>
      <div className={classes.stack}>
        <div className={classes.panelHeading}>
          <h2 className={typography.sectionTitle}>Puntos Acumulados</h2>
          {data.phase && <Badge tone="gray">{data.phase.name}</Badge>}
        </div>
        <Filters data={data} />
        <Winners names={data.winners} />
        {data.pinned && <Pinned data={data} row={data.pinned} />}
        {table.rows.length === 0 ? (
          <p className={classes.empty}>
            {data.search ? `Ningún usuario coincide con «${data.search}».` : "Aún no hay usuarios registrados."}
          </p>
        ) : (
          <div className={classes.scroll}>
            <StandingsTable
              label="Puntos Acumulados"
              rows={table.rows}
              viewerId={data.viewerId}
              season={data.season}
              columns={data.phase ? [] : WON_COLUMNS}
            />
          </div>
        )}
        <StandingsLegend total={table.total} />
        <p className={classes.tieBreak}>{TIE_BREAK}</p>
        {data.isAdmin && (
          <Anchor href={exportHref(data)} download size="sm">
            Descargar esta tabla (CSV)
          </Anchor>
        )}
        {table.rows.length > 0 && (
          <div className={classes.tableFooter}>
            <p className={typography.dimmed}>
              {data.search
                ? `${table.matched} ${table.matched === 1 ? "coincidencia" : "coincidencias"} · ${first}–${last}`
                : `${first}–${last} de ${table.total.toLocaleString("es-MX")}`}
            </p>
            {table.pageCount > 1 && (
              <Pagination
                component="nav"
                aria-label="Páginas de la tabla"
                total={table.pageCount}
                value={table.page}
                size="sm"
                siblings={1}
                getItemProps={(page) => ({
                  component: Link,
                  to: hrefWith(data, { pagina: page }),
                  "aria-label": `Página ${page}`,
                })}
                getControlProps={(control) => {
                  const target = control === "previous" ? table.page - 1 : table.page + 1;
                  const label = control === "previous" ? "Página anterior" : "Página siguiente";
                  if (target < 1 || target > table.pageCount) return { "aria-label": label };
                  return { component: Link, to: hrefWith(data, { pagina: target }), "aria-label": label };
                }}
              />
            )}
          </div>
        )}
      </div>
    </Panel>
  );
}

function Goals({ value }: { value: number | null }) {
  return <span className={value === null ? `${classes.goals} ${classes.missing}` : classes.goals}>{value ?? "-"}</span>;
}

type CardMatch = LoaderData["matchPhases"][number]["matches"][number];

/** Plain markup: badges, names, score and whether picks are closed. */
function MatchCard({ match }: { match: CardMatch }) {
  return (
    <div className={classes.card} role="group" aria-label={matchLabel(match)}>
      <div className={classes.teams}>
        <MatchTeam team={match.home} size={36} stacked="always" />
        <span className={classes.score}>
          <Goals value={match.result?.home ?? null} />
          <span className={typography.srOnly}> - </span>
          <Goals value={match.result?.away ?? null} />
        </span>
        <MatchTeam team={match.away} size={36} stacked="always" />
      </div>
      <Badge tone={match.closed ? "gray" : "teal"} className={classes.status}>
        {match.closed ? "Pronósticos cerrados" : "Pronósticos aún habilitados"}
      </Badge>
      <span className={classes.kickoff}>{match.kickoffLabel ?? "Fecha por confirmar"}</span>
    </div>
  );
}

export default function Rankings({ loaderData }: Route.ComponentProps) {
  useLiveUpdates();
  return (
    <Page title="Tabla de Posiciones" description={loaderData.season.name}>
      <StandingsTabs season={loaderData.season} />
      <SeasonSelect
        seasons={loaderData.seasons}
        selected={loaderData.season.id}
        action="/rankings"
        className={classes.seasonSelect}
      />
      <Standings data={loaderData} />
      {loaderData.course && (
        <Panel className={classes.panel}>
          <SeasonChart {...loaderData.course} focusLabel="tú" />
        </Panel>
      )}
      {loaderData.matchPhases.length > 0 && (
        <PhaseNav
          label="Partidos por jornada"
          phases={loaderData.cardPhases}
          shown={loaderData.shownCards}
          hrefFor={(id) => hrefWith(loaderData, { jornada: id, pagina: null })}
        />
      )}
      {loaderData.matchPhases.map((phase) => (
        <PhaseSection key={phase.phaseId} headingId={`fase-${phase.phaseId}`} title={phase.phaseName} tileMin="18rem">
          {phase.matches.map((match) => (
            <MatchCard key={match.id} match={match} />
          ))}
        </PhaseSection>
      ))}
    </Page>
  );
}
