import { describe, expect, test } from "vitest";

import { escapeText, foldLine, utcDateTime, writeCalendar } from "./icalendar";

const octets = (text: string) => new TextEncoder().encode(text).length;

describe("escapeText", () => {
  test("backslashes, semicolons, commas and line breaks are escaped", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });
});

describe("utcDateTime", () => {
  test("an instant in UTC, ending in Z, whatever offset it was written with", () => {
    expect(utcDateTime("2024-01-12T20:00:00-06:00")).toBe("20240113T020000Z");
    expect(utcDateTime("2024-01-13T02:00:00.000Z")).toBe("20240113T020000Z");
  });

  test("a date that is not one is refused", () => {
    expect(() => utcDateTime("mañana")).toThrow(RangeError);
  });
});

describe("foldLine", () => {
  test("a short line stays as it is", () => {
    expect(foldLine("SUMMARY:Toluca vs América")).toBe("SUMMARY:Toluca vs América");
  });

  test("no line passes 75 octets and unfolding gives the line back", () => {
    const line = `DESCRIPTION:${"x".repeat(200)}`;
    const folded = foldLine(line);
    const lines = folded.split("\r\n");
    expect(lines.length).toBe(3);
    for (const part of lines) expect(octets(part)).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((part) => part.startsWith(" "))).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
  });

  test("a multi-byte character at the boundary moves whole to the next line", () => {
    // 74 ASCII octets, then 'é' (2 octets) would end at octet 76: it must not be cut.
    const line = `${"a".repeat(74)}éb`;
    const [first, second] = foldLine(line).split("\r\n");
    expect(first).toBe("a".repeat(74));
    expect(second).toBe(" éb");
  });

  test("four-byte characters (emoji) are never split either", () => {
    const line = `SUMMARY:${"⚽🏆".repeat(30)}`;
    const lines = foldLine(line).split("\r\n");
    for (const part of lines) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      // A cut inside a character would leave a lone surrogate or a replacement character.
      expect(new TextDecoder("utf-8", { fatal: true }).decode(new TextEncoder().encode(part))).toBe(part);
      expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(part)).toBe(false);
    }
    expect(lines.join("\r\n").replace(/\r\n /g, "")).toBe(line);
  });
});

describe("writeCalendar", () => {
  const calendar = writeCalendar({
    productId: "-//Quiniela//Calendario//ES",
    name: "Quiniela, Liga MX",
    stamp: "2024-01-01T00:00:00Z",
    events: [
      {
        uid: "match-7@quiniela.example",
        start: "2024-01-13T02:00:00Z",
        end: "2024-01-13T04:00:00Z",
        sequence: 2,
        summary: "Toluca 2 - 1 América",
        description: "Jornada 1; Liga MX, Clausura",
        alarm: { minutesBefore: 60, description: "Toluca vs América empieza en una hora" },
      },
    ],
  });

  test("every line ends in CRLF, and no bare LF is left", () => {
    expect(calendar.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(calendar.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  test("an event carries its UID, UTC times, stamp, sequence, escaped texts and its alarm", () => {
    const lines = calendar.split("\r\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "UID:match-7@quiniela.example",
        "DTSTAMP:20240101T000000Z",
        "DTSTART:20240113T020000Z",
        "DTEND:20240113T040000Z",
        "SEQUENCE:2",
        "SUMMARY:Toluca 2 - 1 América",
        "DESCRIPTION:Jornada 1\\; Liga MX\\, Clausura",
        "X-WR-CALNAME:Quiniela\\, Liga MX",
        "BEGIN:VALARM",
        "ACTION:DISPLAY",
        "TRIGGER:-PT60M",
        "STATUS:CONFIRMED",
      ]),
    );
  });
});
