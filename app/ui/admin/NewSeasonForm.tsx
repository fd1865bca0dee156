import { Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Form, useNavigation } from "react-router";

import { FROM_FILE, RULE_DEFAULTS } from "#app/domain/forms/season-texts";
import { KNOCKOUT_SCORE_LABELS } from "#app/domain/game/season-rules";
import { countOf } from "#app/domain/plural";
import { adminTable as t } from "#app/ui/admin/AdminCells";
import { Badge } from "#app/ui/primitives/Badge";
import { Button } from "#app/ui/primitives/Button";
import { CheckboxField } from "#app/ui/primitives/Checkbox";
import { SelectField, TextField } from "#app/ui/primitives/Field";
import { Panel } from "#app/ui/primitives/Panel";
import { Table, TableScroll } from "#app/ui/primitives/Table";

import classes from "./NewSeasonForm.module.css";

/** 'Nueva Temporada' (routes/admin/temporadas.tsx): its form, and its preview once reviewed. */

/** A bundled season to start from, as the screen's loader gives it. */
export interface SeasonTemplate {
  key: string;
  name: string;
  /** Already played: its kickoff times are history ('Con horarios' starts off). */
  past: boolean;
  /** Its competition plays two-leg ties (Liga MX): 'Bono de ida y vuelta' starts on. */
  twoLegs: boolean;
}

/**
 * The template chosen, and the fields it fills: its name, whether its kickoff times are kept (not
 * for a season already played) and its two-leg bonus (Liga MX's). Each stays editable.
 *
 * 'Con horarios' is the server's to decide until the admin touches it (`kickoffsAuto`): kept when
 * the file's kickoffs are still ahead. A template's answer is known here; a file's comes with
 * its preview, which then sets the box.
 */
function useTemplateChoice(templates: SeasonTemplate[], preview: PreviewView | undefined) {
  const [template, setTemplate] = useState(templates.at(-1)?.key ?? FROM_FILE);
  const chosen = templates.find((item) => item.key === template);
  const [name, setName] = useState(chosen?.name ?? "");
  const [withKickoffs, setKickoffs] = useState(preview?.withKickoffs ?? (chosen ? !chosen.past : false));
  const [kickoffsAuto, setKickoffsAuto] = useState(true);
  const [twoLegs, setTwoLegs] = useState(chosen?.twoLegs ?? true);
  const [seenPreview, setSeenPreview] = useState(preview);
  if (preview !== seenPreview) {
    setSeenPreview(preview);
    if (preview && kickoffsAuto) setKickoffs(preview.withKickoffs);
  }
  const choose = (key: string) => {
    setTemplate(key);
    setKickoffsAuto(true);
    const next = templates.find((item) => item.key === key);
    setKickoffs(next ? !next.past : false);
    if (next) {
      setName(next.name);
      setTwoLegs(next.twoLegs);
    }
  };
  const setWithKickoffs = (on: boolean) => {
    setKickoffs(on);
    setKickoffsAuto(false);
  };
  return { template, choose, name, setName, withKickoffs, setWithKickoffs, kickoffsAuto, twoLegs, setTwoLegs };
}

type Choice = ReturnType<typeof useTemplateChoice>;

/** Where the season comes from: a template or a file (with its competition), and its name. */
function SourceFields({ templates, choice }: { templates: SeasonTemplate[]; choice: Choice }) {
  return (
    <div className={t.formGrid}>
      <SelectField
        label="Plantilla"
        name="plantilla"
        value={choice.template}
        onChange={(event) => choice.choose(event.currentTarget.value)}
        options={[
          ...templates.map((item) => ({ value: item.key, label: item.name })),
          { value: FROM_FILE, label: "Desde un archivo" },
        ]}
      />
      <TextField
        label="Nombre de la temporada"
        name="nombre"
        value={choice.name}
        onChange={(event) => choice.setName(event.currentTarget.value)}
        maxLength={80}
        required
      />
      {choice.template === FROM_FILE && (
        <>
          <TextField
            label="Archivo"
            name="archivo"
            type="file"
            accept=".json,.csv,application/json,text/csv"
            description="JSON de temporada, football.json / worldcup.json de openfootball, o CSV jornada,local,visitante,fecha[,grupo] (hasta 1 MB)"
          />
          <TextField
            label="Competición"
            name="competicion"
            description="Vacío: la del archivo (o Liga MX)"
            maxLength={80}
          />
        </>
      )}
    </div>
  );
}

/** The season's rules, fixed from its first result on. */
function RulesFields({ choice }: { choice: Choice }) {
  return (
    <fieldset className={classes.rules}>
      <legend>Reglas (fijas desde el primer resultado)</legend>
      <div className={t.formGrid}>
        <TextField
          label="Puntos por marcador exacto"
          name="puntosExacto"
          type="number"
          min={1}
          max={99}
          defaultValue={RULE_DEFAULTS.puntosExacto}
        />
        <TextField
          label="Puntos por acertar el resultado"
          name="puntosResultado"
          type="number"
          min={1}
          max={99}
          defaultValue={RULE_DEFAULTS.puntosResultado}
        />
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
        checked={choice.twoLegs}
        onChange={(event) => choice.setTwoLegs(event.currentTarget.checked)}
        description="2 puntos por acertar el total de goles de una eliminatoria de dos partidos"
      />
      <CheckboxField
        label="Pronósticos editables hasta el cierre"
        name="editables"
        defaultChecked={RULE_DEFAULTS.editables}
        description="Apagado: una vez guardado, un pronóstico es definitivo"
      />
    </fieldset>
  );
}

/** The form of 'Nueva Temporada': its template or file, name, kickoff times and rules, then 'Revisar'. */
export function NewSeasonForm({
  templates,
  preview,
}: {
  templates: SeasonTemplate[];
  preview: PreviewView | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const choice = useTemplateChoice(templates, preview);
  return (
    <Panel padding="sm" paddingFromSm="lg">
      <Form method="post" encType="multipart/form-data" noValidate>
        <input type="hidden" name="intent" value="preview" />
        <Stack gap="md">
          <Title order={2} fz="lg">
            Nueva Temporada
          </Title>
          <SourceFields templates={templates} choice={choice} />
          <CheckboxField
            label="Con horarios"
            name="conHorarios"
            checked={choice.withKickoffs}
            onChange={(event) => choice.setWithKickoffs(event.currentTarget.checked)}
            description="Conserva los horarios del archivo: encendido si sus partidos aún no se juegan (el de un archivo, al revisarlo). Un horario pasado cierra el partido."
          />
          {choice.kickoffsAuto && <input type="hidden" name="conHorariosAuto" value="1" />}
          <RulesFields choice={choice} />
          <Group>
            <Button type="submit" disabled={busy} busy={busy && !navigation.formData?.get("crear")}>
              Revisar
            </Button>
          </Group>
        </Stack>
        {preview && <Preview preview={preview} busy={busy} />}
      </Form>
    </Panel>
  );
}

/** The preview as the page shows it: phases with their match counts, teams with badges, matches. */
export interface PreviewView {
  name: string;
  competition: string;
  fingerprint: string;
  /** 'Con horarios' as chosen, or as the server decided from the file's kickoffs. */
  withKickoffs: boolean;
  /** The file's text for 'Crear Temporada' (a template's is read again on the server). */
  content: string | null;
  phases: { name: string; matches: number }[];
  teams: { name: string; short: string; isNew: boolean; badge: string }[];
  matches: { phase: string; group: string | null; home: string; away: string; kickoff: string | null }[];
}

function PreviewTeams({ teams }: { teams: PreviewView["teams"] }) {
  return (
    <ul className={classes.teams} aria-label="Equipos de la temporada">
      {teams.map((team) => (
        <li key={team.name}>
          <img src={team.badge} alt="" width={24} height={24} />
          <span>{team.name}</span>
          {team.isNew && <Badge tone="blue">Nuevo</Badge>}
        </li>
      ))}
    </ul>
  );
}

function PreviewMatches({ matches }: { matches: PreviewView["matches"] }) {
  return (
    // Scrolls within the page: focusable, so the keyboard can scroll it too.
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
          {matches.map((match, index) => (
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
  );
}

/**
 * The preview: phases, teams (new ones marked, with the badges they will get) and matches, then
 * 'Crear Temporada', which sends the same form again with intent=create.
 */
export function Preview({ preview, busy }: { preview: PreviewView; busy: boolean }) {
  const newTeams = preview.teams.filter((team) => team.isNew).length;
  return (
    <section className={classes.preview} aria-labelledby="vista-previa">
      <Title order={2} fz="lg" id="vista-previa">
        {`Vista previa: ${preview.name}`}
      </Title>
      <Text size="sm" c="dimmed">
        {`${preview.competition} · ${countOf(preview.phases.length, "fase", "fases")} · ${countOf(preview.teams.length, "equipo", "equipos")}${newTeams > 0 ? ` (${countOf(newTeams, "nuevo", "nuevos")})` : ""} · ${countOf(preview.matches.length, "partido", "partidos")}. Se crea como Próxima, sin resultados y con todos los partidos inactivos, ${preview.withKickoffs ? "con los horarios del archivo" : "sin horarios (Fecha por confirmar)"}.`}
      </Text>
      <h3 className={classes.subtitle}>Fases</h3>
      <ul className={classes.chips}>
        {preview.phases.map((phase) => (
          <li key={phase.name}>{`${phase.name} (${phase.matches})`}</li>
        ))}
      </ul>
      <h3 className={classes.subtitle}>Equipos</h3>
      <PreviewTeams teams={preview.teams} />
      <h3 className={classes.subtitle}>Partidos</h3>
      <PreviewMatches matches={preview.matches} />
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
