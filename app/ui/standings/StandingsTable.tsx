import { Fragment } from "react";
import { Link } from "react-router";

import { movementLabel, movementMark, type Movement } from "#app/domain/standings/movement";
import { bandSizes, type Band } from "#app/domain/standings/standings";
import { UserAvatar } from "#app/ui/people/UserAvatar";
import { Table } from "#app/ui/primitives/Table";
import typography from "#app/ui/theme/typography.module.css";

import { playerHref, type TableSeason } from "./player-link";
import classes from "./StandingsTable.module.css";

/** What a row of a standings table shows (the /rankings rows and the pool rows both fit). */
export interface StandingsTableRow {
  userId: string;
  name: string;
  image: string | null;
  avatarColor: string;
  points: number;
  exactHits: number;
  /** Standard competition rank (1, 2, 2, 4). */
  rank: number;
  band: Band;
  /** Change of rank since the jornada before the last completed one; none shown when absent. */
  movement?: Movement | null;
}

export const BAND_COLORS: Record<Exclude<Band, null>, string> = {
  blue: "var(--mantine-color-blue-6)",
  yellow: "var(--mantine-color-yellow-5)",
  green: "var(--mantine-color-green-6)",
  red: "var(--mantine-color-red-6)",
};

// Plain rows (primitives/Table): a standings page renders up to fifty of them.
const ROW_SPACING = "calc(0.375rem * var(--mantine-scale))";

/** A further number column (the all-time table's 'Temporadas', 'Títulos'). */
export interface StandingsColumn<R> {
  label: string;
  value: (row: R) => number;
  /** The number in words, for the line that stands for the column on a phone ('4 temporadas'). */
  inWords: (value: number) => string;
}

/**
 * '▲ 2' under the rank, its words for screen readers ('Subió 2 lugares'): not colour alone. The
 * mark is drawn by CSS from `data-mark`, so the cell's text stays the rank (copied, or read by a
 * test) and a screen reader says the words once.
 */
function MovementMark({ move }: { move: Movement }) {
  return (
    <span
      className={classes.move}
      data-direction={move.direction}
      data-mark={movementMark(move)}
      role="img"
      aria-label={movementLabel(move)}
    />
  );
}

function StandingRowView<R extends StandingsTableRow>({
  row,
  mine,
  columns,
  season,
}: {
  row: R;
  mine: boolean;
  columns: readonly StandingsColumn<R>[];
  season: TableSeason | null;
}) {
  const marker = row.band ? ({ "--band-color": BAND_COLORS[row.band] } as React.CSSProperties) : undefined;
  return (
    <tr className={mine ? classes.mine : undefined} data-band={row.band ?? undefined}>
      <td className={`${classes.pos} ${classes.marker}`} style={marker}>
        {row.rank}
        {row.movement && <MovementMark move={row.movement} />}
      </td>
      <td className={classes.avatarCell}>
        <UserAvatar name={row.name} image={row.image} color={row.avatarColor} size={32} />
      </td>
      <td className={classes.nameCell}>
        <span className={classes.name}>
          {/* A plain link, the same for everyone: the public tables stay cacheable. */}
          <Link to={playerHref(row.userId, season)} className={classes.nameText} title={row.name}>
            {row.name}
          </Link>
          {mine && <span className={classes.you}>Tú</span>}
        </span>
        {columns.length > 0 && (
          // On a phone the further columns give way to this line under the name (the CSS shows one or the other).
          <span className={classes.extraLine}>
            {columns.map((column, i) => (
              // A space of its own between the items, outside them: the line reads '4 temporadas ·
              // 1 título' to a screen reader and when copied, and may break there.
              <Fragment key={column.label}>
                {i > 0 && " "}
                <span className={classes.extraItem}>{`${i > 0 ? "· " : ""}${column.inWords(column.value(row))}`}</span>
              </Fragment>
            ))}
          </span>
        )}
      </td>
      <td className={`${classes.number} ${classes.pointsCol} ${classes.points}`}>{row.points}</td>
      <td className={`${classes.number} ${classes.exactCol} ${classes.dim}`}>{row.exactHits}</td>
      {columns.map((column) => (
        <td key={column.label} className={`${classes.number} ${classes.extraCol} ${classes.dim}`}>
          {column.value(row)}
        </td>
      ))}
    </tr>
  );
}

/**
 * Position (with the colour marker of SPEC §5), avatar, name (a link to the player's page),
 * points and exact hits; the viewer's row highlighted with 'Tú'. Fixed column widths, so that a one-row table (the pinned
 * 'Tu posición') lines up with the table below it.
 */
export function StandingsTable<R extends StandingsTableRow>({
  label,
  rows,
  viewerId,
  headerHidden = false,
  columns = [],
  season = null,
}: {
  label: string;
  rows: readonly R[];
  viewerId: string | null;
  /** Column names for screen readers only (a one-row table such as 'Tu posición'). */
  headerHidden?: boolean;
  columns?: readonly StandingsColumn<R>[];
  /** The table's season (names link to the current season's page without it). */
  season?: TableSeason | null;
}) {
  return (
    <Table
      aria-label={label}
      hover
      spacingY={ROW_SPACING}
      className={columns.length > 0 ? `${classes.table} ${classes.wide}` : classes.table}
    >
      <colgroup>
        <col className={classes.pos} />
        <col className={classes.avatarCell} />
        <col />
        <col className={classes.pointsCol} />
        <col className={classes.exactCol} />
        {columns.map((column) => (
          <col key={column.label} className={classes.extraCol} />
        ))}
      </colgroup>
      <thead className={headerHidden ? typography.srOnly : undefined}>
        <tr>
          <th className={classes.pos}>Pos.</th>
          <th className={classes.avatarCell}>
            <span className={typography.srOnly}>Avatar</span>
          </th>
          <th>Nombre</th>
          <th className={classes.number}>Puntos</th>
          <th className={classes.number}>Exactos</th>
          {columns.map((column) => (
            <th key={column.label} className={`${classes.number} ${classes.extraCol}`}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <StandingRowView
            key={row.userId}
            row={row}
            mine={row.userId === viewerId}
            columns={columns}
            season={season}
          />
        ))}
      </tbody>
    </Table>
  );
}

/** What each colour marks in a table of `total` rows (bandSizes: a short table's bands shrink). */
function legendItems(total: number): { band: Exclude<Band, null>; label: string }[] {
  const sizes = bandSizes(total);
  const span = (from: number, size: number) => (size === 1 ? `${from}` : `${from}–${from + size - 1}`);
  const yellowFrom = sizes.blue + 1;
  const greenFrom = yellowFrom + sizes.yellow;
  const items: { band: Exclude<Band, null>; size: number; label: string }[] = [
    { band: "blue", size: sizes.blue, label: `${sizes.blue === 1 ? "Lugar" : "Lugares"} ${span(1, sizes.blue)}` },
    { band: "yellow", size: sizes.yellow, label: span(yellowFrom, sizes.yellow) },
    { band: "green", size: sizes.green, label: span(greenFrom, sizes.green) },
    { band: "red", size: sizes.red, label: sizes.red === 1 ? "Último" : `Últimos ${sizes.red}` },
  ];
  return items.filter((item) => item.size > 0);
}

/** What the colour markers mean, for a table of `total` rows (the whole table, not the page shown). */
export function StandingsLegend({ total }: { total: number }) {
  const items = legendItems(total);
  if (items.length === 0) return null;
  return (
    <div className={classes.legend} aria-hidden>
      {items.map((item) => (
        <span key={item.band} className={classes.legendItem}>
          <span className={classes.swatch} style={{ "--band-color": BAND_COLORS[item.band] } as React.CSSProperties} />
          {item.label}
        </span>
      ))}
    </div>
  );
}
