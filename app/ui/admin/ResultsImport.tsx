import { Code, Group, Stack, Text, Title } from "@mantine/core";
import { Form } from "react-router";

import { CHANGE_KINDS, CSV_COLUMNS, type ChangeKind } from "#app/domain/files/results-file";
import { Badge, type BadgeTone } from "#app/ui/primitives/Badge";
import { Button } from "#app/ui/primitives/Button";
import { TextField } from "#app/ui/primitives/Field";
import { Panel } from "#app/ui/primitives/Panel";
import { Table, TableScroll } from "#app/ui/primitives/Table";

/** The pieces of 'Importar Resultados' (routes/admin/importar-resultados.tsx): the file's form and its preview. */

/** One row of the preview, as the table shows it (text built on the server, in the season's zone). */
export interface PreviewRow {
  row: number;
  phase: string;
  home: string;
  away: string;
  changes: PreviewChange[];
}

export interface PreviewChange {
  kind: ChangeKind;
  detail: string;
}

/** The file reviewed: how many changes of each kind, its rows, and what 'Aplicar cambios' sends back. */
export interface Preview {
  counts: Record<ChangeKind, number>;
  rows: PreviewRow[];
  changes: boolean;
  fingerprint: string;
  content: string;
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

/** The file to review ('Revisar'), with what it may hold in the season's time zone. */
export function UploadForm({
  timeZoneHint,
  busy,
  reviewing,
  onFileChange,
}: {
  timeZoneHint: string;
  busy: boolean;
  reviewing: boolean;
  onFileChange: (event: React.ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
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
            onChange={onFileChange}
          />
          <Text size="sm" c="dimmed">
            CSV con el encabezado <Code style={{ wordBreak: "break-all" }}>{CSV_COLUMNS.join(",")}</Code> (coma o punto
            y coma). La jornada es su nombre («Jornada 3», «Cuartos Ida») o solo el número; la fecha,{" "}
            <Code>AAAA-MM-DD HH:mm</Code> en {timeZoneHint}; goles vacíos: sin resultado.
          </Text>
          <Group>
            <Button type="submit" disabled={busy} busy={reviewing}>
              Revisar
            </Button>
          </Group>
        </Stack>
      </Form>
    </Panel>
  );
}

/** The preview: what each kind of change counts, row by row, then 'Aplicar cambios' (all or nothing). */
export function PreviewPanel({ preview, busy, applying }: { preview: Preview; busy: boolean; applying: boolean }) {
  return (
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
            <Button variant="success" type="submit" disabled={busy || !preview.changes} busy={applying}>
              Aplicar cambios
            </Button>
          </Group>
        </Form>
      </Stack>
    </Panel>
  );
}
