import type { Score } from "./game/score";
import { scoreLabel } from "./game/season-rules";
import { countOf } from "./plural";

/**
 * 'Bitácora': the kinds of change the log keeps (every change that moves points or picks), and
 * each entry in words, as the admin's 'Bitácora' and the public 'Cambios del administrador' show
 * it: 'Resultado corregido: Querétaro vs Toluca 2 - 1 → 3 - 1'.
 */
export const CHANGE_KINDS = [
  "result-saved",
  "result-corrected",
  "result-reset",
  "prediction-edited",
  "predictions-deleted",
  "phase-opened",
  "phase-closed",
  "pools-activated",
  "user-deleted",
  "season-created",
  "season-made-current",
  "season-finished",
  "season-reopened",
  "results-file",
  "firestore-import",
] as const;

export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const KIND_LABELS: Record<ChangeKind, string> = {
  "result-saved": "Resultado guardado",
  "result-corrected": "Resultado corregido",
  "result-reset": "Resultado reiniciado",
  "prediction-edited": "Pronóstico editado",
  "predictions-deleted": "Pronósticos eliminados",
  "phase-opened": "Jornada activada",
  "phase-closed": "Jornada desactivada",
  "pools-activated": "Quinielas activadas",
  "user-deleted": "Usuario eliminado",
  "season-created": "Temporada creada",
  "season-made-current": "Temporada actual",
  "season-finished": "Temporada terminada",
  "season-reopened": "Temporada reabierta",
  "results-file": "Archivo de resultados aplicado",
  "firestore-import": "Importación de Firestore",
};

/**
 * What 'Cambios del administrador' shows everybody: a result changed or taken back after it was
 * entered, and picks the admin edited or deleted. A first result is news, not a correction.
 */
export const PUBLIC_KINDS: readonly ChangeKind[] = [
  "result-corrected",
  "result-reset",
  "prediction-edited",
  "predictions-deleted",
];

export function isChangeKind(value: string): value is ChangeKind {
  return (CHANGE_KINDS as readonly string[]).includes(value);
}

/** A match's official scores as an entry keeps them. */
export interface ResultValue {
  result: Score;
  extraTime?: Score | null;
  penalties?: Score | null;
}

/** An entry as read back: its before/after are the JSON the writer stored (or null). */
export interface ChangeEntry {
  kind: string;
  subject: string;
  playerName: string | null;
  before: unknown;
  after: unknown;
}

type Values = Record<string, unknown>;

function record(value: unknown): Values {
  return typeof value === "object" && value !== null ? (value as Values) : {};
}

function resultText(value: unknown): string {
  const scores = record(value);
  const result = record(scores.result);
  if (typeof result.home !== "number" || typeof result.away !== "number") return "sin resultado";
  return (
    scoreLabel({
      result: { home: result.home, away: result.away },
      extraTime: (scores.extraTime as Score | null | undefined) ?? null,
      penalties: (scores.penalties as Score | null | undefined) ?? null,
    }) ?? "sin resultado"
  );
}

function scoreText(value: unknown): string {
  const score = record(value);
  return typeof score.home === "number" && typeof score.away === "number" ? `${score.home} - ${score.away}` : "—";
}

function count(value: unknown, key: string): number {
  const n = record(value)[key];
  return typeof n === "number" ? n : 0;
}

/** What changed, after the kind's label: the subject and its before → after in words. */
function details(entry: ChangeEntry): string {
  const { subject, before, after } = entry;
  const player = entry.playerName ?? "";
  switch (entry.kind as ChangeKind) {
    case "result-saved":
      return `${subject} ${resultText(after)}`;
    case "result-corrected":
      return `${subject} ${resultText(before)} → ${resultText(after)}`;
    case "result-reset": {
      const deleted = count(after, "deletedPredictions");
      return `${subject} ${resultText(before)} → sin resultado (${countOf(deleted, "pronóstico eliminado", "pronósticos eliminados")})`;
    }
    case "prediction-edited":
      return `${player} · ${subject} ${scoreText(before)} → ${scoreText(after)}`;
    case "predictions-deleted":
      return `${player} · ${countOf(count(before, "predictions"), "pronóstico", "pronósticos")} (${subject})`;
    case "phase-opened":
    case "phase-closed":
      return `${subject} (${count(before, "activeMatches")} → ${countOf(count(after, "activeMatches"), "partido activo", "partidos activos")})`;
    case "pools-activated":
      return `${subject} (${countOf(count(after, "activated"), "pronóstico", "pronósticos")})`;
    case "user-deleted":
      return `${subject} (${countOf(count(before, "predictions"), "pronóstico", "pronósticos")})`;
    case "results-file":
      return `${subject}: ${String(record(after).summary ?? "")}`;
    case "firestore-import":
      return `${subject} (${countOf(count(after, "users"), "usuario", "usuarios")}, ${countOf(count(after, "predictions"), "pronóstico", "pronósticos")})`;
    default:
      return subject;
  }
}

/** The entry in one line: 'Resultado corregido: Querétaro vs Toluca 2 - 1 → 3 - 1'. */
export function describeChange(entry: ChangeEntry): string {
  const label = isChangeKind(entry.kind) ? KIND_LABELS[entry.kind] : entry.kind;
  return `${label}: ${details(entry)}`;
}
