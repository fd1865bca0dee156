/**
 * What 'Recordar a los que faltan' (/admin/estado-pronosticos) says, in Spanish: sent, refused
 * for the hour, or why nobody was reminded.
 */

/** 'hace 12 minutos', 'hace 1 minuto', 'hace menos de un minuto'. */
export function minutesAgo(minutes: number): string {
  if (minutes < 1) return "hace menos de un minuto";
  return minutes === 1 ? "hace 1 minuto" : `hace ${minutes} minutos`;
}

export const REMINDER_TEXTS = {
  sentTitle: "Recordatorio enviado",
  sent: (players: number) =>
    players === 1 ? "Recordatorio enviado a 1 jugador" : `Recordatorio enviado a ${players} jugadores`,
  tooSoon: (minutes: number) => `Ya se envió un recordatorio de esta jornada ${minutesAgo(minutes)}`,
  noChannel: "Para enviar recordatorios, configura el correo del servidor (SMTP_HOST y SMTP_FROM).",
  notFound: "La jornada no existe",
  notCurrent: "Solo se recuerdan las jornadas de la temporada actual",
  finished: "La temporada ya terminó: no se envían recordatorios",
  noOpenMatches: "Esta jornada no tiene partidos abiertos para pronosticar",
  nobody: "Nadie que reciba recordatorios tiene pronósticos pendientes en esta jornada",
  failure: "No se pudo enviar el recordatorio",
  /** Under the button: the last one sent, and to how many. */
  last: (minutes: number, players: number) =>
    `Último recordatorio ${minutesAgo(minutes)}, a ${players === 1 ? "1 jugador" : `${players} jugadores`}.`,
} as const;
