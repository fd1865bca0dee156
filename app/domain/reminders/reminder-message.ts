import { formatKickoff, timeZoneHint } from "#app/domain/dates";

import { firstKickoff } from "./reminder-rules";

/**
 * What a reminder says (issue 45): only the player's missing matches of one phase, the first
 * kickoff among them in the season's time zone, and a link to the home page. One summary line
 * for every channel ('Te faltan 3 pronósticos de la Jornada 5 · el primero empieza el sábado a
 * las 19:00 (hora de la Ciudad de México)'); the e-mail adds the list and the way out.
 */

export interface MissingMatch {
  home: string;
  away: string;
  /** ISO-8601 UTC, or null ('Fecha por confirmar'). */
  kickoffAt: string | null;
}

export interface ReminderContent {
  phaseName: string;
  /** The missing matches, in the season's order. */
  matches: readonly MissingMatch[];
  timeZone: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(iso: string | Date, timeZone: string): Record<string, string> {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("es-MX", {
      timeZone,
      weekday: "long",
      year: "numeric",
      day: "numeric",
      month: "long",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(new Date(iso))) parts[part.type] = part.value;
  return parts;
}

/** Days between two calendar dates of the zone's wall clock (0: the same day). */
function calendarDays(from: Record<string, string>, to: Record<string, string>): number {
  const day = (parts: Record<string, string>) =>
    Date.UTC(Number(parts.year), monthIndex(parts.month), Number(parts.day));
  return Math.round((day(to) - day(from)) / 86_400_000);
}

const MONTHS = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];
const monthIndex = (name: string | undefined) => Math.max(0, MONTHS.indexOf(name ?? ""));

/**
 * 'el sábado a las 19:00' in the season's zone; a kickoff a week or more away names its date too
 * ('el sábado 20 de enero a las 19:00'), so the weekday never points at the wrong week.
 */
export function kickoffPhrase(iso: string, timeZone: string, now: Date): string {
  const kickoff = partsIn(iso, timeZone);
  const time = `${kickoff.hour}:${kickoff.minute}`;
  const date = calendarDays(partsIn(now, timeZone), kickoff) >= 7 ? ` ${kickoff.day} de ${kickoff.month}` : "";
  return `el ${kickoff.weekday}${date} a las ${time}`;
}

/** Articles by how a phase's name starts: 'de la Jornada 5', 'de los Cuartos Ida', 'del Play-In 1'. */
const ARTICLES: readonly [RegExp, string][] = [
  [/^(?:jornada|final|semifinal(?!es)|fase|ronda)/i, "de la"],
  [/^semifinales/i, "de las"],
  [/^(?:cuartos|octavos|dieciseisavos)/i, "de los"],
  [/^(?:tercer|play-in|partido)/i, "del"],
];

/** The phase after 'de': 'de la Jornada 5', 'de los Cuartos Ida'; a name of another kind plainly. */
export function ofPhase(phaseName: string): string {
  const article = ARTICLES.find(([pattern]) => pattern.test(phaseName))?.[1] ?? "de";
  return `${article} ${phaseName}`;
}

/** 'Te faltan 3 pronósticos de la Jornada 5' ('Te falta 1 pronóstico…'). */
export function reminderTitle({ phaseName, matches }: Pick<ReminderContent, "phaseName" | "matches">): string {
  return matches.length === 1
    ? `Te falta 1 pronóstico ${ofPhase(phaseName)}`
    : `Te faltan ${matches.length} pronósticos ${ofPhase(phaseName)}`;
}

/**
 * The summary every channel carries: the title, then when the first missing match starts, when
 * one has a kickoff ('… · el primero empieza el sábado a las 19:00 (hora de la Ciudad de México)').
 */
export function reminderSummary(content: ReminderContent, now: Date): string {
  const title = reminderTitle(content);
  const first = firstKickoff(content.matches);
  if (first === null) return title;
  const starts = content.matches.length === 1 ? "empieza" : "el primero empieza";
  return `${title} · ${starts} ${kickoffPhrase(first, content.timeZone, now)} (${timeZoneHint(content.timeZone)})`;
}

/** One line per missing match: 'América vs Cruz Azul · sáb, 13 ene, 19:00'. */
export function matchLines({ matches, timeZone }: Pick<ReminderContent, "matches" | "timeZone">): string[] {
  return matches.map(
    (match) => `${match.home} vs ${match.away} · ${formatKickoff(match.kickoffAt, timeZone) ?? "Fecha por confirmar"}`,
  );
}

export interface ReminderEmail {
  subject: string;
  text: string;
  html: string;
}

export interface ReminderEmailInput {
  name: string;
  content: ReminderContent;
  /** The home page, on the configured origin. */
  homeUrl: string;
  /** This player's one-click way out (the List-Unsubscribe address). */
  unsubscribeUrl: string;
}

const WHY = "Recibes este correo porque tienes activados los recordatorios por correo de Quiniela.";
const WAY_OUT = "Para no recibir más recordatorios por correo:";

/** The reminder e-mail: plain text, and a simple HTML version of the same words. */
export function reminderEmail(
  { name, content, homeUrl, unsubscribeUrl }: ReminderEmailInput,
  now: Date,
): ReminderEmail {
  const greeting = name.trim() ? `Hola, ${name.trim()}:` : "Hola:";
  const summary = `${reminderSummary(content, now)}.`;
  const lines = matchLines(content);
  const invite = "Captura tus pronósticos en Quiniela antes de que empiecen:";
  const text = [
    greeting,
    "",
    summary,
    "",
    ...lines.map((line) => `- ${line}`),
    "",
    invite,
    homeUrl,
    "",
    "--",
    WHY,
    `${WAY_OUT} ${unsubscribeUrl}`,
    "",
  ].join("\n");
  const html = [
    "<!doctype html>",
    '<html lang="es"><body style="font-family: sans-serif; line-height: 1.5;">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(summary)}</p>`,
    `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`,
    `<p>${escapeHtml(invite)}</p>`,
    `<p><a href="${escapeHtml(homeUrl)}">Capturar mis pronósticos</a></p>`,
    `<p style="font-size: 0.85em; color: #555;">${escapeHtml(WHY)}<br>`,
    `<a href="${escapeHtml(unsubscribeUrl)}">No recibir más recordatorios por correo</a></p>`,
    "</body></html>",
  ].join("\n");
  return { subject: reminderTitle(content), text, html };
}

/** What a push notification shows (title, text, the page it opens). */
export function reminderNotice(content: ReminderContent, now: Date): { title: string; body: string; url: string } {
  return { title: "Quiniela", body: reminderSummary(content, now), url: "/" };
}

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
