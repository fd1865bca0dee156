/**
 * An iCalendar writer (RFC 5545), only what a feed of matches needs: a VCALENDAR of VEVENTs, each
 * with an optional VALARM. Written by hand because the maintained generators need a newer Node
 * than ours, and the format's rules that matter are few: CRLF line ends, lines folded at 75 octets
 * without cutting a UTF-8 character in two, TEXT values escaped, times in UTC ending in Z.
 */

export interface CalendarAlarm {
  /** How long before the start it rings. */
  minutesBefore: number;
  description: string;
}

export interface CalendarEvent {
  /** Globally unique and the same on every fetch: it is how a client knows an event again. */
  uid: string;
  /** ISO-8601 instants. */
  start: string;
  end: string;
  /** Grows each time the event's time changes (RFC 5545 §3.8.7.4). */
  sequence: number;
  summary: string;
  description?: string;
  url?: string;
  cancelled?: boolean;
  alarm?: CalendarAlarm;
}

export interface Calendar {
  /** PRODID: who made the calendar. */
  productId: string;
  /** The name a client gives the subscribed calendar (X-WR-CALNAME). */
  name: string;
  /** When the feed was written (every event's DTSTAMP): ISO-8601. */
  stamp: string;
  events: readonly CalendarEvent[];
}

/** A TEXT value escaped (§3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, "\\n");
}

/** An instant as an RFC 5545 UTC DATE-TIME: 20240113T020000Z. */
export function utcDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Fecha no válida: ${iso}`);
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

const MAX_OCTETS = 75;
const encoder = new TextEncoder();

/**
 * One content line folded (§3.1): no line longer than 75 octets, continuation lines starting with
 * one space (which counts in their 75), and a cut only between whole characters, so a client that
 * reads each line as UTF-8 never sees half of 'é' or an emoji.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function eventLines(event: CalendarEvent, stamp: string): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcDateTime(stamp)}`,
    `DTSTART:${utcDateTime(event.start)}`,
    `DTEND:${utcDateTime(event.end)}`,
    `SEQUENCE:${Math.max(0, Math.trunc(event.sequence))}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push(`STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`);
  if (event.alarm) {
    lines.push(
      "BEGIN:VALARM",
      "ACTION:DISPLAY",
      `TRIGGER:-PT${Math.max(0, Math.trunc(event.alarm.minutesBefore))}M`,
      `DESCRIPTION:${escapeText(event.alarm.description)}`,
      "END:VALARM",
    );
  }
  lines.push("END:VEVENT");
  return lines;
}

/** The whole calendar as text: CRLF after every line, the last one included. */
export function writeCalendar(calendar: Calendar): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${calendar.productId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    ...calendar.events.flatMap((event) => eventLines(event, calendar.stamp)),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
