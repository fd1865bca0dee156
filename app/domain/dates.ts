const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale, zone and style: building one costs far more than using it. */
function formatter(locale: string, options: Intl.DateTimeFormatOptions & { timeZone: string }): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, cached);
  }
  return cached;
}

/** Kickoff times in the season's time zone, formatted on the server so SSR and browser agree. */
export function formatKickoff(iso: string | null, timeZone: string): string | null {
  if (!iso) return null;
  return formatter("es-MX", {
    timeZone,
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(iso));
}

/** A moment with its year, for records that outlive a season ('Bitácora'): '28 nov 2026, 10:20'. */
export function formatDateTime(iso: string, timeZone: string): string {
  return formatter("es-MX", {
    timeZone,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(iso));
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** How far the zone's wall clock is ahead of UTC at this instant, in milliseconds. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = formatter("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * A wall-clock date and time as a `<input type="datetime-local">` gives it ('2024-01-13T19:00'),
 * read in the season's time zone, as an ISO-8601 UTC string; null when it is not a real date.
 * A time skipped by a daylight-saving jump resolves to the instant after the jump.
 */
export function zonedLocalToUtc(local: string, timeZone: string): string | null {
  const match = LOCAL_DATE_TIME.exec(local.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  const sameDay = check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
  if (!sameDay || hour > 23 || minute > 59 || second > 59) return null;
  let instant = wall - zoneOffset(wall, timeZone);
  const settled = wall - zoneOffset(instant, timeZone);
  if (settled !== instant) instant = Math.max(instant, settled);
  return new Date(instant).toISOString();
}

/** An ISO-8601 instant as the season's wall clock, in the `datetime-local` format ('2024-01-13T19:00'). */
export function utcToZonedLocal(iso: string, timeZone: string): string | null {
  const instant = new Date(iso).getTime();
  if (Number.isNaN(instant)) return null;
  return new Date(instant + zoneOffset(instant, timeZone)).toISOString().slice(0, 16);
}

/** A calendar date in the season's time zone, e.g. '22 nov 2026'. */
export function formatDate(iso: string, timeZone: string): string {
  return formatter("es-MX", { timeZone, day: "numeric", month: "short", year: "numeric" }).format(new Date(iso));
}

/** The places of the zones a season of ours is likely to use, as Spanish speakers name them. */
const PLACES: Record<string, string> = {
  "America/Mexico_City": "la Ciudad de México",
  "America/Monterrey": "Monterrey",
  "America/Tijuana": "Tijuana",
  "America/Cancun": "Cancún",
  "America/Mazatlan": "Mazatlán",
  "America/Hermosillo": "Hermosillo",
  "America/Chihuahua": "Chihuahua",
  "America/Merida": "Mérida",
  "America/New_York": "Nueva York",
  "America/Los_Angeles": "Los Ángeles",
  "America/Chicago": "Chicago",
  "America/Toronto": "Toronto",
  "America/Bogota": "Bogotá",
  "America/Argentina/Buenos_Aires": "Buenos Aires",
  "Europe/Madrid": "Madrid",
  UTC: "UTC",
};

/**
 * 'hora de la Ciudad de México': where a zone's wall clock is read, for the hints under a date
 * field; a zone not listed is named by its city ('America/Lima' → 'hora de Lima').
 */
export function timeZoneHint(timeZone: string): string {
  const place = PLACES[timeZone] ?? timeZone.slice(timeZone.lastIndexOf("/") + 1).replace(/_/g, " ");
  return `hora de ${place}`;
}

/**
 * 'hora de la Ciudad de México (America/Mexico_City)': the hint with the zone's own name, where a
 * date is shown or edited once for many (the admin's kickoffs), so nobody has to guess the zone.
 */
export function timeZoneLabel(timeZone: string): string {
  const hint = timeZoneHint(timeZone);
  return hint.endsWith(` ${timeZone}`) ? hint : `${hint} (${timeZone})`;
}

const DAY_MS = 86_400_000;

/** Days from one wall-clock date ('2024-05-25…') to another, calendar days apart. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to.slice(0, 10)}T00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00Z`)) / DAY_MS);

/**
 * When something closes, as a person says it, in the season's time zone: 'hoy 19:00',
 * 'mañana 19:00', 'el sábado 19:00' within the week, 'el sábado 25 de mayo 19:00' further on
 * (a weekday alone would point at the wrong week).
 */
export function closingLabel(iso: string, now: Date, timeZone: string): string {
  const wall = utcToZonedLocal(iso, timeZone);
  const today = utcToZonedLocal(now.toISOString(), timeZone);
  if (!wall || !today) return "";
  const time = wall.slice(11, 16);
  const days = daysBetween(today, wall);
  if (days === 0) return `hoy ${time}`;
  if (days === 1) return `mañana ${time}`;
  const weekday = formatter("es-MX", { timeZone, weekday: "long" }).format(new Date(iso));
  if (days > 1 && days < 7) return `el ${weekday} ${time}`;
  const date = formatter("es-MX", { timeZone, day: "numeric", month: "long" }).format(new Date(iso));
  return `el ${weekday} ${date} ${time}`;
}
