import { z } from "zod";
import { zonedLocalToUtc } from "./dates";

/**
 * What the admin game screens post (their form contracts), parsed with Spanish messages. Every
 * value arrives as text; a missing field is `undefined`.
 */

export const ADMIN_MESSAGES = {
  unknownIntent: "Acción desconocida",
  incompleteMatch: "Por favor completa todos los campos",
  sameTeams: "El equipo local y el visitante deben ser distintos",
  badKickoff: "La fecha y hora no es válida",
  noPhase: "Selecciona una jornada",
  noMatch: "El partido no existe",
  noPrediction: "La predicción no existe",
  badActive: "Indica si la jornada se activa o se desactiva",
  missingResult: "Por favor ingresa ambos resultados",
  missingPrediction: "Por favor ingresa ambos marcadores",
  goalsRange: "Los goles deben ser un número entero entre 0 y 20",
} as const;

/** Score range of the admin screens (the home form allows 0–99). */
export const ADMIN_MAX_GOALS = 20;

/** A positive integer id given as text. */
function id(message: string) {
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().positive(message));
}

function goals(missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .regex(/^\d+$/, ADMIN_MESSAGES.goalsRange)
    .transform(Number)
    .pipe(z.number().int().min(0, ADMIN_MESSAGES.goalsRange).max(ADMIN_MAX_GOALS, ADMIN_MESSAGES.goalsRange));
}

/** /admin/matches: intent=create | toggle-phase | reset. */
export function matchesFormSchema(timeZone: string) {
  return z.discriminatedUnion(
    "intent",
    [
      z
        .object({
          intent: z.literal("create"),
          phaseId: id(ADMIN_MESSAGES.incompleteMatch),
          homeTeamId: id(ADMIN_MESSAGES.incompleteMatch),
          awayTeamId: id(ADMIN_MESSAGES.incompleteMatch),
          kickoff: z
            .string()
            .optional()
            .transform((text, ctx) => {
              if (!text?.trim()) return null;
              const iso = zonedLocalToUtc(text, timeZone);
              if (iso === null) ctx.addIssue({ code: "custom", message: ADMIN_MESSAGES.badKickoff });
              return iso;
            }),
        })
        .refine((match) => match.homeTeamId !== match.awayTeamId, { message: ADMIN_MESSAGES.sameTeams }),
      z.object({
        intent: z.literal("toggle-phase"),
        phaseId: id(ADMIN_MESSAGES.noPhase),
        active: z.enum(["1", "0"], { error: ADMIN_MESSAGES.badActive }).transform((flag) => flag === "1"),
      }),
      z.object({ intent: z.literal("reset"), matchId: id(ADMIN_MESSAGES.noMatch) }),
    ],
    { error: ADMIN_MESSAGES.unknownIntent },
  );
}

/** /admin/results: intent=save-result. */
export const resultFormSchema = z.object(
  {
    intent: z.literal("save-result", { error: ADMIN_MESSAGES.unknownIntent }),
    matchId: id(ADMIN_MESSAGES.noMatch),
    home: goals(ADMIN_MESSAGES.missingResult),
    away: goals(ADMIN_MESSAGES.missingResult),
  },
  { error: ADMIN_MESSAGES.unknownIntent },
);

/** /admin/activar-quinielas: intent=activate. */
export const activateFormSchema = z.object({
  intent: z.literal("activate", { error: ADMIN_MESSAGES.unknownIntent }),
  phaseId: id(ADMIN_MESSAGES.noPhase),
});

/** /admin/predictions: intent=update-prediction. */
export const predictionFormSchema = z.object({
  intent: z.literal("update-prediction", { error: ADMIN_MESSAGES.unknownIntent }),
  predictionId: id(ADMIN_MESSAGES.noPrediction),
  home: goals(ADMIN_MESSAGES.missingPrediction),
  away: goals(ADMIN_MESSAGES.missingPrediction),
});

export type ParsedForm<T> = { ok: true; data: T } | { ok: false; message: string };

/** The form's text fields through the schema; the first problem's message when it fails. */
export function parseForm<S extends z.ZodType>(
  schema: S,
  form: FormData | URLSearchParams | Record<string, string | undefined>,
): ParsedForm<z.output<S>> {
  const fields: Record<string, string> = {};
  const entries = form instanceof FormData || form instanceof URLSearchParams ? form.entries() : Object.entries(form);
  for (const [key, value] of entries) {
    if (typeof value === "string" && !(key in fields)) fields[key] = value;
  }
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? ADMIN_MESSAGES.unknownIntent };
}

/** The `?jornada=` search parameter as a phase id, or null when absent or not an id. */
export function phaseParam(url: URL | string): number | null {
  const value = new URL(url, "http://x").searchParams.get("jornada");
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}
