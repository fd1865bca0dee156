import { Link } from "react-router";
import { z } from "zod";

import { allTimePage, champions } from "#app/data/standings/history.server";
import { MAX_ID } from "#app/domain/forms/input";
import { servicesOf } from "#app/http/context";
import { optionalUser } from "#app/http/guards.server";
import { Page } from "#app/ui/layout/Page";
import { shareMeta } from "#app/ui/layout/share-meta";
import { ButtonLink } from "#app/ui/primitives/Button";
import panels from "#app/ui/primitives/Panel.module.css";
import { StandingsLegend, StandingsTable } from "#app/ui/standings/StandingsTable";
import { StandingsTabs } from "#app/ui/standings/StandingsTabs";
import typography from "#app/ui/theme/typography.module.css";

import type { Route } from "./+types/historico";
import classes from "./historico.module.css";

export const meta: Route.MetaFunction = ({ matches }) =>
  shareMeta(matches, {
    title: "Histórico · Tabla de Posiciones · Quiniela",
    description: "La tabla de todas las temporadas y sus campeones.",
    path: "/rankings/historico",
  });

const PER_PAGE = 50;

const QuerySchema = z.object({ pagina: z.coerce.number().int().min(1).max(MAX_ID).catch(1) });

/** Public, like the standings: the all-time table (one page of it) and the champions. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = optionalUser({ context });
  const { db } = servicesOf(context);
  const { pagina } = QuerySchema.parse({ pagina: new URL(request.url).searchParams.get("pagina") ?? undefined });
  const titles = await champions(db);
  const { rows, total, page, pageCount } = await allTimePage(db, titles, { page: pagina, perPage: PER_PAGE });
  return {
    viewerId: viewer?.id ?? null,
    rows,
    total,
    page,
    pageCount,
    champions: titles.map((champion) => ({
      seasonId: champion.seasonId,
      seasonName: champion.seasonName,
      points: champion.points,
      names: champion.people.map((person) => person.name),
    })),
  };
}

type HistoryRow = Route.ComponentProps["loaderData"]["rows"][number];

/** The all-time table's own columns, after the points: seasons played and titles won. */
const HISTORY_COLUMNS = [
  {
    label: "Temporadas",
    value: (row: HistoryRow) => row.seasons,
    inWords: (n: number) => (n === 1 ? "1 temporada" : `${n} temporadas`),
  },
  {
    label: "Títulos",
    value: (row: HistoryRow) => row.titles,
    inWords: (n: number) => (n === 1 ? "1 título" : `${n} títulos`),
  },
];

export default function History({ loaderData }: Route.ComponentProps) {
  const { rows, page, pageCount, total } = loaderData;
  return (
    <Page title="Tabla de Posiciones" description="Histórico: todas las temporadas terminadas y la actual">
      <StandingsTabs />
      <section className={panels.panel} aria-labelledby="tabla-historica">
        <div className={classes.stack}>
          <h2 className={typography.sectionTitle} id="tabla-historica">
            Tabla Histórica
          </h2>
          {rows.length === 0 ? (
            <p className={typography.dimmed}>Aún no hay puntos en ninguna temporada.</p>
          ) : (
            // Scrolls sideways where the further columns show but barely fit (below 36em they give way
            // to a line under the name): focusable, so the keyboard can scroll it too.
            <div className={classes.scroll} role="region" aria-label="Tabla Histórica (desplazable)" tabIndex={0}>
              <StandingsTable
                label="Tabla Histórica"
                rows={rows}
                viewerId={loaderData.viewerId}
                columns={HISTORY_COLUMNS}
              />
            </div>
          )}
          <StandingsLegend total={total} />
          {pageCount > 1 && (
            <nav aria-label="Páginas de la tabla" className={classes.pages}>
              {page > 1 && (
                <ButtonLink to={`?pagina=${page - 1}`} variant="default">
                  Anterior
                </ButtonLink>
              )}
              <span
                className={typography.dimmed}
              >{`Página ${page} de ${pageCount} · ${total.toLocaleString("es-MX")} jugadores`}</span>
              {page < pageCount && (
                <ButtonLink to={`?pagina=${page + 1}`} variant="default">
                  Siguiente
                </ButtonLink>
              )}
            </nav>
          )}
        </div>
      </section>
      <section className={panels.panel} aria-labelledby="campeones">
        <div className={classes.stack}>
          <h2 className={typography.sectionTitle} id="campeones">
            Campeones
          </h2>
          {loaderData.champions.length === 0 ? (
            <p className={typography.dimmed}>Cuando termine una temporada, aquí aparecerá su campeón.</p>
          ) : (
            <ol className={classes.champions}>
              {loaderData.champions.map((champion) => (
                <li key={champion.seasonId}>
                  <Link to={`/rankings?temporada=${champion.seasonId}`} className={classes.season}>
                    {champion.seasonName}
                  </Link>
                  <span className={classes.winner}>
                    <span aria-hidden>🏆 </span>
                    {champion.names.join(", ")}
                  </span>
                  <span className={typography.dimmed}>
                    {champion.points === 1 ? "1 punto" : `${champion.points} puntos`}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </div>
      </section>
    </Page>
  );
}
