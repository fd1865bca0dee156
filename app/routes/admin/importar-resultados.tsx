import { Alert, List } from "@mantine/core";
import { useActionData, useNavigation } from "react-router";
import { z } from "zod";

import { applyResultsFile, previewResultsFile } from "#app/data/results/results-file.server";
import { finishedMessage } from "#app/data/seasons/current-season.server";
import { formatKickoff, timeZoneHint } from "#app/domain/dates";
import { problemsHeadline } from "#app/domain/files/problems";
import { describeCounts, RESULTS_FILE_MAX_BYTES, type PlanItem } from "#app/domain/files/results-file";
import { parseForm } from "#app/domain/forms/form";
import { normalizeFileText } from "#app/domain/forms/input";
import type { Score } from "#app/domain/game/scoring";
import { answer, runAction } from "#app/http/action-answer.server";
import { servicesOf } from "#app/http/context";
import { readFormWithinLimit } from "#app/http/form.server";
import { adminActor } from "#app/http/guards.server";
import { shownSeason } from "#app/http/season.server";
import { AdminSeasonSelect } from "#app/ui/admin/AdminSeasonSelect";
import { PreviewPanel, UploadForm, type Preview, type PreviewChange } from "#app/ui/admin/ResultsImport";
import { errorToast, showToast, successToast, useToast } from "#app/ui/feedback/Toasts";
import { Page } from "#app/ui/layout/Page";

import type { Route } from "./+types/importar-resultados";

export const meta: Route.MetaFunction = () => [{ title: "Importar Resultados · Quiniela" }];

const FAILURE = "No se pudo importar el archivo";
const TOO_BIG = "El archivo pesa más de 1 MB";
const STALE = "Los partidos cambiaron desde la vista previa; revisa el archivo de nuevo";

/** What the screen shows besides the toast: the preview, the file's problems, or what was applied. */
type ImportMore = { preview: Preview; problems: string[]; applied: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  // The season of the screen: its dates are read in its time zone.
  const season = await shownSeason(servicesOf(context).db, request);
  return { maxBytes: RESULTS_FILE_MAX_BYTES, timeZoneHint: timeZoneHint(season.timeZone) };
}

// Made when the action runs: a schema built at the top of the module would keep Zod (a sizeable
// share of a first load) in the page's browser code, which has no action.
const applySchema = () =>
  z.object({
    intent: z.literal("apply", { error: "Acción desconocida" }),
    content: z.string({ error: "Vuelve a subir el archivo" }).min(1, "Vuelve a subir el archivo"),
    fingerprint: z.string({ error: "Vuelve a subir el archivo" }).regex(/^[0-9a-f]{64}$/, "Vuelve a subir el archivo"),
  });

function score(result: Score | null): string {
  return result ? `${result.home}–${result.away}` : "sin resultado";
}

/** What each change of the row does, beside its kind's badge. */
function describeItem(item: PlanItem, timeZone: string): PreviewChange[] {
  const when = (iso: string | null) => formatKickoff(iso, timeZone) ?? "sin fecha";
  if (item.matchId === null) {
    return [
      { kind: "Partido nuevo", detail: `inactivo · ${when(item.after.kickoffAt)} · ${score(item.after.result)}` },
    ];
  }
  return item.kinds.map((kind) => {
    if (kind === "Resultado nuevo") return { kind, detail: score(item.after.result) };
    if (kind === "Resultado cambia")
      return { kind, detail: `${score(item.before!.result)} → ${score(item.after.result)}` };
    if (kind === "Fecha cambia")
      return { kind, detail: `${when(item.before!.kickoffAt)} → ${when(item.after.kickoffAt)}` };
    return { kind, detail: "" };
  });
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

export async function action({ request, context }: Route.ActionArgs) {
  return runAction<ImportMore>(FAILURE, async () => {
    // The body is counted as it arrives (http/body-limit.ts: the file's 1 MB and the form around it).
    const form = await readFormWithinLimit(request);
    if (form === "too-large") return answer(413, { toast: errorToast(TOO_BIG, FAILURE) });
    const { db, live } = servicesOf(context);
    // The season of the screen (?temporada= in the URL the form posts to), else the current one.
    const season = await shownSeason(db, request);
    const timeZone = season.timeZone;
    // A finished season is read-only: nothing to preview either.
    if (season.finishedAt !== null) return answer(409, { toast: errorToast(finishedMessage(season.name), FAILURE) });

    if (form.get("intent") === "preview") {
      const file = form.get("archivo");
      if (!(file instanceof File) || file.size === 0) {
        return answer(400, { toast: errorToast("Selecciona un archivo de resultados", FAILURE) });
      }
      if (file.size > RESULTS_FILE_MAX_BYTES) return answer(413, { toast: errorToast(TOO_BIG, FAILURE) });
      const content = normalizeFileText(await file.text());
      const preview = await previewResultsFile(db, content, season);
      if (!preview.ok) {
        return answer(400, {
          toast: errorToast(`${problemsHeadline(preview.errors)} en el archivo; no se aplicó nada.`, FAILURE),
          problems: preview.errors,
        });
      }
      const { plan } = preview;
      return answer(200, {
        toast: successToast(`Vista previa lista: ${describeCounts(plan.counts)}`, "Archivo revisado"),
        preview: {
          counts: plan.counts,
          rows: plan.items.map((item) => ({
            row: item.row.row,
            phase: item.row.phaseName,
            home: item.row.home.name,
            away: item.row.away.name,
            changes: describeItem(item, timeZone),
          })),
          changes: plan.items.some((item) => !item.kinds.includes("Sin cambios")),
          fingerprint: preview.fingerprint,
          content,
        },
      });
    }

    const fields = parseForm(applySchema(), form, FAILURE);
    if (!fields.ok) return answer(400, { toast: errorToast(fields.message, FAILURE) });
    if (byteLength(fields.data.content) > RESULTS_FILE_MAX_BYTES)
      return answer(413, { toast: errorToast(TOO_BIG, FAILURE) });
    const outcome = await applyResultsFile(
      db,
      normalizeFileText(fields.data.content),
      fields.data.fingerprint,
      season,
      adminActor({ request, context }),
    );
    if (!outcome.ok && outcome.reason === "stale") return answer(409, { toast: errorToast(STALE, FAILURE) });
    if (!outcome.ok && outcome.reason === "finished") {
      return answer(409, { toast: errorToast(finishedMessage(outcome.seasonName), FAILURE) });
    }
    if (!outcome.ok) {
      return answer(400, {
        toast: errorToast("El archivo tiene problemas; no se aplicó nada.", FAILURE),
        problems: outcome.errors,
      });
    }
    if (!outcome.changed) {
      return answer(200, {
        toast: { type: "info", title: "Sin cambios", message: "El archivo no cambia ningún partido" },
      });
    }
    await live.publish("resultados");
    const applied = describeCounts(outcome.plan.counts);
    return answer(200, { toast: successToast(applied, "Resultados importados"), applied });
  });
}

export default function ImportResults({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  useToast(result?.toast);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const intent = navigation.formData?.get("intent");

  const checkSize = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (file && file.size > loaderData.maxBytes) {
      showToast(errorToast(TOO_BIG, FAILURE));
      event.currentTarget.value = "";
    }
  };

  return (
    <Page
      title="Importar Resultados"
      description="Crea partidos y captura resultados desde un archivo. Primero verás los cambios; nada se guarda hasta que los apliques."
    >
      <AdminSeasonSelect />
      <UploadForm
        timeZoneHint={loaderData.timeZoneHint}
        busy={busy}
        reviewing={busy && intent === "preview"}
        onFileChange={checkSize}
      />

      {result?.problems && (
        <Alert color="red" variant="light" title="El archivo tiene problemas; no se aplicó nada">
          <List size="sm" spacing={2}>
            {result.problems.map((error) => (
              <List.Item key={error}>{error}</List.Item>
            ))}
          </List>
        </Alert>
      )}

      {result?.applied && (
        <Alert color="green" variant="light" title="Cambios aplicados" role="status">
          {result.applied}. Los partidos nuevos quedan inactivos: actívalos en Gestionar Partidos.
        </Alert>
      )}

      {result?.preview && <PreviewPanel preview={result.preview} busy={busy} applying={busy && intent === "apply"} />}
    </Page>
  );
}
