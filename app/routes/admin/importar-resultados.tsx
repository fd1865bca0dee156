import { Alert, Code, Group, List, Stack, Text, Title } from "@mantine/core";
import { Form, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import { applyResultsFile, previewResultsFile } from "#app/data/results/results-file.server";
import { finishedMessage } from "#app/data/seasons/current-season.server";
import { formatKickoff, timeZoneHint } from "#app/domain/dates";
import { parseForm } from "#app/domain/forms/form";
import { normalizeFileText } from "#app/domain/forms/input";
import { problemsHeadline } from "#app/domain/files/problems";
import {
  CHANGE_KINDS,
  type ChangeKind,
  CSV_COLUMNS,
  describeCounts,
  type PlanItem,
  RESULTS_FILE_MAX_BYTES,
} from "#app/domain/files/results-file";
import type { Score } from "#app/domain/game/scoring";
import { answer, runAction } from "#app/http/action-answer.server";
import { servicesOf } from "#app/http/context";
import { readFormWithinLimit } from "#app/http/form.server";
import { shownSeason } from "#app/http/season.server";
import { AdminSeasonSelect } from "#app/ui/admin/AdminSeasonSelect";
import { Page } from "#app/ui/layout/Page";
import { Badge, type BadgeTone } from "#app/ui/primitives/Badge";
import { Button } from "#app/ui/primitives/Button";
import { TextField } from "#app/ui/primitives/Field";
import { Panel } from "#app/ui/primitives/Panel";
import { Table, TableScroll } from "#app/ui/primitives/Table";
import { errorToast, successToast } from "#app/ui/feedback/Toasts";
import { showToast, useToast } from "#app/ui/feedback/Toasts";
import type { Route } from "./+types/importar-resultados";

export const meta: Route.MetaFunction = () => [{ title: "Importar Resultados · Quiniela" }];

const FAILURE = "No se pudo importar el archivo";
const TOO_BIG = "El archivo pesa más de 1 MB";
const STALE = "Los partidos cambiaron desde la vista previa; revisa el archivo de nuevo";

/** One row of the preview, as the table shows it (text built on the server, in the season's zone). */
interface PreviewRow {
  row: number;
  phase: string;
  home: string;
  away: string;
  changes: PreviewChange[];
}

interface PreviewChange {
  kind: ChangeKind;
  detail: string;
}

interface Preview {
  counts: Record<ChangeKind, number>;
  rows: PreviewRow[];
  changes: boolean;
  fingerprint: string;
  content: string;
}

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
    return [{ kind: "Partido nuevo", detail: `inactivo · ${when(item.after.kickoffAt)} · ${score(item.after.result)}` }];
  }
  return item.kinds.map((kind) => {
    if (kind === "Resultado nuevo") return { kind, detail: score(item.after.result) };
    if (kind === "Resultado cambia") return { kind, detail: `${score(item.before!.result)} → ${score(item.after.result)}` };
    if (kind === "Fecha cambia") return { kind, detail: `${when(item.before!.kickoffAt)} → ${when(item.after.kickoffAt)}` };
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
    if (byteLength(fields.data.content) > RESULTS_FILE_MAX_BYTES) return answer(413, { toast: errorToast(TOO_BIG, FAILURE) });
    const outcome = await applyResultsFile(db, normalizeFileText(fields.data.content), fields.data.fingerprint, season);
    if (!outcome.ok && outcome.reason === "stale") return answer(409, { toast: errorToast(STALE, FAILURE) });
    if (!outcome.ok && outcome.reason === "finished") {
      return answer(409, { toast: errorToast(finishedMessage(outcome.seasonName), FAILURE) });
    }
    if (!outcome.ok) {
      return answer(400, { toast: errorToast("El archivo tiene problemas; no se aplicó nada.", FAILURE), problems: outcome.errors });
    }
    if (!outcome.changed) {
      return answer(200, { toast: { type: "info", title: "Sin cambios", message: "El archivo no cambia ningún partido" } });
    }
    await live.publish("resultados");
    const applied = describeCounts(outcome.plan.counts);
    return answer(200, { toast: successToast(applied, "Resultados importados"), applied });
  });
}

const KIND_COLORS: Record<ChangeKind, BadgeTone> = {
  "Partido nuevo": "grape",
  "Resultado nuevo": "green",
  "Resultado cambia": "orange",
  "Fecha cambia": "blue",
  "Sin cambios": "gray",
};

function Changes({ changes }: { changes: PreviewChange[] }) {
  return (
    <Stack gap={4}>
      {changes.map((change) => (
        <Group key={change.kind} gap={6} wrap="nowrap" align="flex-start">
          <Badge tone={KIND_COLORS[change.kind]} style={{ flex: "none", marginTop: 3 }}>
            {change.kind}
          </Badge>
          {change.detail && <Text size="sm">{change.detail}</Text>}
        </Group>
      ))}
    </Stack>
  );
}

/** Wide screens: one table row per file row. */
function PreviewTable({ rows }: { rows: PreviewRow[] }) {
  return (
    <TableScroll className="mantine-visible-from-sm">
      <Table striped style={{ minWidth: 640 }} aria-label="Cambios del archivo">
        <thead>
          <tr>
            <th>Fila</th>
            <th>Jornada</th>
            <th>Local</th>
            <th>Visitante</th>
            <th>Cambios</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.row} aria-label={`${row.home} vs ${row.away}`}>
              <td style={{ color: "var(--mantine-color-dimmed)" }}>{row.row}</td>
              <td style={{ whiteSpace: "nowrap" }}>{row.phase}</td>
              <td style={{ fontWeight: 600 }}>{row.home}</td>
              <td style={{ fontWeight: 600 }}>{row.away}</td>
              <td>
                <Changes changes={row.changes} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}

/** Phones: a list of small cards, so that no column hides off screen. */
function PreviewCards({ rows }: { rows: PreviewRow[] }) {
  return (
    <Stack gap="xs" hiddenFrom="sm" role="list" aria-label="Cambios del archivo">
      {rows.map((row) => (
        <Panel flat key={row.row} radius="md" padding="xs" role="listitem" aria-label={`${row.home} vs ${row.away}`}>
          <Text size="xs" c="dimmed">{`Fila ${row.row} · ${row.phase}`}</Text>
          <Text fw={600} size="sm" mb={4}>{`${row.home} vs ${row.away}`}</Text>
          <Changes changes={row.changes} />
        </Panel>
      ))}
    </Stack>
  );
}

export default function ImportResults({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  useToast(result?.toast);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const intent = navigation.formData?.get("intent");
  const preview = result?.preview;

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
      <Panel padding="sm" paddingFromSm="lg">
        <Form method="post" encType="multipart/form-data">
          <input type="hidden" name="intent" value="preview" />
          <Stack gap="sm">
            <TextField
              label="Archivo de resultados"
              description="JSON de la temporada o CSV, hasta 1 MB"
              type="file"
              name="archivo"
              accept=".json,.csv,application/json,text/csv"
              required
              onChange={checkSize}
            />
            <Text size="sm" c="dimmed">
              CSV con el encabezado <Code style={{ wordBreak: "break-all" }}>{CSV_COLUMNS.join(",")}</Code> (coma o punto y coma). La jornada es su nombre
              («Jornada 3», «Cuartos Ida») o solo el número; la fecha, <Code>AAAA-MM-DD HH:mm</Code> en {loaderData.timeZoneHint};
              goles vacíos: sin resultado.
            </Text>
            <Group>
              <Button type="submit" disabled={busy} busy={busy && intent === "preview"}>
                Revisar
              </Button>
            </Group>
          </Stack>
        </Form>
      </Panel>

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

      {preview && (
        <Panel padding="sm" paddingFromSm="lg">
          <Stack gap="md">
            <Title order={2} size="h3">
              Vista previa
            </Title>
            <Group gap="xs" aria-label="Resumen de cambios" role="list">
              {CHANGE_KINDS.map((kind) => (
                <Badge tone={KIND_COLORS[kind]} key={kind} role="listitem" asWritten>
                  {`${kind}: ${preview.counts[kind]}`}
                </Badge>
              ))}
            </Group>
            <PreviewTable rows={preview.rows} />
            <PreviewCards rows={preview.rows} />
            <Form method="post" encType="multipart/form-data">
              <input type="hidden" name="intent" value="apply" />
              <input type="hidden" name="fingerprint" value={preview.fingerprint} />
              <textarea name="content" value={preview.content} readOnly hidden />
              <Group justify="space-between" gap="sm">
                <Text size="sm" c="dimmed">
                  {preview.changes ? "Se aplica todo junto o nada." : "El archivo no cambia ningún partido."}
                </Text>
                <Button variant="success" type="submit" disabled={busy || !preview.changes} busy={busy && intent === "apply"}>
                  Aplicar cambios
                </Button>
              </Group>
            </Form>
          </Stack>
        </Panel>
      )}
    </Page>
  );
}
