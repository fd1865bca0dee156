import { Group, Text, Title } from "@mantine/core";

import { adminTable as t } from "#app/ui/admin/AdminCells";
import { Badge } from "#app/ui/primitives/Badge";
import { Button } from "#app/ui/primitives/Button";
import { Table, TableScroll } from "#app/ui/primitives/Table";

import classes from "./temporadas.module.css";

/** The preview of 'Nueva Temporada' (routes/admin/temporadas.tsx), before anything is created. */

/** The preview as the page shows it: phases with their match counts, teams with badges, matches. */
export interface PreviewView {
  name: string;
  competition: string;
  fingerprint: string;
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
        {`${preview.competition} · ${preview.phases.length} fases · ${preview.teams.length} equipos${newTeams > 0 ? ` (${newTeams} nuevos)` : ""} · ${preview.matches.length} partidos. Se crea como Próxima, sin resultados y con todos los partidos inactivos.`}
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
