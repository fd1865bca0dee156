import { Table, VisuallyHidden } from "@mantine/core";
import type { Band } from "#app/domain/standings";
import classes from "./StandingsTable.module.css";
import { UserAvatar } from "./UserAvatar";

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
}

export const BAND_COLORS: Record<Exclude<Band, null>, string> = {
  blue: "var(--mantine-color-blue-6)",
  yellow: "var(--mantine-color-yellow-5)",
  green: "var(--mantine-color-green-6)",
  red: "var(--mantine-color-red-6)",
};

/** One row; plain cells with Mantine's own table classes (cheap to render 50 times). */
function StandingRowView({ row, mine }: { row: StandingsTableRow; mine: boolean }) {
  const marker = row.band ? { "--band-color": BAND_COLORS[row.band] } : undefined;
  return (
    <tr className={`${Table.classes.tr}${mine ? ` ${classes.mine}` : ""}`} data-with-row-border data-hover data-band={row.band ?? undefined}>
      <td className={`${Table.classes.td} ${classes.pos} ${classes.marker}`} style={marker as React.CSSProperties}>
        {row.rank}
      </td>
      <td className={`${Table.classes.td} ${classes.avatarCell}`}>
        <UserAvatar name={row.name} image={row.image} color={row.avatarColor} size={32} />
      </td>
      <td className={`${Table.classes.td} ${classes.nameCell}`}>
        <span className={classes.name}>
          <span className={classes.nameText} title={row.name}>
            {row.name}
          </span>
          {mine && <span className={classes.you}>Tú</span>}
        </span>
      </td>
      <td className={`${Table.classes.td} ${classes.number} ${classes.points}`}>{row.points}</td>
      <td className={`${Table.classes.td} ${classes.number} ${classes.dim}`}>{row.exactHits}</td>
    </tr>
  );
}

/**
 * Position (with the colour marker of SPEC §5), avatar, name, points and exact hits; the
 * viewer's row highlighted with 'Tú'.
 */
export function StandingsTable({
  label,
  rows,
  viewerId,
  headerHidden = false,
}: {
  label: string;
  rows: readonly StandingsTableRow[];
  viewerId: string | null;
  /** Column names for screen readers only (a one-row table such as 'Tu posición'). */
  headerHidden?: boolean;
}) {
  return (
    <Table aria-label={label} verticalSpacing={6} horizontalSpacing="xs" highlightOnHover className={classes.table}>
      <Table.Thead className={headerHidden ? classes.srOnly : undefined}>
        <Table.Tr>
          <Table.Th className={classes.pos}>Pos.</Table.Th>
          <Table.Th className={classes.avatarCell}>
            <VisuallyHidden>Avatar</VisuallyHidden>
          </Table.Th>
          <Table.Th>Nombre</Table.Th>
          <Table.Th className={classes.number}>Puntos</Table.Th>
          <Table.Th className={classes.number}>Exactos</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <StandingRowView key={row.userId} row={row} mine={row.userId === viewerId} />
        ))}
      </Table.Tbody>
    </Table>
  );
}

const LEGEND: { band: Exclude<Band, null>; label: string }[] = [
  { band: "blue", label: "Lugares 1–4" },
  { band: "yellow", label: "5–7" },
  { band: "green", label: "8–9" },
  { band: "red", label: "Últimos 2" },
];

/** What the colour markers mean. */
export function StandingsLegend() {
  return (
    <div className={classes.legend} aria-hidden>
      {LEGEND.map((item) => (
        <span key={item.band} className={classes.legendItem}>
          <span className={classes.swatch} style={{ "--band-color": BAND_COLORS[item.band] } as React.CSSProperties} />
          {item.label}
        </span>
      ))}
    </div>
  );
}
