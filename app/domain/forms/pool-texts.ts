/**
 * What the pool screens say and their limits, apart from the schemas (pool-forms.ts) so that a
 * page can show them without carrying Zod.
 */

export const POOL_NAME_MAX = 80;

export const POOL_MESSAGES = {
  nameRequired: "El nombre de la quiniela es obligatorio",
  nameTooLong: `El nombre no puede tener más de ${POOL_NAME_MAX} caracteres`,
  nameInvalid: "El nombre contiene caracteres no válidos",
  noMatches: "Selecciona al menos un partido",
  badMatch: "Alguno de los partidos no existe",
  badPhase: "Alguna de las jornadas no existe",
  badUser: "Alguno de los participantes no existe",
  noUsers: "Selecciona al menos un participante",
  tooMany: "Demasiados elementos en un solo envío",
  unknownIntent: "Acción desconocida",
  forbidden: "No tienes permiso para administrar esta quiniela",
  ownerStays: "El creador de la quiniela no se puede quitar",
  notParticipant: "Esa persona no participa en esta quiniela",
  invalidInvite: "El enlace de invitación no es válido",
  notFound: "La quiniela no existe",
  sameSeason: "La quiniela ya es de la temporada actual",
  finishedInvite: "La quiniela es de una temporada terminada: ya no admite participantes",
} as const;
