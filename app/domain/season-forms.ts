import { z } from "zod";
import { idField, plainText } from "./input";
import { DEFAULT_RULES, type SeasonRules } from "./season-rules";

/** What /admin/temporadas posts, parsed with Spanish messages. */

export const SEASON_MESSAGES = {
  unknownIntent: "Acción desconocida",
  noSeason: "La temporada no existe",
  nameRequired: "Escribe el nombre de la temporada",
  nameTooLong: "El nombre no puede tener más de 80 caracteres",
  nameInvalid: "El nombre contiene caracteres no permitidos",
  competitionInvalid: "La competición contiene caracteres no permitidos",
  noTemplate: "Elige una plantilla o 'Desde un archivo'",
  noFile: "Selecciona el archivo de la temporada",
  points: "Los puntos deben ser un número entero entre 1 y 99",
  exactAboveOutcome: "El marcador exacto debe valer más que acertar el resultado",
  knockoutScore: "Elige qué marcador cuenta en las eliminatorias",
  stale: "Vuelve a revisar el archivo",
} as const;

/** 'Desde un archivo' in the 'Plantilla' select; every other value is a bundled template's key. */
export const FROM_FILE = "archivo";

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
    plantilla: z.string({ error: SEASON_MESSAGES.noTemplate }).trim().min(1, SEASON_MESSAGES.noTemplate).max(64, SEASON_MESSAGES.noTemplate),
    nombre: plainText({ required: SEASON_MESSAGES.nameRequired, invalid: SEASON_MESSAGES.nameInvalid })
      .transform((text) => text.trim().replace(/\s+/g, " "))
      .pipe(z.string().min(1, SEASON_MESSAGES.nameRequired).max(80, SEASON_MESSAGES.nameTooLong)),
    competicion: plainText({ invalid: SEASON_MESSAGES.competitionInvalid })
      .optional()
      .transform((text) => (text ?? "").trim().replace(/\s+/g, " "))
      .pipe(z.string().max(80, SEASON_MESSAGES.nameTooLong)),
    conHorarios: checkbox,
    puntosExacto: points,
    puntosResultado: points,
    bonoIdaVuelta: checkbox,
    marcadorEliminatoria: z.enum(["90", "tiempo_extra"], { error: SEASON_MESSAGES.knockoutScore }),
    editables: checkbox,
  })
  .refine((form) => form.puntosExacto > form.puntosResultado, { message: SEASON_MESSAGES.exactAboveOutcome, path: ["puntosExacto"] })
  .transform((form) => ({
    template: form.plantilla,
    name: form.nombre,
    competition: form.competicion,
    withKickoffs: form.conHorarios,
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

/** The form's defaults: the original's rules. */
export const RULE_DEFAULTS = {
  puntosExacto: String(DEFAULT_RULES.pointsExact),
  puntosResultado: String(DEFAULT_RULES.pointsOutcome),
  marcadorEliminatoria: DEFAULT_RULES.knockoutScore,
} as const;
