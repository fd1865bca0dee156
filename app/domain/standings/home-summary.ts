import { closingLabel } from "#app/domain/dates";
import type { PredictionMatch } from "#app/domain/game/match";
import { countdownText, missingAt, missingPicks, missingText, type MissingPicks } from "#app/domain/game/missing-picks";

import { movementMark, movementPhrase, type Movement } from "./movement";

/**
 * 'Cómo vas', above the home page's form: where the player stands in the current season, how the
 * last completed jornada went for them, what is still open for them and by when, and a finished
 * season's champion, in words. The figures come from the stored standings
 * (data/standings/places.server.ts) and the form's own matches.
 */

/** Where the player stands; null while the season has no result (everyone is at 0). */
export interface PlaceSummary {
  rank: number;
  /** Players in the table. */
  total: number;
  points: number;
  /** Since `since` (the jornada before the last completed one); null without one. */
  movement: Movement | null;
  since: string | null;
}

/** The last completed jornada and what the player made in it; null while none is completed. */
export interface LastPhaseSummary {
  name: string;
  points: number;
  exactHits: number;
}

/** A finished season's champion (players tied for first share it). */
export interface ChampionSummary {
  names: string[];
  points: number;
  /** The viewer is (one of) them. */
  you: boolean;
}

/** What is still open for the player: matches they may still predict. */
export interface OpenSummary {
  /** Open matches without their pick, and when each closes (missing-picks.ts). */
  missing: MissingPicks;
  /** Open matches whose saved pick they may still change (the season's 'Pronósticos editables'). */
  editable: number;
  /** The season's time zone, in which a close is named ('el sábado 19:00'). */
  timeZone: string;
}

export interface HomeStanding {
  place: PlaceSummary | null;
  lastPhase: LastPhaseSummary | null;
  champion: ChampionSummary | null;
}

/**
 * What is open for the player among the form's matches, at `now`: the open ones without their
 * pick with their closes, and those whose pick may still change (a season with 'Pronósticos
 * editables').
 */
export function openSummary(
  matches: readonly Pick<PredictionMatch, "lockedBecause" | "pick" | "kickoffAt" | "editable">[],
  now: Date,
  timeZone: string,
): OpenSummary {
  const states = matches.map((match) => ({
    kickoffAt: match.kickoffAt,
    open: match.lockedBecause === null,
    picked: match.pick !== null,
  }));
  return {
    missing: missingPicks(states, now.getTime()),
    editable: matches.filter((match) => match.lockedBecause === null && match.editable).length,
    timeZone,
  };
}

/** What is open as the clock reads `now` (ms): the count, the next close in words ('el sábado 19:00') and in time left. */
export function openAt(
  open: OpenSummary,
  now: number,
): { missing: number; closes: string | null; countdown: string | null } {
  const { count, next } = missingAt(open.missing, now);
  if (count === 0 || next === null) return { missing: count, closes: null, countdown: null };
  return {
    missing: count,
    closes: closingLabel(new Date(next).toISOString(), new Date(now), open.timeZone),
    countdown: countdownText(next - now),
  };
}

/** A tile of the summary: what it is, its figure, and a line under it. */
export interface SummaryTile {
  label: string;
  value: string;
  detail: string;
  /** '▲ 2' beside the figure, and what it means in words. */
  mark?: { text: string; phrase: string; direction: Movement["direction"] };
}

export const pointsText = (n: number): string => (n === 1 ? "1 punto" : `${n} puntos`);

/** '3.º': Spanish ordinal of a rank. */
export const ordinal = (n: number): string => `${n}.º`;

/** The player's place in the season. */
export function placeTile(place: PlaceSummary | null): SummaryTile {
  if (!place) return { label: "Posición", value: "Sin resultados aún", detail: "Todos empiezan en 0 puntos" };
  const tile: SummaryTile = {
    label: "Posición",
    value: `${ordinal(place.rank)} de ${place.total}`,
    detail: place.points === 0 ? "Aún sin puntos" : pointsText(place.points),
  };
  if (place.movement && place.since) {
    tile.mark = {
      text: movementMark(place.movement),
      phrase: movementPhrase(place.movement, place.since),
      direction: place.movement.direction,
    };
  }
  return tile;
}

/** The player's points in the last completed jornada. */
export function lastPhaseTile(last: LastPhaseSummary | null): SummaryTile {
  if (!last)
    return {
      label: "Última jornada",
      value: "Ninguna completa aún",
      detail: "Cuando todos sus partidos tengan resultado",
    };
  const exact = last.exactHits === 1 ? "1 exacto" : `${last.exactHits} exactos`;
  return {
    label: "Última jornada",
    value: pointsText(last.points),
    detail: last.exactHits > 0 ? `${last.name} · ${exact}` : last.name,
  };
}

/** 'Te faltan 3 pronósticos · cierra el sábado 19:00', or that nothing is missing, as the clock reads `now` (ms). */
export function openText(open: OpenSummary, now: number): string {
  const { missing, closes } = openAt(open, now);
  if (missing > 0) return `${missingText(missing)} · ${closes ? `cierra ${closes}` : "fecha de cierre por confirmar"}`;
  if (open.editable > 0) return "Ya pronosticaste todo lo abierto · puedes cambiarlo hasta que cierre cada partido";
  return "No tienes pronósticos pendientes por ahora";
}

const andList = new Intl.ListFormat("es", { type: "conjunction" });

/** 'Campeón: Chucho ⚽ con 123 puntos', or '¡Ganaste la temporada! …' for the champion. */
export function championText(champion: ChampionSummary): string {
  const names = andList.format(champion.names);
  const title = champion.names.length > 1 ? "Campeones" : "Campeón";
  if (champion.you) return `¡Ganaste la temporada! ${title}: ${names} con ${pointsText(champion.points)}`;
  return `${title}: ${names} con ${pointsText(champion.points)}`;
}
