import { z } from "zod";

import { zonedLocalToUtc } from "#app/domain/dates";
import { goalsField, RESULT_MAX_GOALS } from "#app/domain/game/score";

import { idField, MAX_ID, parseId, plainText } from "./input";

/**
 * What the admin game screens post (their form contracts), parsed with Spanish messages. Every
 * value arrives as text; a missing field is `undefined`.
 */

export const ADMIN_MESSAGES = {
  unknownIntent: "Acción desconocida",
  incompleteMatch: "Por favor completa todos los campos",
  sameTeams: "El equipo local y el visitante deben ser distintos",
  badKickoff: "La fecha y hora no es válida",
  noKickoff: "Indica la fecha y hora de la jornada",
  noPhase: "Selecciona una jornada",
  noMatch: "El partido no existe",
  noPrediction: "El pronóstico no existe",
  badActive: "Indica si la jornada se activa o se desactiva",
  missingResult: "Por favor ingresa ambos resultados",
  missingPrediction: "Por favor ingresa ambos marcadores",
  goalsRange: `Los goles deben ser un número entero entre 0 y ${RESULT_MAX_GOALS}`,
  incompleteExtraTime: "Ingresa ambos marcadores del tiempo extra, o ninguno",
  incompletePenalties: "Ingresa ambos marcadores de los penales, o ninguno",
  extraTimeAfterDraw: "Solo hay tiempo extra después de un empate en los 90 minutos",
  noExtraTime: "Este partido no se define en tiempo extra ni en penales",
  extraTimeGoals: "El marcador del tiempo extra incluye los goles de los 90 minutos: no puede ser menor",
  penaltiesAfterDraw: "Solo hay penales después de un empate",
  penaltiesWinner: "Los penales deben tener un ganador",
} as const;

/** An official score's goals (0–RESULT_MAX_GOALS; the home form allows 0–99). */
function goals(missing: string) {
  return goalsField({ max: RESULT_MAX_GOALS, missing, range: ADMIN_MESSAGES.goalsRange });
}

/**
 * A 'Fecha y hora' field: the wall clock a `datetime-local` input gives, read in the season's
 * time zone, as an ISO-8601 UTC string; empty is null (no kickoff: 'Fecha por confirmar').
 */
function kickoffField(timeZone: string) {
  return z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text?.trim()) return null;
      const iso = zonedLocalToUtc(text, timeZone);
      if (iso === null) ctx.addIssue({ code: "custom", message: ADMIN_MESSAGES.badKickoff });
      return iso;
    });
}

/** /admin/matches: intent=create | toggle-phase | reset | set-teams | set-kickoff | set-phase-kickoff. */
export function matchesFormSchema(timeZone: string) {
  return z.discriminatedUnion(
    "intent",
    [
      z
        .object({
          intent: z.literal("create"),
          phaseId: idField(ADMIN_MESSAGES.incompleteMatch),
          homeTeamId: idField(ADMIN_MESSAGES.incompleteMatch),
          awayTeamId: idField(ADMIN_MESSAGES.incompleteMatch),
          kickoff: kickoffField(timeZone),
        })
        .refine((match) => match.homeTeamId !== match.awayTeamId, { message: ADMIN_MESSAGES.sameTeams }),
      z.object({
        intent: z.literal("toggle-phase"),
        phaseId: idField(ADMIN_MESSAGES.noPhase),
        active: z.enum(["1", "0"], { error: ADMIN_MESSAGES.badActive }).transform((flag) => flag === "1"),
      }),
      z.object({ intent: z.literal("reset"), matchId: idField(ADMIN_MESSAGES.noMatch) }),
      // One match's kickoff; an empty field takes it back to 'Fecha por confirmar'.
      z.object({
        intent: z.literal("set-kickoff"),
        matchId: idField(ADMIN_MESSAGES.noMatch),
        kickoff: kickoffField(timeZone),
      }),
      // 'Fecha y hora de la jornada': for the phase's matches without one, so it is required.
      z.object({
        intent: z.literal("set-phase-kickoff"),
        phaseId: idField(ADMIN_MESSAGES.noPhase),
        kickoff: kickoffField(timeZone).refine((iso) => iso !== null, { message: ADMIN_MESSAGES.noKickoff }),
      }),
      z
        .object({
          intent: z.literal("set-teams"),
          matchId: idField(ADMIN_MESSAGES.noMatch),
          homeTeamId: idField(ADMIN_MESSAGES.incompleteMatch),
          awayTeamId: idField(ADMIN_MESSAGES.incompleteMatch),
        })
        .refine((match) => match.homeTeamId !== match.awayTeamId, { message: ADMIN_MESSAGES.sameTeams }),
    ],
    { error: ADMIN_MESSAGES.unknownIntent },
  );
}

/** What /admin/matches posts, once parsed. */
export type MatchesForm = z.output<ReturnType<typeof matchesFormSchema>>;

/** An optional pair of scores (extra time, penalties): both or neither. */
function optionalPair(missing: string) {
  const side = z
    .string()
    .trim()
    .optional()
    .transform((text) => text || undefined)
    .pipe(goals(missing).optional());
  return { home: side, away: side, missing };
}

const extraTime = optionalPair(ADMIN_MESSAGES.incompleteExtraTime);
const penalties = optionalPair(ADMIN_MESSAGES.incompletePenalties);

/**
 * /admin/results: intent=save-result. The score after 90 minutes; for a knockout match played
 * once, also after extra time (which includes the 90 minutes' goals) and the shoot-out, both
 * optional, each pair whole, and only as a real match can have them.
 */
export const resultFormSchema = z
  .object(
    {
      intent: z.literal("save-result", { error: ADMIN_MESSAGES.unknownIntent }),
      matchId: idField(ADMIN_MESSAGES.noMatch),
      home: goals(ADMIN_MESSAGES.missingResult),
      away: goals(ADMIN_MESSAGES.missingResult),
      homeExtraTime: extraTime.home,
      awayExtraTime: extraTime.away,
      homePenalties: penalties.home,
      awayPenalties: penalties.away,
    },
    { error: ADMIN_MESSAGES.unknownIntent },
  )
  .transform((form, ctx) => {
    const pair = (home: number | undefined, away: number | undefined, missing: string) => {
      if (home === undefined && away === undefined) return null;
      if (home === undefined || away === undefined) {
        ctx.addIssue({ code: "custom", message: missing });
        return null;
      }
      return { home, away };
    };
    const result = { home: form.home, away: form.away };
    const extra = pair(form.homeExtraTime, form.awayExtraTime, ADMIN_MESSAGES.incompleteExtraTime);
    const shootout = pair(form.homePenalties, form.awayPenalties, ADMIN_MESSAGES.incompletePenalties);
    if (extra && result.home !== result.away)
      ctx.addIssue({ code: "custom", message: ADMIN_MESSAGES.extraTimeAfterDraw });
    if (extra && (extra.home < result.home || extra.away < result.away)) {
      ctx.addIssue({ code: "custom", message: ADMIN_MESSAGES.extraTimeGoals });
    }
    const final = extra ?? result;
    if (shootout && final.home !== final.away)
      ctx.addIssue({ code: "custom", message: ADMIN_MESSAGES.penaltiesAfterDraw });
    if (shootout && shootout.home === shootout.away)
      ctx.addIssue({ code: "custom", message: ADMIN_MESSAGES.penaltiesWinner });
    return { intent: form.intent, matchId: form.matchId, result, extraTime: extra, penalties: shootout };
  });

/** /admin/activar-quinielas: intent=activate. */
export const activateFormSchema = z.object({
  intent: z.literal("activate", { error: ADMIN_MESSAGES.unknownIntent }),
  phaseId: idField(ADMIN_MESSAGES.noPhase),
});

/** /admin/estado-pronosticos: intent=remind ('Recordar a los que faltan'). */
export const remindFormSchema = z.object({
  intent: z.literal("remind", { error: ADMIN_MESSAGES.unknownIntent }),
  phaseId: idField(ADMIN_MESSAGES.noPhase),
});

/** /admin/predictions: intent=update-prediction. */
export const predictionFormSchema = z.object({
  intent: z.literal("update-prediction", { error: ADMIN_MESSAGES.unknownIntent }),
  predictionId: idField(ADMIN_MESSAGES.noPrediction),
  home: goals(ADMIN_MESSAGES.missingPrediction),
  away: goals(ADMIN_MESSAGES.missingPrediction),
});

/** The `?jornada=` search parameter as a phase id, or null when absent or not an id. */
export function phaseParam(url: URL | string): number | null {
  return parseId(new URL(url, "http://x").searchParams.get("jornada")) ?? null;
}

/** The longest search of 'Administración de Pronósticos' (a player's or a team's name). */
export const PREDICTIONS_SEARCH_MAX = 60;

/**
 * /admin/predictions's query string besides ?jornada=: ?q= (the search, trimmed) and ?pagina=.
 * What is not valid is ignored: a search with control characters or too long is no search (no
 * person's: the box takes PREDICTIONS_SEARCH_MAX characters), a page that is no number the first.
 */
const PredictionsQuery = z.object({
  q: plainText().trim().max(PREDICTIONS_SEARCH_MAX).catch(""),
  pagina: z.coerce.number().int().min(1).max(MAX_ID).catch(1),
});

export function predictionsQuery(url: URL | string): { search: string; page: number } {
  const params = new URL(url, "http://x").searchParams;
  const query = PredictionsQuery.parse({ q: params.get("q") ?? "", pagina: params.get("pagina") ?? undefined });
  return { search: query.q, page: query.pagina };
}
