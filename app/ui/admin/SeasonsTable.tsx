import { Text } from "@mantine/core";
import { useFetcher } from "react-router";

import { SEASON_MESSAGES } from "#app/domain/forms/season-texts";
import { countOf } from "#app/domain/plural";
import { adminTable as t } from "#app/ui/admin/AdminCells";
import type { ActionAnswer } from "#app/ui/feedback/action-answer";
import { confirm } from "#app/ui/feedback/Confirm";
import { useToast } from "#app/ui/feedback/Toasts";
import { Badge, BadgeGroup } from "#app/ui/primitives/Badge";
import { Button } from "#app/ui/primitives/Button";
import { Panel } from "#app/ui/primitives/Panel";
import { Table, TableScroll } from "#app/ui/primitives/Table";

import classes from "./SeasonsTable.module.css";

/** The table of 'Temporadas' (routes/admin/temporadas.tsx): every season, its state and its moves. */

/** A season as the table shows it (the screen's loader words it). */
export interface SeasonTableRow {
  id: number;
  name: string;
  competition: string;
  isCurrent: boolean;
  finished: boolean;
  /** 'Terminada', 'En juego' or 'Próxima'. */
  status: string;
  matches: number;
  players: number;
  /** The season's rules in words. */
  rules: string;
}

/** 'Terminar temporada' and 'Hacer actual' say what they change first. */
function FinishText({ season }: { season: SeasonTableRow }) {
  return (
    <Text size="sm">
      «{season.name}» quedará de solo lectura: sus resultados y pronósticos no se podrán cambiar hasta que la reabras.
      Su tabla queda en el histórico.
    </Text>
  );
}

function MakeCurrentText({ season, current }: { season: SeasonTableRow; current: SeasonTableRow | undefined }) {
  return (
    <Text size="sm">
      «{season.name}» será la temporada actual: el inicio y los pronósticos mostrarán solo ella.
      {current && !current.finished && (
        <>
          {" "}
          «{current.name}» no está terminada: el histórico suma las temporadas terminadas y la actual, así que sus
          puntos dejarán de contar ahí hasta que la termines.
        </>
      )}
    </Text>
  );
}

function SeasonActions({ season, current }: { season: SeasonTableRow; current: SeasonTableRow | undefined }) {
  const fetcher = useFetcher<ActionAnswer>();
  useToast(fetcher.data?.toast);
  const busy = fetcher.state !== "idle";
  const submit = (intent: string) => void fetcher.submit({ intent, seasonId: String(season.id) }, { method: "post" });
  const finish = () =>
    confirm({
      title: "Terminar temporada",
      children: <FinishText season={season} />,
      onConfirm: () => submit("finish"),
    });
  const makeCurrent = () =>
    confirm({
      title: "Hacer actual",
      children: <MakeCurrentText season={season} current={current} />,
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
      ) : season.players === 0 ? (
        // Nobody plays it yet: no table to keep. The server refuses it too (setFinished).
        <>
          <Button
            type="button"
            size="compact"
            variant="danger"
            disabled
            aria-describedby={`sin-jugadores-${season.id}`}
          >
            Terminar temporada
          </Button>
          <span id={`sin-jugadores-${season.id}`} className={classes.reason}>
            {SEASON_MESSAGES.noPlayers}
          </span>
        </>
      ) : (
        <Button type="button" size="compact" variant="danger" onClick={finish} disabled={busy}>
          Terminar temporada
        </Button>
      )}
    </span>
  );
}

function StatusBadges({ season }: { season: SeasonTableRow }) {
  return (
    <BadgeGroup>
      {season.isCurrent && <Badge tone="teal">Actual</Badge>}
      {(!season.isCurrent || season.finished) && (
        <Badge tone={season.finished ? "gray" : season.status === "Próxima" ? "blue" : "green"}>{season.status}</Badge>
      )}
    </BadgeGroup>
  );
}

function SeasonLine({ season, current }: { season: SeasonTableRow; current: SeasonTableRow | undefined }) {
  return (
    <tr aria-label={season.name}>
      <td>
        <span className={t.strong}>{season.name}</span>
        <span className={t.mobile} style={{ margin: "4px 0" }}>
          <StatusBadges season={season} />
        </span>
        <span className={t.dimmed}>{season.rules}</span>
        <span className={`${t.dimmed} ${t.mobile}`}>
          {`${season.competition} · ${countOf(season.matches, "partido", "partidos")} · ${countOf(season.players, "jugador", "jugadores")}`}
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
  );
}

export function SeasonsTable({ seasons }: { seasons: SeasonTableRow[] }) {
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
              <SeasonLine key={season.id} season={season} current={current} />
            ))}
          </tbody>
        </Table>
      </TableScroll>
    </Panel>
  );
}
