/**
 * Who captured every prediction of a phase (the admin's 'Estado de Pronósticos por Jornada'), and
 * which phase the admin screens open on when none is chosen.
 */
export interface UserCount {
  userId: string;
  name: string;
  /** Predictions the user captured for the phase's active matches. */
  captured: number;
}

export interface PhaseStatus {
  /** Active matches of the phase: what each user has to predict. */
  total: number;
  complete: UserCount[];
  missing: (UserCount & { missing: number })[];
}

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, "es", { sensitivity: "base" });

/** Splits users into those with every prediction and those missing some (most missing first). */
export function phaseStatus(users: readonly UserCount[], total: number): PhaseStatus {
  const complete: UserCount[] = [];
  const missing: PhaseStatus["missing"] = [];
  for (const user of users) {
    const captured = Math.min(user.captured, total);
    if (captured >= total) complete.push({ ...user, captured });
    else missing.push({ ...user, captured, missing: total - captured });
  }
  complete.sort(byName);
  missing.sort((a, b) => b.missing - a.missing || byName(a, b));
  return { total, complete, missing };
}

export interface PhaseSummary {
  id: number;
  position: number;
  activeMatches: number;
}

/**
 * The phase a screen shows when the URL names none (or an unknown one): the latest phase with an
 * active match — the one being played — else the first phase.
 */
export function defaultPhaseId(phases: readonly PhaseSummary[], requested: number | null): number | null {
  if (requested !== null && phases.some((phase) => phase.id === requested)) return requested;
  const sorted = [...phases].sort((a, b) => a.position - b.position);
  const playing = sorted.filter((phase) => phase.activeMatches > 0).at(-1);
  return (playing ?? sorted[0])?.id ?? null;
}

export interface ShownPhase {
  id: number;
  /** Something in it waits for this viewer: a pick to make, a result to enter. */
  waiting: boolean;
}

/**
 * The phases a game page shows in full (the others are a link away): the one the URL names when
 * the page lists it; else every phase where something is waiting; else the last one. So a week
 * in play shows what is at stake, and a finished season never lands on one page.
 */
export function phasesToShow(phases: readonly ShownPhase[], requested: number | null): number[] {
  if (requested !== null && phases.some((phase) => phase.id === requested)) return [requested];
  const waiting = phases.filter((phase) => phase.waiting).map((phase) => phase.id);
  if (waiting.length > 0) return waiting;
  const last = phases.at(-1);
  return last ? [last.id] : [];
}
