/**
 * /admin, 'Administración': what a season needs before players can play a weekend, step by step,
 * each with its state and the screen that does it. Pure: the counts come from the database
 * (routes/admin/index.tsx), the states and words from here.
 */

/** Done; to do now; or nothing to do yet (no match has begun, so no result is due). */
export type StepState = "done" | "todo" | "later";

export type StepKey = "season" | "players" | "phases" | "kickoffs" | "results";

export interface ChecklistStep {
  key: StepKey;
  title: string;
  state: StepState;
  /** Where things stand, in numbers. */
  detail: string;
  /** What to do, for a step to do. */
  hint: string | null;
  link: { to: string; label: string };
}

/** What the steps are decided from: counts of the current season and of the people. */
export interface ChecklistFacts {
  season: { name: string; finished: boolean };
  /** Accounts (deleted players left out). */
  players: number;
  /** E-mails on the roster; 0 means registration is open. */
  roster: number;
  matches: number;
  activeMatches: number;
  /** Active matches still without a result: open for picks, or under way. */
  activeToPlay: number;
  /** Phases with an active match still without a result. */
  openPhases: number;
  /** Matches still to play (no result) without a kickoff time. */
  withoutKickoff: number;
  /** Of those, the active ones: open for picks that nothing will close. */
  activeWithoutKickoff: number;
  withResult: number;
  /** Active matches without a result that have begun (kickoff passed) or whose pools are activated. */
  awaitingResult: number;
}

export const STATE_LABELS: Record<StepState, string> = {
  done: "Hecho",
  todo: "Por hacer",
  later: "Más adelante",
};

/** '1 partido', '3 partidos'. */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function seasonStep({ season }: ChecklistFacts): ChecklistStep {
  const link = { to: "/admin/temporadas", label: "Temporadas" };
  return season.finished
    ? {
        key: "season",
        title: "Temporada actual",
        state: "todo",
        detail: `${season.name} está terminada.`,
        hint: "Crea la siguiente con «Nueva Temporada», o reábrela.",
        link,
      }
    : { key: "season", title: "Temporada actual", state: "done", detail: season.name, hint: null, link };
}

function playersStep({ players, roster }: ChecklistFacts): ChecklistStep {
  const registration =
    roster > 0
      ? `${plural(roster, "correo", "correos")} en la lista de participantes`
      : "registro abierto a cualquier correo";
  // A pool of one is no pool: the admin plays too, and needs somebody else.
  const done = players >= 2;
  return {
    key: "players",
    title: "Jugadores",
    state: done ? "done" : "todo",
    detail: `${plural(players, "jugador registrado", "jugadores registrados")} · ${registration}`,
    hint: done
      ? null
      : "Comparte la dirección de la quiniela para que se registren, o crea sus cuentas con «Nuevo Usuario».",
    link: { to: "/admin/users", label: "Gestionar Usuarios" },
  };
}

function phasesStep({ matches, activeMatches, activeToPlay, openPhases, withResult }: ChecklistFacts): ChecklistStep {
  const step = {
    key: "phases",
    title: "Jornada abierta",
    link: { to: "/admin/matches", label: "Gestionar Partidos" },
  } as const;
  if (openPhases > 0) {
    const detail = `${plural(openPhases, "jornada abierta", "jornadas abiertas")} · ${plural(activeToPlay, "partido por jugar", "partidos por jugar")}`;
    return { ...step, state: "done", detail, hint: null };
  }
  // Every match played: there is nothing left to open.
  if (matches > 0 && withResult === matches) {
    return { ...step, state: "done", detail: "Todos los partidos de la temporada se jugaron.", hint: null };
  }
  return activeMatches > 0
    ? {
        ...step,
        state: "todo",
        detail: "Las jornadas abiertas ya se jugaron: nadie tiene partidos por pronosticar.",
        hint: "Abre la siguiente con «Activar Jornada».",
      }
    : {
        ...step,
        state: "todo",
        detail: "Ninguna jornada abierta: nadie puede capturar pronósticos todavía.",
        hint: "Abre la primera con «Activar Jornada».",
      };
}

function kickoffsStep({ withoutKickoff, activeWithoutKickoff }: ChecklistFacts): ChecklistStep {
  const link = { to: "/admin/matches", label: "Gestionar Partidos" };
  if (withoutKickoff === 0) {
    return {
      key: "kickoffs",
      title: "Fechas y horas",
      state: "done",
      detail: "Todos los partidos por jugar tienen fecha y hora.",
      hint: null,
      link,
    };
  }
  let active = "";
  if (activeWithoutKickoff > 0) {
    active =
      withoutKickoff === 1 ? " (activo)" : ` (${plural(activeWithoutKickoff, "de ellos activo", "de ellos activos")})`;
  }
  return {
    key: "kickoffs",
    title: "Fechas y horas",
    state: "todo",
    detail: `${plural(withoutKickoff, "partido", "partidos")} sin fecha y hora${active}.`,
    hint: "Sin hora, un partido no se cierra solo al comenzar. Ponla en Gestionar Partidos, o con un archivo en Importar Resultados.",
    link,
  };
}

function resultsStep({ matches, withResult, awaitingResult }: ChecklistFacts): ChecklistStep {
  const entered = `${withResult} de ${plural(matches, "partido", "partidos")} con resultado`;
  const link = { to: "/admin/results", label: "Resultados" };
  if (awaitingResult > 0) {
    const waiting =
      awaitingResult === 1
        ? "1 partido ya empezó y no tiene resultado"
        : `${awaitingResult} partidos ya empezaron y no tienen resultado`;
    return {
      key: "results",
      title: "Resultados",
      state: "todo",
      detail: `${waiting} · ${entered}.`,
      hint: "Captúralos en Resultados, o con un archivo en Importar Resultados.",
      link,
    };
  }
  return withResult > 0
    ? { key: "results", title: "Resultados", state: "done", detail: `${entered}.`, hint: null, link }
    : {
        key: "results",
        title: "Resultados",
        state: "later",
        detail: `${entered}: ningún partido ha empezado todavía.`,
        hint: null,
        link,
      };
}

/** The steps in the order a first run takes them. */
export function adminChecklist(facts: ChecklistFacts): ChecklistStep[] {
  return [seasonStep(facts), playersStep(facts), phasesStep(facts), kickoffsStep(facts), resultsStep(facts)];
}
