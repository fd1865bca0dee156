import { countOf } from "#app/domain/plural";
import { placeLabel, seasonChart, type CourseLine } from "#app/domain/standings/season-chart";
import { Table, TableScroll } from "#app/ui/primitives/Table";
import typography from "#app/ui/theme/typography.module.css";

import classes from "./SeasonChart.module.css";

/** Six colours for the lines, in legend order; the focused line has the text's own colour. */
const COLORS = [classes.c0, classes.c1, classes.c2, classes.c3, classes.c4, classes.c5];

export interface SeasonChartProps {
  /** The completed jornadas, in order. */
  phases: readonly { id: number; name: string }[];
  /** The lines, in the legend's order (the table's), each with a place per jornada. */
  players: readonly CourseLine[];
  /** Whose line is marked (thicker, its own colour, labelled): the viewer's, or a player page's. */
  focusId: string | null;
  /** The label beside the marked line and in the legend ('tú'); none: the line's name alone. */
  focusLabel?: string;
  /** The heading and the image's accessible name. */
  title?: string;
}

type Chart = ReturnType<typeof seasonChart>;

const colorOf = (line: { focused: boolean; index: number }) =>
  line.focused ? classes.focus : COLORS[line.index % COLORS.length];

/** The plot: grid, place and jornada labels, the lines with a dot per jornada, the marked line's label. */
function ChartSvg({ chart, title, focusLabel }: { chart: Chart; title: string; focusLabel?: string }) {
  const focused = chart.lines.find((line) => line.focused);
  const last = focused?.points.at(-1);
  const label = focusLabel ?? focused?.name ?? "";
  // A short label fits the right margin beside the last point; a longer one goes above it, ending there.
  const beside = label.length <= 3;
  return (
    <svg
      role="img"
      aria-label={title}
      viewBox={`0 0 ${chart.width} ${chart.height}`}
      className={classes.svg}
      focusable="false"
    >
      {chart.yTicks.map((tick) => (
        <g key={`y${tick.label}`}>
          <line x1={chart.plot.left} x2={chart.plot.right} y1={tick.at} y2={tick.at} className={classes.grid} />
          <text x={chart.plot.left - 6} y={tick.at} className={classes.yLabel}>
            {tick.label}
          </text>
        </g>
      ))}
      {chart.xTicks.map((tick) => (
        <text key={`x${tick.label}`} x={tick.at} y={chart.plot.bottom + 16} className={classes.xLabel}>
          {tick.label}
        </text>
      ))}
      <text x={(chart.plot.left + chart.plot.right) / 2} y={chart.height - 2} className={classes.axisTitle}>
        Jornadas
      </text>
      {chart.lines.map((line) => (
        <g key={line.userId} className={`${colorOf(line)} ${line.focused ? classes.focused : ""}`}>
          <path d={line.path} className={classes.line} />
          {line.points.map((point, i) => (
            <circle key={i} cx={point.x} cy={point.y} r={line.focused ? 4.5 : 3} className={classes.dot} />
          ))}
        </g>
      ))}
      {focused && last && (
        <text
          x={beside ? last.x + 8 : last.x}
          y={beside ? last.y : last.y < chart.plot.top + 14 ? last.y + 20 : last.y - 10}
          className={`${classes.focusLabel} ${beside ? classes.beside : classes.above}`}
        >
          {label}
        </text>
      )}
    </svg>
  );
}

/** The names, each beside its line's colour and thickness. */
function Legend({
  players,
  focusId,
  nameOf,
}: {
  players: readonly CourseLine[];
  focusId: string | null;
  nameOf: (p: CourseLine) => string;
}) {
  return (
    <ul className={classes.legend}>
      {players.map((player, index) => {
        const isFocused = player.userId === focusId;
        return (
          <li key={player.userId} className={`${classes.legendItem} ${isFocused ? classes.legendFocused : ""}`}>
            <svg viewBox="0 0 24 10" className={classes.swatch} aria-hidden="true">
              <g className={`${colorOf({ focused: isFocused, index })} ${isFocused ? classes.focused : ""}`}>
                <line x1="2" x2="22" y1="5" y2="5" className={classes.line} />
              </g>
            </svg>
            {nameOf(player)}
          </li>
        );
      })}
    </ul>
  );
}

/** The same numbers as a table, 'Posición por jornada': a row per jornada, a column per player. */
function CourseTable({
  phases,
  players,
  nameOf,
}: Pick<SeasonChartProps, "phases" | "players"> & { nameOf: (p: CourseLine) => string }) {
  return (
    <details className={classes.details}>
      <summary>Posición por jornada</summary>
      <TableScroll role="region" aria-label="Posición por jornada" tabIndex={0}>
        <Table className={classes.table} spacingY="0.25rem" spacingX="0.5rem">
          <caption className={typography.srOnly}>Posición por jornada</caption>
          <thead>
            <tr>
              <th scope="col">Jornada</th>
              {players.map((player) => (
                <th key={player.userId} scope="col">
                  {nameOf(player)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {phases.map((phase, i) => (
              <tr key={phase.id}>
                <th scope="row">{phase.name}</th>
                {players.map((player) => {
                  const then = player.positions[i];
                  return (
                    <td key={player.userId}>
                      {then ? (
                        <>
                          {placeLabel(then.place)}{" "}
                          <span className={classes.points}>· {countOf(then.points, "punto", "puntos")}</span>
                        </>
                      ) : (
                        "—"
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
    </details>
  );
}

/**
 * 'Evolución de la temporada' (issue 46): the players' places after each completed jornada as an
 * SVG drawn on the server (no script, no chart library), a legend with their names, and the same
 * numbers as a table for screen readers, 'Posición por jornada', folded until asked for.
 */
export function SeasonChart({
  phases,
  players,
  focusId,
  focusLabel,
  title = "Evolución de la temporada",
}: SeasonChartProps) {
  if (phases.length === 0 || players.length === 0) return null;
  const chart = seasonChart(phases.length, players, focusId);
  const nameOf = (player: CourseLine) =>
    player.userId === focusId && focusLabel ? `${player.name} (${focusLabel})` : player.name;
  return (
    <section className={classes.chart} aria-labelledby="evolucion-titulo">
      <h2 id="evolucion-titulo" className={typography.sectionTitle}>
        {title}
      </h2>
      <ChartSvg chart={chart} title={title} focusLabel={focusLabel} />
      <Legend players={players} focusId={focusId} nameOf={nameOf} />
      <CourseTable phases={phases} players={players} nameOf={nameOf} />
    </section>
  );
}
