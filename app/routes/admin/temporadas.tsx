import { Alert, List } from "@mantine/core";
import { useState } from "react";

import type { Actor } from "#app/data/changes/change-log.server";
import { isTemplateKey, templateOptions, templateText } from "#app/data/seasons/bundled-seasons.server";
import { createSeason, previewSeason, type SeasonDraft, type SeasonPreview } from "#app/data/seasons/new-season.server";
import { listSeasons, makeCurrent, setFinished, type SeasonRow } from "#app/data/seasons/season-status.server";
import { badgeSvg } from "#app/domain/badges";
import { formatKickoff } from "#app/domain/dates";
import { problemsHeadline } from "#app/domain/files/problems";
import { SEASON_FILE_MAX_BYTES } from "#app/domain/files/season-file";
import { parseForm } from "#app/domain/forms/form";
import { hasControlCharacters, normalizeFileText } from "#app/domain/forms/input";
import { newSeasonSchema, seasonActionSchema } from "#app/domain/forms/season-forms";
import { FROM_FILE, SEASON_MESSAGES } from "#app/domain/forms/season-texts";
import { KNOCKOUT_SCORE_LABELS } from "#app/domain/game/season-rules";
import { countOf } from "#app/domain/plural";
import { answer, runAction, type Answer } from "#app/http/action-answer.server";
import { servicesOf, type Services } from "#app/http/context";
import { readFormWithinLimit } from "#app/http/form.server";
import { adminActor } from "#app/http/guards.server";
import { NewSeasonForm, type PreviewView } from "#app/ui/admin/NewSeasonForm";
import { SeasonsTable } from "#app/ui/admin/SeasonsTable";
import { errorToast, successToast, useToast } from "#app/ui/feedback/Toasts";
import { Page } from "#app/ui/layout/Page";
import { Button } from "#app/ui/primitives/Button";

import type { Route } from "./+types/temporadas";

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

const FAILURE = "No se pudo completar la acción";
const CREATE_FAILURE = "No se pudo crear la temporada";

function previewView(preview: SeasonPreview, content: string | null): PreviewView {
  const counts = new Map<string, number>();
  for (const match of preview.plan.matches) counts.set(match.phase, (counts.get(match.phase) ?? 0) + 1);
  return {
    name: preview.name,
    competition: preview.competition,
    fingerprint: preview.fingerprint,
    withKickoffs: preview.withKickoffs,
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

/** What 'Revisar' and 'Crear Temporada' send: the draft, the new season's name, and the file carried along. */
type DraftRead = { draft: SeasonDraft; name: string; carried: string | null } | { message: string };

async function readDraft(form: FormData, intent: "preview" | "create", defaultTimeZone: string): Promise<DraftRead> {
  const parsed = parseForm(newSeasonSchema, form, SEASON_MESSAGES.unknownIntent);
  if (!parsed.ok) return { message: parsed.message };
  const { template, ...settings } = parsed.data;
  const content = await draftContent(template, form, intent);
  if (typeof content !== "string") return content;
  // A template's text is read on the server every time; an upload's travels with the preview.
  const carried = isTemplateKey(template) ? null : content;
  return { draft: { ...settings, content, defaultTimeZone }, name: settings.name, carried };
}

type Handler = (form: FormData, services: Services, actor: Actor) => Promise<Answer<SeasonsMore>>;

/** 'Revisar': the file read and checked against the database, shown before anything is written. */
const previewNewSeason: Handler = async (form, { db, config }) => {
  const read = await readDraft(form, "preview", config.APP_TIMEZONE);
  if ("message" in read) return answer(400, { toast: errorToast(read.message, CREATE_FAILURE) });
  const result = await previewSeason(db, read.draft);
  if (!result.ok) {
    const headline = `${problemsHeadline(result.problems)}; no se creó nada.`;
    return answer(400, { toast: errorToast(headline, CREATE_FAILURE), problems: result.problems });
  }
  const { plan } = result.preview;
  return answer(200, {
    toast: successToast(
      `${countOf(plan.matches.length, "partido", "partidos")} en ${countOf(plan.phases.length, "fase", "fases")}`,
      "Vista previa lista",
    ),
    preview: previewView(result.preview, read.carried),
  });
};

/** 'Crear Temporada': the previewed file written, unless the database changed since the preview. */
const createNewSeason: Handler = async (form, { db, config }, actor) => {
  const read = await readDraft(form, "create", config.APP_TIMEZONE);
  if ("message" in read) return answer(400, { toast: errorToast(read.message, CREATE_FAILURE) });
  const created = await createSeason(db, read.draft, String(form.get("fingerprint") ?? ""), actor);
  if (!created.ok && created.reason === "stale")
    return answer(409, { toast: errorToast(SEASON_MESSAGES.stale, CREATE_FAILURE) });
  if (!created.ok) {
    return answer(400, {
      toast: errorToast("El archivo tiene problemas; no se creó nada.", CREATE_FAILURE),
      problems: created.problems,
    });
  }
  return answer(200, {
    toast: successToast(`«${read.name}» quedó como Próxima: hazla actual cuando empiece`, "Temporada creada"),
  });
};

const MOVED = {
  "make-current": (name: string) => successToast(`«${name}» es la temporada actual`, "Temporada actual"),
  finish: (name: string) => successToast(`«${name}» quedó terminada: solo se puede consultar`, "Temporada terminada"),
  reopen: (name: string) => successToast(`«${name}» se puede modificar de nuevo`, "Temporada reabierta"),
};

/** 'Hacer actual', 'Terminar temporada', 'Reabrir' (and any intent the screen does not send: refused). */
const moveSeason: Handler = async (form, { db, live }, actor) => {
  const parsed = parseForm(seasonActionSchema, form, SEASON_MESSAGES.unknownIntent);
  if (!parsed.ok) return answer(400, { toast: errorToast(parsed.message) });
  const { intent: move, seasonId } = parsed.data;
  const done =
    move === "make-current"
      ? await makeCurrent(db, seasonId, actor)
      : await setFinished(db, seasonId, move === "finish", actor);
  if (!done.ok) {
    const why = done.reason === "no-players" ? SEASON_MESSAGES.noPlayers : SEASON_MESSAGES.noSeason;
    return answer(400, { toast: errorToast(`${FAILURE}. ${why}.`) });
  }
  await live.publish("resultados");
  return answer(200, { toast: MOVED[move](done.name) });
};

/** Each intent's handler, and the failure its toast names should the unexpected happen. */
const INTENTS = new Map<string, { failure: string; handle: Handler }>([
  ["preview", { failure: CREATE_FAILURE, handle: previewNewSeason }],
  ["create", { failure: CREATE_FAILURE, handle: createNewSeason }],
]);
const SEASON_MOVE = { failure: FAILURE, handle: moveSeason };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormWithinLimit(request);
  if (form === "too-large")
    return answer<SeasonsMore>(413, { toast: errorToast("El archivo pesa más de 1 MB", CREATE_FAILURE) });
  // 'Crear Temporada' sends the preview's form again, with its own button's field.
  const intent = form.get("crear") ? "create" : String(form.get("intent") ?? "");
  const { failure, handle } = INTENTS.get(intent) ?? SEASON_MOVE;
  return runAction<SeasonsMore>(failure, () => handle(form, servicesOf(context), adminActor({ request, context })));
}

/** The draft's file: a bundled template's text, the uploaded file's, or the preview's carried copy. */
async function draftContent(template: string, form: FormData, intent: string): Promise<string | { message: string }> {
  if (isTemplateKey(template)) return templateText(template);
  if (template !== FROM_FILE) return { message: SEASON_MESSAGES.noTemplate };
  if (intent === "create") {
    // Back from the preview's hidden field, which the browser sends with CRLF line breaks.
    const carried = form.get("contenido");
    return typeof carried === "string" && carried !== ""
      ? normalizeFileText(carried)
      : { message: SEASON_MESSAGES.stale };
  }
  const file = form.get("archivo");
  if (!(file instanceof File) || file.size === 0) return { message: SEASON_MESSAGES.noFile };
  if (file.size > SEASON_FILE_MAX_BYTES) return { message: "El archivo pesa más de 1 MB" };
  const text = normalizeFileText(await file.text());
  // Line breaks and tabs are a file's own; other control characters are not text.
  return hasControlCharacters(text.replace(/[\n\t]/g, " ")) ? { message: "El archivo no es texto" } : text;
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
      action={!showForm && <Button onClick={() => setOpen(true)}>Nueva Temporada</Button>}
    >
      <SeasonsTable seasons={loaderData.seasons} />
      {showForm && <NewSeasonForm templates={loaderData.templates} preview={actionData?.preview} />}
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
