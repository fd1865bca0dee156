import { DEFAULT_RULES } from "#app/domain/game/season-rules";

/**
 * What /admin/temporadas says, its template choice and its rules' defaults, apart from the schemas
 * (season-forms.ts) so that the page can show them without carrying Zod.
 */

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
  noPlayers: "Aún nadie la juega: no hay tabla que cerrar",
} as const;

/** 'Desde un archivo' in the 'Plantilla' select; every other value is a bundled template's key. */
export const FROM_FILE = "archivo";

/**
 * The form's defaults: the original's points, and picks editable until they lock (SPEC §8: on by
 * default for a season the admin creates; the bundled Clausura 2024 keeps the original's final picks).
 */
export const RULE_DEFAULTS = {
  puntosExacto: String(DEFAULT_RULES.pointsExact),
  puntosResultado: String(DEFAULT_RULES.pointsOutcome),
  marcadorEliminatoria: DEFAULT_RULES.knockoutScore,
  editables: true,
} as const;
