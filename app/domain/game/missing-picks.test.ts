import { describe, expect, test } from "vitest";

import {
  countdownText,
  missingAt,
  missingPicks,
  missingText,
  nameWithMissing,
  newerMissing,
  nextTick,
} from "./missing-picks";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const AT = Date.parse("2024-05-16T18:00:00Z");
const iso = (ms: number) => new Date(ms).toISOString();

describe("the picks still owed", () => {
  test("an open match without the player's pick; not one predicted, nor one closed", () => {
    const missing = missingPicks(
      [
        { kickoffAt: iso(AT + 2 * HOUR), open: true, picked: false },
        { kickoffAt: iso(AT + HOUR), open: true, picked: false },
        { kickoffAt: null, open: true, picked: false },
        { kickoffAt: iso(AT + 30 * MINUTE), open: true, picked: true },
        { kickoffAt: iso(AT - HOUR), open: false, picked: false },
        { kickoffAt: null, open: false, picked: false },
      ],
      AT,
    );
    expect(missing).toEqual({ at: AT, count: 3, closings: [AT + HOUR, AT + 2 * HOUR] });
  });

  test("the count goes down at each close; a match without a kickoff stays owed", () => {
    const missing = { at: AT, count: 4, closings: [AT + HOUR, AT + HOUR, AT + 2 * HOUR] };
    expect(missingAt(missing, AT)).toEqual({ count: 4, next: AT + HOUR });
    expect(missingAt(missing, AT + HOUR - 1)).toEqual({ count: 4, next: AT + HOUR });
    // Two matches kick off together.
    expect(missingAt(missing, AT + HOUR)).toEqual({ count: 2, next: AT + 2 * HOUR });
    expect(missingAt(missing, AT + DAY)).toEqual({ count: 1, next: null });
  });

  test("a list kept short still counts what lies beyond it", () => {
    const missing = missingPicks(
      [1, 2, 3].map((hours) => ({ kickoffAt: iso(AT + hours * HOUR), open: true, picked: false })),
      AT,
      2,
    );
    expect(missing).toEqual({ at: AT, count: 3, closings: [AT + HOUR, AT + 2 * HOUR] });
    expect(missingAt(missing, AT + 2 * HOUR)).toEqual({ count: 1, next: null });
  });

  test("the newer of two readings", () => {
    const older = { at: AT, count: 3, closings: [] };
    const newer = { at: AT + 1, count: 1, closings: [] };
    expect(newerMissing(older, newer)).toBe(newer);
    expect(newerMissing(newer, older)).toBe(newer);
    expect(newerMissing(older, null)).toBe(older);
  });
});

describe("in words", () => {
  test("what is missing, and 'Inicio' with its count", () => {
    expect(missingText(3)).toBe("Te faltan 3 pronósticos");
    expect(missingText(1)).toBe("Te falta 1 pronóstico");
    expect(nameWithMissing("Inicio", 3)).toBe("Inicio, te faltan 3 pronósticos");
    expect(nameWithMissing("Inicio", 1)).toBe("Inicio, te falta 1 pronóstico");
    expect(nameWithMissing("Inicio", 0)).toBe("Inicio");
    expect(nameWithMissing("Abrir menú", 3)).toBe("Abrir menú, te faltan 3 pronósticos");
    expect(nameWithMissing("Abrir menú", 1)).toBe("Abrir menú, te falta 1 pronóstico");
    expect(nameWithMissing("Abrir menú", 0)).toBe("Abrir menú");
  });

  test("the time left: days and hours, hours and minutes, minutes, under a minute; never more than there is", () => {
    expect(countdownText(2 * HOUR + 15 * MINUTE)).toBe("Cierra en 2 h 15 min");
    expect(countdownText(2 * HOUR + 15 * MINUTE + 59_999)).toBe("Cierra en 2 h 15 min");
    expect(countdownText(3 * HOUR)).toBe("Cierra en 3 h");
    expect(countdownText(45 * MINUTE + 30_000)).toBe("Cierra en 45 min");
    expect(countdownText(MINUTE)).toBe("Cierra en 1 min");
    expect(countdownText(59_999)).toBe("Cierra en menos de 1 min");
    expect(countdownText(1)).toBe("Cierra en menos de 1 min");
    expect(countdownText(DAY + 4 * HOUR + 59 * MINUTE)).toBe("Cierra en 1 día 4 h");
    expect(countdownText(2 * DAY + 30 * MINUTE)).toBe("Cierra en 2 días");
    expect(countdownText(23 * HOUR + 59 * MINUTE)).toBe("Cierra en 23 h 59 min");
  });

  test("the words change on the minute counted to the close, and at the close", () => {
    const close = AT + 2 * HOUR;
    expect(nextTick(close, AT)).toBe(AT + MINUTE);
    expect(nextTick(close, AT + 10_000)).toBe(AT + MINUTE);
    expect(nextTick(close + 20_000, AT)).toBe(AT + 20_000);
    expect(nextTick(close, close - 5_000)).toBe(close);
    expect(countdownText(close - nextTick(close, AT + 10_000))).toBe("Cierra en 1 h 59 min");
  });
});
