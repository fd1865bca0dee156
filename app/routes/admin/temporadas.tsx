import { Alert, Group, List, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { makeCurrent, type SeasonRow, listSeasons, setFinished } from "#app/data/seasons/season-status.server";
import { createSeason, previewSeason, type SeasonDraft, type SeasonPreview } from "#app/data/seasons/new-season.server";
import { isTemplateKey, templateOptions, templateText } from "#app/data/seasons/bundled-seasons.server";
import { badgeSvg } from "#app/domain/badges";
import { formatKickoff } from "#app/domain/dates";
import { parseForm } from "#app/domain/forms/form";
import { problemsHeadline } from "#app/domain/files/problems";
import { hasControlCharacters, normalizeFileText } from "#app/domain/forms/input";
import { KNOCKOUT_SCORE_LABELS } from "#app/domain/game/season-rules";
import { newSeasonSchema, seasonActionSchema } from "#app/domain/forms/season-forms";
import { FROM_FILE, RULE_DEFAULTS, SEASON_MESSAGES } from "#app/domain/forms/season-texts";
import { SEASON_FILE_MAX_BYTES } from "#app/domain/files/season-file";
import { answer, refusalMessage, runAction } from "#app/http/action-answer.server";
import { servicesOf } from "#app/http/context";
import { readFormWithinLimit } from "#app/http/form.server";
import { adminTable as t } from "#app/ui/admin/AdminCells";
import { Page } from "#app/ui/layout/Page";
import { Badge, BadgeGroup } from "#app/ui/primitives/Badge";
import { Button } from "#app/ui/primitives/Button";
import { CheckboxField } from "#app/ui/primitives/Checkbox";
import { SelectField, TextField } from "#app/ui/primitives/Field";
import { Panel } from "#app/ui/primitives/Panel";
import { Table, TableScroll } from "#app/ui/primitives/Table";
import type { ActionAnswer } from "#app/ui/feedback/action-answer";
import { errorToast, successToast } from "#app/ui/feedback/Toasts";
import { useToast } from "#app/ui/feedback/Toasts";
import type { Route } from "./+types/temporadas";
import classes from "./temporadas.module.css";
import { confirm } from "#app/ui/feedback/Confirm";

export const meta: Route.MetaFunction = () => [{ title: "Temporadas · Quiniela" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = servicesOf(context);
  const seasons = await listSeasons(db);
  const now = Date.now();
  return {
    seasons: seasons.map(toRow),
    templates: templateOptions().map((template) => ({
      key: template.key,
      name: template.name,
      // A season already played: its kickoff times are history, and would lock every match.
      past: template.lastKickoff !== null && Date.parse(template.lastKickoff) < now,
      twoLegs: template.competition === "Liga MX",
    })),
  };
}

function toRow(season: SeasonRow) {
  const rules = season.rules;
  return {
    id: season.id,
    name: season.name,
    competition: season.competition,
    isCurrent: season.isCurrent,
    finished: season.finishedAt !== null,
    status: season.finishedAt !== null ? "Terminada" : season.withResult > 0 ? "En juego" : "Próxima",
    matches: season.matches,
    players: season.players,
    rules:
      `Exacto ${rules.pointsExact} · resultado ${rules.pointsOutcome}` +
      `${rules.twoLegBonus ? " · bono de ida y vuelta" : ""}` +
      ` · ${KNOCKOUT_SCORE_LABELS[rules.knockoutScore].toLowerCase()}` +
      `${rules.editablePicks ? " · editables hasta el cierre" : ""}`,
  };
}

/** What the screen shows besides the toast: the preview, or the file's problems. */
type SeasonsMore = { problems: string[]; preview: PreviewView };

/** The preview as the page shows it: phases with their match counts, teams with badges, matches. */
interface PreviewView {
  name: string;
  competition: string;
  fingerprint: string;
  /** The file's text for 'Crear Temporada' (a template's is read again on the server). */
  content: string | null;
  phases: { name: string; matches: number }[];
  teams: { name: string; short: string; isNew: boolean; badge: string }[];
  matches: { phase: string; group: string | null; home: string; away: string; kickoff: string | null }[];
}

const FAILURE = "No se pudo completar la acción";
const CREATE_FAILURE = "No se pudo crear la temporada";

function previewView(preview: SeasonPreview, content: string | null): PreviewView {
  const counts = new Map<string, number>();
  for (const match of preview.plan.matches) counts.set(match.phase, (counts.get(match.phase) ?? 0) + 1);
  return {
    name: preview.name,
    competition: preview.competition,
    fingerprint: preview.fingerprint,
    content,
    phases: preview.plan.phases.map((name) => ({ name, matches: counts.get(name) ?? 0 })),
    teams: preview.plan.teams.map((team) => ({
      name: team.name,
      short: team.short,
      isNew: team.isNew,
      badge: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(badgeSvg({ short: team.short, primary: team.primary, secondary: team.secondary }))}`,
    })),
    matches: preview.plan.matches.map((match) => ({
      phase: match.phase,
      group: match.group,
      home: match.homeTeam ?? "Por definir",
      away: match.awayTeam ?? "Por definir",
      kickoff: formatKickoff(match.kickoffAt, preview.timeZone),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormWithinLimit(request);
  if (form === "too-large") return answer<SeasonsMore>(413, { toast: errorToast("El archivo pesa más de 1 MB", CREATE_FAILURE) });
  // 'Crear Temporada' sends the preview's form again, with its own button's field.
  const intent = form.get("crear") ? "create" : String(form.get("intent") ?? "");
  const { db, config, live } = servicesOf(context);

  if (intent === "preview" || intent === "create") {
    return runAction<SeasonsMore>(CREATE_FAILURE, async () => {
      const parsed = parseForm(newSeasonSchema, form, SEASON_MESSAGES.unknownIntent);
      if (!parsed.ok) return answer(400, { toast: errorToast(parsed.message, CREATE_FAILURE) });
      const { template, ...settings } = parsed.data;
      const content = await draftContent(template, form, intent);
      if (typeof content !== "string") return answer(400, { toast: errorToast(content.message, CREATE_FAILURE) });
      const draft: SeasonDraft = { ...settings, content, defaultTimeZone: config.APP_TIMEZONE };
      // A template's text is read on the server every time; an upload's travels with the preview.
      const carried = isTemplateKey(template) ? null : content;
      if (intent === "preview") {
        const result = await previewSeason(db, draft);
        if (!result.ok) {
          return answer<SeasonsMore>(400, { toast: errorToast(`${problemsHeadline(result.problems)}; no se creó nada.`, CREATE_FAILURE), problems: result.problems });
        }
        return answer<SeasonsMore>(200, { toast: successToast(`${result.preview.plan.matches.length} partidos en ${result.preview.plan.phases.length} fases`, "Vista previa lista"), preview: previewView(result.preview, carried) });
      }
      const created = await createSeason(db, draft, String(form.get("fingerprint") ?? ""));
      if (!created.ok && created.reason === "stale") return answer(409, { toast: errorToast(SEASON_MESSAGES.stale, CREATE_FAILURE) });
      if (!created.ok) {
        return answer<SeasonsMore>(400, { toast: errorToast("El archivo tiene problemas; no se creó nada.", CREATE_FAILURE), problems: created.problems });
      }
      return answer(200, { toast: successToast(`«${settings.name}» quedó como Próxima: hazla actual cuando empiece`, "Temporada creada") });
    });
  }

  return runAction<SeasonsMore>(FAILURE, async () => {
    const parsed = parseForm(seasonActionSchema, form, SEASON_MESSAGES.unknownIntent);
    if (!parsed.ok) return answer(400, { toast: errorToast(parsed.message) });
    const { intent: move, seasonId } = parsed.data;
    const done =
      move === "make-current" ? await makeCurrent(db, seasonId) : await setFinished(db, seasonId, move === "finish");
    if (!done.ok) return answer(400, { toast: errorToast(`${FAILURE}. ${refusalMessage(done, SEASON_MESSAGES.noSeason)}.`) });
    await live.publish("resultados");
    const message = {
      "make-current": [`«${done.name}» es la temporada actual`, "Temporada actual"],
      finish: [`«${done.name}» quedó terminada: solo se puede consultar`, "Temporada terminada"],
      reopen: [`«${done.name}» se puede modificar de nuevo`, "Temporada reabierta"],
    }[move];
    return answer(200, { toast: successToast(message[0]!, message[1]) });
  });
}

/** The draft's file: a bundled template's text, the uploaded file's, or the preview's carried copy. */
async function draftContent(template: string, form: FormData, intent: string): Promise<string | { message: string }> {
  if (isTemplateKey(template)) return templateText(template);
  if (template !== FROM_FILE) return { message: SEASON_MESSAGES.noTemplate };
  if (intent === "create") {
    // Back from the preview's hidden field, which the browser sends with CRLF line breaks.
    const carried = form.get("contenido");
    return typeof carried === "string" && carried !== "" ? normalizeFileText(carried) : { message: SEASON_MESSAGES.stale };
  }
  const file = form.get("archivo");
  if (!(file instanceof File) || file.size === 0) return { message: SEASON_MESSAGES.noFile };
  if (file.size > SEASON_FILE_MAX_BYTES) return { message: "El archivo pesa más de 1 MB" };
  const text = normalizeFileText(await file.text());
  // Line breaks and tabs are a file's own; other control characters are not text.
  return hasControlCharacters(text.replace(/[\n\t]/g, " ")) ? { message: "El archivo no es texto" } : text;
}

type LoaderData = Route.ComponentProps["loaderData"];

function SeasonActions({ season, current }: { season: LoaderData["seasons"][number]; current: LoaderData["seasons"][number] | undefined }) {
  const fetcher = useFetcher<ActionAnswer>();
  useToast(fetcher.data?.toast);
  const busy = fetcher.state !== "idle";
  const submit = (intent: string) => void fetcher.submit({ intent, seasonId: String(season.id) }, { method: "post" });
  const finish = () =>
    confirm({
      title: "Terminar temporada",
      children: (
        <Text size="sm">
          «{season.name}» quedará de solo lectura: sus resultados y pronósticos no se podrán cambiar hasta que la reabras. Su
          tabla queda en el histórico.
        </Text>
      ),
      onConfirm: () => submit("finish"),
    });
  const makeCurrent = () =>
    confirm({
      title: "Hacer actual",
      children: (
        <Text size="sm">
          «{season.name}» será la temporada actual: el inicio y los pronósticos mostrarán solo ella.
          {current && !current.finished && (
            <>
              {" "}
              «{current.name}» no está terminada: el histórico suma las temporadas terminadas y la actual, así que sus puntos
              dejarán de contar ahí hasta que la termines.
            </>
          )}
        </Text>
      ),
      onConfirm: () => submit("make-current"),
    });
  return (
    <span className={`${t.actions} ${classes.moves}`}>
      {!season.isCurrent && (
        <Button type="button" size="compact" variant="light" onClick={makeCurrent} disabled={busy}>
          Hacer actual
        </Button>
      )}
      {season.finished ? (
        <Button type="button" size="compact" variant="default" onClick={() => submit("reopen")} disabled={busy}>
          Reabrir
        </Button>
      ) : (
        <Button type="button" size="compact" variant="danger" onClick={finish} disabled={busy}>
          Terminar temporada
        </Button>
      )}
    </span>
  );
}

function StatusBadges({ season }: { season: LoaderData["seasons"][number] }) {
  return (
    <BadgeGroup>
      {season.isCurrent && <Badge tone="teal">Actual</Badge>}
      {(!season.isCurrent || season.finished) && (
        <Badge tone={season.finished ? "gray" : season.status === "Próxima" ? "blue" : "green"}>
          {season.status}
        </Badge>
      )}
    </BadgeGroup>
  );
}

function SeasonsTable({ seasons }: { seasons: LoaderData["seasons"] }) {
  const current = seasons.find((season) => season.isCurrent);
  return (
    <Panel padding={6} paddingFromSm="md">
      <TableScroll>
        <Table hover className={t.table} aria-label="Temporadas">
          <thead>
            <tr>
              <th>Temporada</th>
              <th className={t.desktop}>Competición</th>
              <th className={t.desktop}>Estado</th>
              <th className={`${t.desktop} ${t.right}`}>Partidos</th>
              <th className={`${t.desktop} ${t.right}`}>Jugadores</th>
              <th className={t.right}>Acciones</th>
            </tr>
          </thead>
          <tbody>
            {seasons.map((season) => (
              <tr key={season.id} aria-label={season.name}>
                <td>
                  <span className={t.strong}>{season.name}</span>
                  <span className={t.mobile} style={{ margin: "4px 0" }}>
                    <StatusBadges season={season} />
                  </span>
                  <span className={t.dimmed}>{season.rules}</span>
                  <span className={`${t.dimmed} ${t.mobile}`}>
                    {`${season.competition} · ${season.matches} partidos · ${season.players} jugadores`}
                  </span>
                </td>
                <td className={t.desktop}>{season.competition}</td>
                <td className={t.desktop}>
                  <StatusBadges season={season} />
                </td>
                <td className={`${t.desktop} ${t.right}`}>{season.matches}</td>
                <td className={`${t.desktop} ${t.right}`}>{season.players}</td>
                <td className={t.right}>
                  <SeasonActions season={season} current={current} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
    </Panel>
  );
}

/** The form of 'Nueva Temporada': its template or file, name, kickoff times and rules, then 'Revisar'. */
function NewSeasonForm({ templates, answer: result }: { templates: LoaderData["templates"]; answer: ActionAnswer<SeasonsMore> | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [template, setTemplate] = useState(templates.at(-1)?.key ?? FROM_FILE);
  const chosen = templates.find((item) => item.key === template);
  const [name, setName] = useState(chosen?.name ?? "");
  const [withKickoffs, setWithKickoffs] = useState(chosen ? !chosen.past : false);
  const [twoLegs, setTwoLegs] = useState(chosen?.twoLegs ?? true);
  const choose = (key: string) => {
    setTemplate(key);
    const next = templates.find((item) => item.key === key);
    if (next) {
      setName(next.name);
      setWithKickoffs(!next.past);
      setTwoLegs(next.twoLegs);
    }
  };
  return (
    <Panel padding="sm" paddingFromSm="lg">
      <Form method="post" encType="multipart/form-data" noValidate>
        <input type="hidden" name="intent" value="preview" />
        <Stack gap="md">
          <Title order={2} fz="lg">
            Nueva Temporada
          </Title>
          <div className={t.formGrid}>
            <SelectField
              label="Plantilla"
              name="plantilla"
              value={template}
              onChange={(event) => choose(event.currentTarget.value)}
              options={[
                ...templates.map((item) => ({ value: item.key, label: item.name })),
                { value: FROM_FILE, label: "Desde un archivo" },
              ]}
            />
            <TextField
              label="Nombre de la temporada"
              name="nombre"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={80}
              required
            />
            {template === FROM_FILE && (
              <>
                <TextField
                  label="Archivo"
                  name="archivo"
                  type="file"
                  accept=".json,.csv,application/json,text/csv"
                  description="JSON de temporada, football.json / worldcup.json de openfootball, o CSV jornada,local,visitante,fecha[,grupo] (hasta 1 MB)"
                />
                <TextField label="Competición" name="competicion" description="Vacío: la del archivo (o Liga MX)" maxLength={80} />
              </>
            )}
          </div>
          <CheckboxField
            label="Con horarios"
            name="conHorarios"
            checked={withKickoffs}
            onChange={(event) => setWithKickoffs(event.currentTarget.checked)}
            description="Conserva los horarios del archivo. Déjalo apagado para una temporada ya jugada: un horario pasado cierra el partido."
          />
          <fieldset className={classes.rules}>
            <legend>Reglas (fijas desde el primer resultado)</legend>
            <div className={t.formGrid}>
              <TextField label="Puntos por marcador exacto" name="puntosExacto" type="number" min={1} max={99} defaultValue={RULE_DEFAULTS.puntosExacto} />
              <TextField label="Puntos por acertar el resultado" name="puntosResultado" type="number" min={1} max={99} defaultValue={RULE_DEFAULTS.puntosResultado} />
              <SelectField
                label="Marcador que cuenta en eliminatorias"
                name="marcadorEliminatoria"
                defaultValue={RULE_DEFAULTS.marcadorEliminatoria}
                options={Object.entries(KNOCKOUT_SCORE_LABELS).map(([value, label]) => ({ value, label }))}
              />
            </div>
            <CheckboxField
              label="Bono de ida y vuelta"
              name="bonoIdaVuelta"
              checked={twoLegs}
              onChange={(event) => setTwoLegs(event.currentTarget.checked)}
              description="2 puntos por acertar el total de goles de una eliminatoria de dos partidos"
            />
            <CheckboxField label="Pronósticos editables hasta el cierre" name="editables" description="Apagado: una vez guardado, un pronóstico es definitivo" />
          </fieldset>
          <Group>
            <Button type="submit" disabled={busy} busy={busy && !navigation.formData?.get("crear")}>
              Revisar
            </Button>
          </Group>
        </Stack>
        {result?.preview && (
          <Preview preview={result.preview} busy={busy} />
        )}
      </Form>
    </Panel>
  );
}

/**
 * The preview: phases, teams (new ones marked, with the badges they will get) and matches, then
 * 'Crear Temporada', which sends the same form again with intent=create.
 */
function Preview({ preview, busy }: { preview: PreviewView; busy: boolean }) {
  const newTeams = preview.teams.filter((team) => team.isNew).length;
  return (
    <section className={classes.preview} aria-labelledby="vista-previa">
      <Title order={2} fz="lg" id="vista-previa">
        {`Vista previa: ${preview.name}`}
      </Title>
      <Text size="sm" c="dimmed">
        {`${preview.competition} · ${preview.phases.length} fases · ${preview.teams.length} equipos${newTeams > 0 ? ` (${newTeams} nuevos)` : ""} · ${preview.matches.length} partidos. Se crea como Próxima, sin resultados y con todos los partidos inactivos.`}
      </Text>
      <h3 className={classes.subtitle}>Fases</h3>
      <ul className={classes.chips}>
        {preview.phases.map((phase) => (
          <li key={phase.name}>{`${phase.name} (${phase.matches})`}</li>
        ))}
      </ul>
      <h3 className={classes.subtitle}>Equipos</h3>
      <ul className={classes.teams} aria-label="Equipos de la temporada">
        {preview.teams.map((team) => (
          <li key={team.name}>
            <img src={team.badge} alt="" width={24} height={24} />
            <span>{team.name}</span>
            {team.isNew && <Badge tone="blue">Nuevo</Badge>}
          </li>
        ))}
      </ul>
      <h3 className={classes.subtitle}>Partidos</h3>
      {/* Scrolls within the page: focusable, so the keyboard can scroll it too. */}
      <TableScroll className={classes.matches} role="region" aria-label="Partidos (desplazable)" tabIndex={0}>
        <Table hover className={t.table} aria-label="Partidos de la temporada">
          <thead>
            <tr>
              <th>Fase</th>
              <th>Local</th>
              <th>Visitante</th>
              <th className={t.desktop}>Fecha</th>
            </tr>
          </thead>
          <tbody>
            {preview.matches.map((match, index) => (
              <tr key={index}>
                <td>{match.group ? `${match.phase} · ${match.group}` : match.phase}</td>
                <td>{match.home}</td>
                <td>{match.away}</td>
                <td className={t.desktop}>{match.kickoff ?? "Sin horario"}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
      <input type="hidden" name="fingerprint" value={preview.fingerprint} />
      {preview.content !== null && <textarea name="contenido" value={preview.content} readOnly hidden />}
      <Group justify="flex-end">
        <Button variant="success" type="submit" name="crear" value="1" disabled={busy}>
          Crear Temporada
        </Button>
      </Group>
    </section>
  );
}

export default function AdminSeasons({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  const [open, setOpen] = useState(false);
  // 'Crear Temporada' done: the form closes (the new season is in the table, as 'Próxima').
  const [handled, setHandled] = useState(actionData);
  if (actionData !== handled) {
    setHandled(actionData);
    if (actionData?.ok && !actionData.preview) setOpen(false);
  }
  const showForm = open || Boolean(actionData?.preview || actionData?.problems);
  return (
    <Page
      title="Temporadas"
      description="Una temporada es actual: la de la página de inicio. Las terminadas quedan de solo lectura y en el histórico."
      action={
        !showForm && (
          <Button onClick={() => setOpen(true)}>
            Nueva Temporada
          </Button>
        )
      }
    >
      <SeasonsTable seasons={loaderData.seasons} />
      {showForm && <NewSeasonForm templates={loaderData.templates} answer={actionData} />}
      {actionData?.problems && (
        <Alert color="red" variant="light" title="El archivo tiene problemas; no se creó nada">
          <List size="sm" spacing={2}>
            {actionData.problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Page>
  );
}
