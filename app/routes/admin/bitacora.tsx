import { Form } from "react-router";
import { z } from "zod";

import { changePage, MAX_PAGE } from "#app/data/changes/change-list.server";
import { listSeasonOptions } from "#app/data/seasons/current-season.server";
import { CHANGE_KINDS, KIND_LABELS } from "#app/domain/change-log";
import { idField } from "#app/domain/forms/input";
import { servicesOf } from "#app/http/context";
import { Page } from "#app/ui/layout/Page";
import { Button } from "#app/ui/primitives/Button";
import { SelectField } from "#app/ui/primitives/Field";
import { Panel } from "#app/ui/primitives/Panel";
import { ChangeList, ChangePages } from "#app/ui/standings/ChangeList";
import typography from "#app/ui/theme/typography.module.css";

import type { Route } from "./+types/bitacora";
import classes from "./bitacora.module.css";

export const meta: Route.MetaFunction = () => [{ title: "Bitácora · Quiniela" }];

const PER_PAGE = 50;

/** The filters; what is not valid is ignored (every season, every kind, page 1). */
const QuerySchema = z.object({
  temporada: idField("").nullable().catch(null),
  tipo: z.enum(CHANGE_KINDS).nullable().catch(null),
  pagina: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1),
});

/** 'Bitácora': every change that moved points or picks, newest first (the admin branch's guard ran). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = servicesOf(context);
  const params = new URL(request.url).searchParams;
  const query = QuerySchema.parse({
    temporada: params.get("temporada") || null,
    tipo: params.get("tipo") || null,
    pagina: params.get("pagina") ?? undefined,
  });
  const [seasons, { rows, hasNext }] = await Promise.all([
    listSeasonOptions(db),
    changePage(db, {
      seasonId: query.temporada,
      kinds: query.tipo ? [query.tipo] : null,
      page: query.pagina,
      perPage: PER_PAGE,
      timeZone: config.APP_TIMEZONE,
      // Decision 019: a deleted person's name appears nowhere, here neither.
      hideDeletedPlayers: true,
    }),
  ]);
  return { seasons, seasonId: query.temporada, kind: query.tipo, page: query.pagina, hasNext, rows };
}

const KIND_OPTIONS = [
  { value: "", label: "Todos los cambios" },
  ...CHANGE_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] })),
];

export default function ChangeLog({ loaderData }: Route.ComponentProps) {
  const { seasons, seasonId, kind, page, hasNext, rows } = loaderData;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams();
    if (seasonId !== null) params.set("temporada", String(seasonId));
    if (kind) params.set("tipo", kind);
    if (target > 1) params.set("pagina", String(target));
    return `?${params}`;
  };
  return (
    <Page
      title="Bitácora"
      description="Cada cambio que mueve puntos o pronósticos: quién, cuándo, qué, antes → después"
    >
      <Panel as="section" aria-label="Filtros">
        <Form method="get" className={classes.filters}>
          <SelectField
            label="Temporada"
            name="temporada"
            defaultValue={seasonId === null ? "" : String(seasonId)}
            options={[
              { value: "", label: "Todas las temporadas" },
              ...seasons.map((season) => ({ value: String(season.id), label: season.name })),
            ]}
          />
          <SelectField label="Tipo de cambio" name="tipo" defaultValue={kind ?? ""} options={KIND_OPTIONS} />
          <Button type="submit" variant="default">
            Filtrar
          </Button>
        </Form>
      </Panel>
      <Panel as="section" aria-labelledby="bitacora-cambios">
        <h2 className={typography.sectionTitle} id="bitacora-cambios">
          Cambios
        </h2>
        {rows.length === 0 ? (
          <p className={typography.dimmed}>
            {page > 1 ? "No hay más cambios." : "Aún no hay cambios con estos filtros."}
          </p>
        ) : (
          <ChangeList label="Cambios" items={rows} details />
        )}
        <ChangePages label="Páginas de la bitácora" page={page} hasNext={hasNext} hrefFor={hrefFor} />
      </Panel>
    </Page>
  );
}
