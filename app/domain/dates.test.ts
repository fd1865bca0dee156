import { describe, expect, test } from "vitest";

import { closingLabel, formatKickoff, timeZoneHint, timeZoneLabel, utcToZonedLocal, zonedLocalToUtc } from "./dates";

describe("zonedLocalToUtc", () => {
  test("reads the wall clock in Mexico City (UTC-6, no daylight saving since 2022)", () => {
    expect(zonedLocalToUtc("2024-01-13T19:00", "America/Mexico_City")).toBe("2024-01-14T01:00:00.000Z");
    expect(zonedLocalToUtc("2024-07-01T12:30", "America/Mexico_City")).toBe("2024-07-01T18:30:00.000Z");
  });

  test("accepts seconds and surrounding spaces", () => {
    expect(zonedLocalToUtc(" 2024-03-02T21:05:30 ", "America/Mexico_City")).toBe("2024-03-03T03:05:30.000Z");
  });

  test("follows daylight saving where the zone has it", () => {
    expect(zonedLocalToUtc("2024-01-15T12:00", "America/Tijuana")).toBe("2024-01-15T20:00:00.000Z");
    expect(zonedLocalToUtc("2024-07-15T12:00", "America/Tijuana")).toBe("2024-07-15T19:00:00.000Z");
    expect(zonedLocalToUtc("2024-07-15T12:00", "Europe/Madrid")).toBe("2024-07-15T10:00:00.000Z");
  });

  test("a time skipped by the spring jump lands after the jump", () => {
    // 2024-03-10 02:30 does not exist in Los Angeles (02:00 → 03:00, UTC-8 → UTC-7).
    expect(zonedLocalToUtc("2024-03-10T02:30", "America/Los_Angeles")).toBe("2024-03-10T10:30:00.000Z");
  });

  test("UTC is read as is", () => {
    expect(zonedLocalToUtc("2024-02-29T00:00", "UTC")).toBe("2024-02-29T00:00:00.000Z");
  });

  test.each([
    "",
    "mañana",
    "2024-02-30T10:00",
    "2023-02-29T10:00",
    "2024-13-01T10:00",
    "2024-01-01T24:00",
    "2024-01-01T10:60",
    "2024-01-01",
  ])("%j is not a date and time", (text) => {
    expect(zonedLocalToUtc(text, "America/Mexico_City")).toBeNull();
  });
});

describe("utcToZonedLocal", () => {
  test("is the inverse of zonedLocalToUtc", () => {
    expect(utcToZonedLocal("2024-01-14T01:00:00.000Z", "America/Mexico_City")).toBe("2024-01-13T19:00");
    expect(utcToZonedLocal("2024-07-15T19:00:00.000Z", "America/Tijuana")).toBe("2024-07-15T12:00");
    for (const local of ["2024-01-13T19:00", "2024-05-26T20:10", "2024-12-31T23:59"]) {
      expect(utcToZonedLocal(zonedLocalToUtc(local, "America/Mexico_City")!, "America/Mexico_City")).toBe(local);
    }
  });

  test("an unreadable instant gives null", () => {
    expect(utcToZonedLocal("no", "UTC")).toBeNull();
  });
});

describe("formatKickoff", () => {
  test("shows the instant in the season's time zone", () => {
    expect(formatKickoff("2024-01-14T01:00:00.000Z", "America/Mexico_City")).toMatch(/13.*19:00/);
    expect(formatKickoff(null, "America/Mexico_City")).toBeNull();
  });
});

test("midnight shows as 00:00, never 24:00", () => {
  expect(formatKickoff("2024-01-14T06:00:00.000Z", "America/Mexico_City")).toMatch(/00:00/);
});

test("a date field's hint names the zone's place in Spanish, or its city", () => {
  expect(timeZoneHint("America/Mexico_City")).toBe("hora de la Ciudad de México");
  expect(timeZoneHint("America/Monterrey")).toBe("hora de Monterrey");
  expect(timeZoneHint("America/Lima")).toBe("hora de Lima");
  expect(timeZoneHint("America/Argentina/Cordoba")).toBe("hora de Cordoba");
});

test("timeZoneLabel says where the clock is read and the zone's own name", () => {
  expect(timeZoneLabel("America/Mexico_City")).toBe("hora de la Ciudad de México (America/Mexico_City)");
  expect(timeZoneLabel("America/Lima")).toBe("hora de Lima (America/Lima)");
  expect(timeZoneLabel("UTC")).toBe("hora de UTC");
});

describe("closingLabel", () => {
  // Thursday 16 May 2024, 23:30 in Mexico City (already Friday in UTC).
  const now = new Date("2024-05-17T05:30:00Z");
  const zone = "America/Mexico_City";

  test("today and tomorrow by the season's calendar, not UTC's", () => {
    expect(closingLabel("2024-05-17T05:45:00Z", now, zone)).toBe("hoy 23:45");
    expect(closingLabel("2024-05-17T06:00:00Z", now, zone)).toBe("mañana 00:00");
  });

  test("the weekday within the week; the date too beyond it", () => {
    expect(closingLabel("2024-05-19T01:00:00Z", now, zone)).toBe("el sábado 19:00");
    expect(closingLabel("2024-05-22T02:00:00Z", now, zone)).toBe("el martes 20:00");
    expect(closingLabel("2024-05-23T01:00:00Z", now, zone)).toBe("el miércoles 19:00");
    expect(closingLabel("2024-05-24T01:00:00Z", now, zone)).toBe("el jueves 23 de mayo 19:00");
  });

  test("another zone reads its own wall clock", () => {
    expect(closingLabel("2024-05-19T01:00:00Z", now, "Europe/Madrid")).toBe("el domingo 03:00");
  });
});
