import { z } from "zod";

import type { SeasonRules } from "#app/domain/game/season-rules";

import { idField, plainText } from "./input";
import { SEASON_MESSAGES } from "./season-texts";

/** What /admin/temporadas posts, parsed with Spanish messages. */

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "1" || value === "true");

const points = z
  .string({ error: SEASON_MESSAGES.points })
  .trim()
  .regex(/^\d{1,2}$/, SEASON_MESSAGES.points)
  .transform(Number)
  .pipe(z.number().int().min(1, SEASON_MESSAGES.points).max(99, SEASON_MESSAGES.points));

/** The draft of 'Nueva Temporada': its template or file, its name, and its rules. */
export const newSeasonSchema = z
  .object({
    plantilla: z
      .string({ error: SEASON_MESSAGES.noTemplate })
      .trim()
      .min(1, SEASON_MESSAGES.noTemplate)
      .max(64, SEASON_MESSAGES.noTemplate),
    nombre: plainText({ required: SEASON_MESSAGES.nameRequired, invalid: SEASON_MESSAGES.nameInvalid })
      .transform((text) => text.trim().replace(/\s+/g, " "))
      .pipe(z.string().min(1, SEASON_MESSAGES.nameRequired).max(80, SEASON_MESSAGES.nameTooLong)),
    competicion: plainText({ invalid: SEASON_MESSAGES.competitionInvalid })
      .optional()
      .transform((text) => (text ?? "").trim().replace(/\s+/g, " "))
      .pipe(z.string().max(80, SEASON_MESSAGES.nameTooLong)),
    conHorarios: checkbox,
    // Sent while the admin has not touched 'Con horarios': the server decides from the file.
    conHorariosAuto: checkbox,
    puntosExacto: points,
    puntosResultado: points,
    bonoIdaVuelta: checkbox,
    marcadorEliminatoria: z.enum(["90", "tiempo_extra"], { error: SEASON_MESSAGES.knockoutScore }),
    editables: checkbox,
  })
  .refine((form) => form.puntosExacto > form.puntosResultado, {
    message: SEASON_MESSAGES.exactAboveOutcome,
    path: ["puntosExacto"],
  })
  .transform((form) => ({
    template: form.plantilla,
    name: form.nombre,
    competition: form.competicion,
    withKickoffs: form.conHorariosAuto ? ("auto" as const) : form.conHorarios,
    rules: {
      pointsExact: form.puntosExacto,
      pointsOutcome: form.puntosResultado,
      twoLegBonus: form.bonoIdaVuelta,
      knockoutScore: form.marcadorEliminatoria,
      editablePicks: form.editables,
    } satisfies SeasonRules,
  }));

export type NewSeasonForm = z.output<typeof newSeasonSchema>;

/** 'Hacer actual', 'Terminar temporada', 'Reabrir': one season by id. */
export const seasonActionSchema = z.object({
  intent: z.enum(["make-current", "finish", "reopen"], { error: SEASON_MESSAGES.unknownIntent }),
  seasonId: idField(SEASON_MESSAGES.noSeason),
});
