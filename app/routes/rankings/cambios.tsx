import { z } from "zod";

import { changePage, MAX_PAGE } from "#app/data/changes/change-list.server";
import { listSeasonOptions } from "#app/data/seasons/current-season.server";
import { PUBLIC_KINDS } from "#app/domain/change-log";
import { servicesOf } from "#app/http/context";
import { shownSeason } from "#app/http/season.server";
import { SeasonSelect } from "#app/ui/game/SeasonSelect";
import { Page } from "#app/ui/layout/Page";
import { shareMeta } from "#app/ui/layout/share-meta";
import panels from "#app/ui/primitives/Panel.module.css";
import { ChangeList, ChangePages } from "#app/ui/standings/ChangeList";
import { StandingsTabs } from "#app/ui/standings/StandingsTabs";
import typography from "#app/ui/theme/typography.module.css";

import type { Route } from "./+types/cambios";
import classes from "./cambios.module.css";

export const meta: Route.MetaFunction = ({ matches }) =>
  shareMeta(matches, {
    title: "Cambios del administrador · Tabla de Posiciones · Quiniela",
    description: "Resultados corregidos o reiniciados y pronósticos que el administrador editó o eliminó.",
    path: "/rankings/cambios",
  });

const PER_PAGE = 50;

const QuerySchema = z.object({ pagina: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1) });

/**
 * Public, like the standings: what the admin changed after the fact in the season shown (results
 * corrected or reset, picks edited or deleted), with players' names, never e-mails.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = servicesOf(context);
  const season = await shownSeason(db, request);
  const { pagina } = QuerySchema.parse({ pagina: new URL(request.url).searchParams.get("pagina") ?? undefined });
  const [seasons, { rows, hasNext }] = await Promise.all([
    listSeasonOptions(db),
    changePage(db, {
      seasonId: season.id,
      kinds: PUBLIC_KINDS,
      page: pagina,
      perPage: PER_PAGE,
      timeZone: config.APP_TIMEZONE,
      hideDeletedPlayers: true,
    }),
  ]);
  return {
    season: { id: season.id, name: season.name, isCurrent: season.isCurrent },
    seasons,
    page: pagina,
    hasNext,
    rows: rows.map(({ id, createdAt, when, text }) => ({ id, createdAt, when, text, actorName: "", seasonName: null })),
  };
}

export default function AdminChanges({ loaderData }: Route.ComponentProps) {
  const { season, page, hasNext, rows } = loaderData;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams();
    if (!season.isCurrent) params.set("temporada", String(season.id));
    if (target > 1) params.set("pagina", String(target));
    return `?${params}`;
  };
  return (
    <Page title="Tabla de Posiciones" description={season.name}>
      <StandingsTabs season={season} />
      <SeasonSelect seasons={loaderData.seasons} selected={season.id} action="/rankings/cambios" />
      <section className={panels.panel} aria-labelledby="cambios-del-administrador">
        <div className={classes.stack}>
          <h2 className={typography.sectionTitle} id="cambios-del-administrador">
            Cambios del administrador
          </h2>
          <p className={typography.dimmed}>
            Resultados corregidos o reiniciados y pronósticos que el administrador editó o eliminó en esta temporada.
          </p>
          {rows.length === 0 ? (
            <p>{page > 1 ? "No hay más cambios." : "El administrador no ha corregido nada en esta temporada."}</p>
          ) : (
            <ChangeList label="Cambios del administrador" items={rows} details={false} />
          )}
          <ChangePages label="Páginas de los cambios" page={page} hasNext={hasNext} hrefFor={hrefFor} />
        </div>
      </section>
    </Page>
  );
}
