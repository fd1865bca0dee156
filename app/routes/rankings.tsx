import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  NativeSelect,
  Pagination,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { Form, Link, useSubmit } from "react-router";
import { z } from "zod";
import { optionalUser } from "#app/auth/guards.server";
import { listMatches } from "#app/data/matches.server";
import { listPhases } from "#app/data/phases.server";
import { overallStandings, phaseStandings, type RankingRow, userPosition } from "#app/data/rankings.server";
import { formatKickoff } from "#app/domain/dates";
import { groupByPhase, matchLabel, type TeamView, teamLabel, UNKNOWN_TEAM_BADGE } from "#app/domain/match";
import { phasesToShow } from "#app/domain/phase-status";
import type { Band } from "#app/domain/standings";
import { getRuntime } from "#app/runtime.server";
import { Page } from "#app/ui/Page";
import { PhaseNav } from "#app/ui/PhaseNav";
import { initials, mantineAvatarColor } from "#app/ui/avatar-colors";
import { useLiveUpdates } from "#app/ui/useLiveUpdates";
import type { Route } from "./+types/rankings";
import classes from "./rankings.module.css";

export const meta: Route.MetaFunction = () => [{ title: "Tabla de Posiciones · Quiniela" }];

const PER_PAGE = 50;

const positiveInt = z.coerce.number().int().positive().catch(1);

const QuerySchema = z.object({
  pagina: positiveInt,
  buscar: z.string().trim().max(100).catch(""),
  jornada: z.coerce.number().int().positive().optional().catch(undefined),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = optionalUser({ context });
  const { db, config } = getRuntime();
  const params = new URL(request.url).searchParams;
  const query = QuerySchema.parse({
    pagina: params.get("pagina") ?? undefined,
    buscar: params.get("buscar") ?? "",
    jornada: params.get("jornada") || undefined,
  });

  const phases = await listPhases(db);
  const phase = phases.find((p) => p.id === query.jornada) ?? null;
  const tableQuery = { page: query.pagina, perPage: PER_PAGE, search: query.buscar };
  const table = phase ? await phaseStandings(db, phase.id, tableQuery) : await overallStandings(db, tableQuery);
  // The viewer's own row, pinned above the table when it is not on this page.
  const pinned =
    viewer && !table.rows.some((row) => row.userId === viewer.id)
      ? await userPosition(db, viewer.id, { phaseId: phase?.id ?? null })
      : null;
  // Cards of the table's phase; for the overall table, of the phases still being played. Only
  // the shown phases' matches are read (a whole season is 167 of them).
  const cardPhases = phases
    .filter((p) => p.activeMatches > 0)
    .map((p) => ({ id: p.id, name: p.name, waiting: p.activeWithoutResult > 0 }));
  const shownCards = phasesToShow(cardPhases, phase?.id ?? null);
  const matches = await listMatches(db, { activeOnly: true, phaseIds: shownCards });

  return {
    phases: phases.map(({ id, name }) => ({ id, name })),
    phase: phase && { id: phase.id, name: phase.name },
    search: query.buscar,
    table,
    viewerId: viewer?.id ?? null,
    isAdmin: viewer?.role === "admin",
    pinned,
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
        kickoffLabel: formatKickoff(match.kickoffAt, config.APP_TIMEZONE),
      })),
    ),
  };
}

type LoaderData = Route.ComponentProps["loaderData"];

const BAND_COLORS: Record<Exclude<Band, null>, string> = {
  blue: "var(--mantine-color-blue-6)",
  yellow: "var(--mantine-color-yellow-5)",
  green: "var(--mantine-color-green-6)",
  red: "var(--mantine-color-red-6)",
};

/** The query string of this page with some parameters changed (empty values dropped). */
function hrefWith(data: Pick<LoaderData, "phase" | "search">, changes: Record<string, string | number | null>): string {
  const params = new URLSearchParams();
  if (data.phase) params.set("jornada", String(data.phase.id));
  if (data.search) params.set("buscar", data.search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "" || (key === "pagina" && value === 1)) params.delete(key);
    else params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `/rankings?${search}` : "/rankings";
}

/**
 * UserAvatar's look as plain markup: the picture when set, else the initials on the user's
 * colour (the same rules, from ui/avatar-colors). Fifty Mantine Avatars cost about 10 ms of
 * server time per page. A picture that fails to load (empty alt) leaves the initials showing.
 */
function RowAvatar({ name, image, color }: { name: string; image: string | null; color: string }) {
  return (
    <span
      className={classes.avatar}
      style={{ "--avatar-bg": `var(--mantine-color-${mantineAvatarColor(color)}-filled)` } as React.CSSProperties}
    >
      {initials(name)}
      {image && <img className={classes.avatarImage} src={image} alt="" loading="lazy" />}
    </span>
  );
}

/** One row; plain cells with Mantine's own table classes (cheap to render 50 times). */
function StandingRowView({ row, mine }: { row: RankingRow; mine: boolean }) {
  const marker = row.band ? { "--band-color": BAND_COLORS[row.band] } : undefined;
  return (
    <tr className={`${Table.classes.tr}${mine ? ` ${classes.mine}` : ""}`} data-with-row-border data-hover data-band={row.band ?? undefined}>
      <td className={`${Table.classes.td} ${classes.pos} ${classes.marker}`} style={marker as React.CSSProperties}>
        {row.rank}
      </td>
      <td className={`${Table.classes.td} ${classes.avatarCell}`}>
        <RowAvatar name={row.name} image={row.image} color={row.avatarColor} />
      </td>
      <td className={`${Table.classes.td} ${classes.nameCell}`}>
        <span className={classes.name}>
          <span className={classes.nameText} title={row.name}>
            {row.name}
          </span>
          {mine && <span className={classes.you}>Tú</span>}
        </span>
      </td>
      <td className={`${Table.classes.td} ${classes.number} ${classes.pointsCol} ${classes.points}`}>{row.points}</td>
      <td className={`${Table.classes.td} ${classes.number} ${classes.exactCol} ${classes.dim}`}>{row.exactHits}</td>
    </tr>
  );
}

function StandingsTable({
  label,
  rows,
  viewerId,
  headerHidden = false,
}: {
  label: string;
  rows: RankingRow[];
  viewerId: string | null;
  headerHidden?: boolean;
}) {
  return (
    <Table aria-label={label} verticalSpacing={6} horizontalSpacing="xs" highlightOnHover className={classes.table}>
      {/* Fixed column widths, so that the pinned 'Tu posición' row lines up with the table. */}
      <colgroup>
        <col className={classes.pos} />
        <col className={classes.avatarCell} />
        <col />
        <col className={classes.pointsCol} />
        <col className={classes.exactCol} />
      </colgroup>
      <Table.Thead className={headerHidden ? classes.srOnly : undefined}>
        <Table.Tr>
          <Table.Th className={classes.pos}>Pos.</Table.Th>
          <Table.Th className={classes.avatarCell}>
            <VisuallyHidden>Avatar</VisuallyHidden>
          </Table.Th>
          <Table.Th>Nombre</Table.Th>
          <Table.Th className={`${classes.number} ${classes.pointsCol}`}>Puntos</Table.Th>
          <Table.Th className={`${classes.number} ${classes.exactCol}`}>Exactos</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <StandingRowView key={row.userId} row={row} mine={row.userId === viewerId} />
        ))}
      </Table.Tbody>
    </Table>
  );
}

const LEGEND: { band: Exclude<Band, null>; label: string }[] = [
  { band: "blue", label: "Lugares 1–4" },
  { band: "yellow", label: "5–7" },
  { band: "green", label: "8–9" },
  { band: "red", label: "Últimos 2" },
];

function Legend() {
  return (
    <div className={classes.legend} aria-hidden>
      {LEGEND.map((item) => (
        <span key={item.band} className={classes.legendItem}>
          <span className={classes.swatch} style={{ "--band-color": BAND_COLORS[item.band] } as React.CSSProperties} />
          {item.label}
        </span>
      ))}
    </div>
  );
}

function Filters({ data }: { data: LoaderData }) {
  const submit = useSubmit();
  return (
    <div className={classes.filters}>
      <Form method="get" action="/rankings" className={classes.filter}>
        <NativeSelect
          label="Jornada"
          name="jornada"
          defaultValue={data.phase ? String(data.phase.id) : ""}
          key={data.phase?.id ?? "todas"}
          onChange={(event) => submit(event.currentTarget.form)}
          data={[
            { value: "", label: "Todas las jornadas" },
            ...data.phases.map((phase) => ({ value: String(phase.id), label: phase.name })),
          ]}
          className={classes.grow}
        />
        {data.search && <input type="hidden" name="buscar" value={data.search} />}
        <noscript>
          <Button type="submit" variant="default" size="sm">
            Ver
          </Button>
        </noscript>
      </Form>
      <Form method="get" action="/rankings" role="search" className={`${classes.filter} ${classes.searchFilter}`}>
        {data.phase && <input type="hidden" name="jornada" value={data.phase.id} />}
        <TextInput
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

function Standings({ data }: { data: LoaderData }) {
  const { table } = data;
  const first = (table.page - 1) * PER_PAGE + 1;
  const last = first + table.rows.length - 1;
  return (
    <Card withBorder radius="lg" padding="md" className={classes.panel}>
      <div className={classes.stack}>
        <div className={classes.panelHeading}>
          <Title order={2} fz="lg">
            Puntos Acumulados
          </Title>
          {data.phase && (
            <Badge variant="light" size="lg">
              {data.phase.name}
            </Badge>
          )}
        </div>
        <Filters data={data} />
        {data.pinned && (
          <div className={classes.pinned}>
            <div className={classes.pinnedLabel}>Tu posición</div>
            <StandingsTable label="Tu posición" rows={[data.pinned]} viewerId={data.viewerId} headerHidden />
          </div>
        )}
        {table.rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {data.search ? `Ningún usuario coincide con «${data.search}».` : "Aún no hay usuarios registrados."}
          </Text>
        ) : (
          <Box style={{ overflowX: "auto" }}>
            <StandingsTable label="Puntos Acumulados" rows={table.rows} viewerId={data.viewerId} />
          </Box>
        )}
        <Legend />
        {data.isAdmin && (
          <Anchor href={`/admin/exportar/posiciones.csv${data.phase ? `?jornada=${data.phase.id}` : ""}`} download size="sm">
            Descargar esta tabla (CSV)
          </Anchor>
        )}
        {table.rows.length > 0 && (
          <div className={classes.tableFooter}>
            <Text size="sm" c="dimmed">
              {data.search
                ? `${table.matched} ${table.matched === 1 ? "coincidencia" : "coincidencias"} · ${first}–${last}`
                : `${first}–${last} de ${table.total.toLocaleString("es-MX")}`}
            </Text>
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
    </Card>
  );
}

function Goals({ value }: { value: number | null }) {
  return <span className={value === null ? `${classes.goals} ${classes.missing}` : classes.goals}>{value ?? "-"}</span>;
}

type CardTeam = Pick<TeamView, "name" | "badgeUrl"> | null;
type CardMatch = LoaderData["matchPhases"][number]["matches"][number];

function Team({ team }: { team: CardTeam }) {
  return (
    <span className={classes.team}>
      <img className={classes.badge} src={team?.badgeUrl ?? UNKNOWN_TEAM_BADGE} alt="" width={36} height={36} loading="lazy" />
      <span className={classes.teamName}>{teamLabel(team)}</span>
    </span>
  );
}

/** Plain markup: badges, names, score and whether picks are closed. */
function MatchCard({ match }: { match: CardMatch }) {
  const closed = match.result !== null;
  return (
    <div className={classes.card} role="group" aria-label={matchLabel(match)}>
      <div className={classes.teams}>
        <Team team={match.home} />
        <span className={classes.score}>
          <Goals value={match.result?.home ?? null} />
          <span className={classes.srOnly}> - </span>
          <Goals value={match.result?.away ?? null} />
        </span>
        <Team team={match.away} />
      </div>
      <span className={closed ? `${classes.status} ${classes.closed}` : classes.status}>
        {closed ? "Pronósticos cerrados" : "Pronósticos aún habilitados"}
      </span>
      {match.kickoffLabel && <span className={classes.kickoff}>{match.kickoffLabel}</span>}
    </div>
  );
}

export default function Rankings({ loaderData }: Route.ComponentProps) {
  useLiveUpdates();
  return (
    <Page title="Tabla de Posiciones">
      <Standings data={loaderData} />
      {loaderData.matchPhases.length > 0 && (
        <PhaseNav
          label="Partidos por jornada"
          phases={loaderData.cardPhases}
          shown={loaderData.shownCards}
          hrefFor={(id) => hrefWith(loaderData, { jornada: id, pagina: null })}
        />
      )}
      {loaderData.matchPhases.map((phase) => (
        <section key={phase.phaseId} className={classes.phase} aria-labelledby={`fase-${phase.phaseId}`}>
          <Title order={2} fz="lg" id={`fase-${phase.phaseId}`}>
            {phase.phaseName}
          </Title>
          <div className={classes.cards}>
            {phase.matches.map((match) => (
              <MatchCard key={match.id} match={match} />
            ))}
          </div>
        </section>
      ))}
    </Page>
  );
}
