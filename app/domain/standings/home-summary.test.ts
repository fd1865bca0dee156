import { describe, expect, test } from "vitest";

import { championText, lastPhaseTile, openAt, openSummary, openText, placeTile } from "./home-summary";

const ZONE = "America/Mexico_City";
// Thursday 16 May 2024, 12:00 in Mexico City.
const NOW = new Date("2024-05-16T18:00:00Z");
const match = (kickoffAt: string | null, { pick = false, locked = false, editable = false } = {}) => ({
  kickoffAt,
  pick: pick ? { home: 1, away: 0, points: null, bonus: 0, exact: false } : null,
  lockedBecause: locked ? "El partido ya comenzó" : null,
  editable,
});

const AT = NOW.getTime();
const MINUTE = 60_000;

describe("what is still open", () => {
  test("the open matches without a pick, and the earliest kickoff among them in the season's zone", () => {
    const open = openSummary(
      [
        match("2024-05-19T01:00:00Z"), // Saturday 18 May, 19:00
        match("2024-05-20T02:00:00Z"), // Sunday 19 May, 20:00
        match(null),
        match("2024-05-17T01:00:00Z", { pick: true, editable: true }), // predicted: it does not set the close
        match("2024-05-17T01:00:00Z", { pick: true }), // predicted, final
        match("2024-05-16T17:00:00Z", { locked: true }), // locked: not open
      ],
      NOW,
      ZONE,
    );
    expect(open).toEqual({
      missing: { at: AT, count: 3, closings: [Date.parse("2024-05-19T01:00:00Z"), Date.parse("2024-05-20T02:00:00Z")] },
      editable: 1,
      timeZone: ZONE,
    });
    expect(openAt(open, AT)).toEqual({ missing: 3, closes: "el sábado 19:00", countdown: "Cierra en 2 días 7 h" });
    expect(openText(open, AT)).toBe("Te faltan 3 pronósticos · cierra el sábado 19:00");
  });

  test("one missing; today, tomorrow and beyond the week are said so", () => {
    const one = openSummary([match("2024-05-17T02:30:00Z")], NOW, ZONE);
    expect(openText(one, AT)).toBe("Te falta 1 pronóstico · cierra hoy 20:30");
    expect(openAt(one, AT).countdown).toBe("Cierra en 8 h 30 min");
    expect(openAt(openSummary([match("2024-05-17T19:00:00Z")], NOW, ZONE), AT).closes).toBe("mañana 13:00");
    expect(openAt(openSummary([match("2024-05-26T01:00:00Z")], NOW, ZONE), AT).closes).toBe(
      "el sábado 25 de mayo 19:00",
    );
  });

  test("as the clock moves, the countdown runs and a close that comes takes its pick off and names the next", () => {
    const open = openSummary([match("2024-05-16T20:15:00Z"), match("2024-05-16T22:00:00Z"), match(null)], NOW, ZONE);
    expect(openAt(open, AT)).toEqual({ missing: 3, closes: "hoy 14:15", countdown: "Cierra en 2 h 15 min" });
    expect(openAt(open, AT + MINUTE).countdown).toBe("Cierra en 2 h 14 min");
    expect(openAt(open, AT + 135 * MINUTE - 1).countdown).toBe("Cierra en menos de 1 min");
    // 14:15: the first locks.
    expect(openAt(open, AT + 135 * MINUTE)).toEqual({
      missing: 2,
      closes: "hoy 16:00",
      countdown: "Cierra en 1 h 45 min",
    });
    expect(openText(open, AT + 135 * MINUTE)).toBe("Te faltan 2 pronósticos · cierra hoy 16:00");
    // 16:00: only the match without a kickoff is left.
    expect(openAt(open, AT + 240 * MINUTE)).toEqual({ missing: 1, closes: null, countdown: null });
    expect(openText(open, AT + 240 * MINUTE)).toBe("Te falta 1 pronóstico · fecha de cierre por confirmar");
  });

  test("without a kickoff the close is not known yet", () => {
    const open = openSummary([match(null), match(null)], NOW, ZONE);
    expect(open.missing).toEqual({ at: AT, count: 2, closings: [] });
    expect(openAt(open, AT)).toEqual({ missing: 2, closes: null, countdown: null });
    expect(openText(open, AT)).toBe("Te faltan 2 pronósticos · fecha de cierre por confirmar");
  });

  test("nothing missing: every open pick made (still editable, or final), or nothing open", () => {
    expect(openText({ missing: { at: AT, count: 0, closings: [] }, editable: 4, timeZone: ZONE }, AT)).toBe(
      "Ya pronosticaste todo lo abierto · puedes cambiarlo hasta que cierre cada partido",
    );
    expect(openText(openSummary([match("2024-05-19T01:00:00Z", { pick: true })], NOW, ZONE), AT)).toBe(
      "No tienes pronósticos pendientes por ahora",
    );
    expect(openText(openSummary([match("2024-05-16T17:00:00Z", { locked: true })], NOW, ZONE), AT)).toBe(
      "No tienes pronósticos pendientes por ahora",
    );
  });
});

describe("the player's place and last jornada", () => {
  test("rank of the table, points and the movement since the jornada before the last one", () => {
    expect(
      placeTile({ rank: 3, total: 20, points: 45, movement: { direction: "up", places: 2 }, since: "Jornada 16" }),
    ).toEqual({
      label: "Posición",
      value: "3.º de 20",
      detail: "45 puntos",
      mark: { text: "▲ 2", phrase: "Subiste 2 puestos desde Jornada 16", direction: "up" },
    });
    expect(placeTile({ rank: 12, total: 20, points: 0, movement: null, since: null })).toEqual({
      label: "Posición",
      value: "12.º de 20",
      detail: "Aún sin puntos",
    });
    expect(placeTile({ rank: 1, total: 2, points: 1, movement: null, since: null }).detail).toBe("1 punto");
  });

  test("before any result, and before any completed jornada", () => {
    expect(placeTile(null)).toEqual({
      label: "Posición",
      value: "Sin resultados aún",
      detail: "Todos empiezan en 0 puntos",
    });
    expect(lastPhaseTile(null)).toEqual({
      label: "Última jornada",
      value: "Ninguna completa aún",
      detail: "Cuando todos sus partidos tengan resultado",
    });
  });

  test("the last completed jornada's points and exact scores", () => {
    expect(lastPhaseTile({ name: "Jornada 17", points: 5, exactHits: 1 })).toEqual({
      label: "Última jornada",
      value: "5 puntos",
      detail: "Jornada 17 · 1 exacto",
    });
    expect(lastPhaseTile({ name: "Final Vuelta", points: 0, exactHits: 0 }).detail).toBe("Final Vuelta");
    expect(lastPhaseTile({ name: "Final Vuelta", points: 9, exactHits: 3 }).detail).toBe("Final Vuelta · 3 exactos");
  });
});

test("a finished season's champion, tied champions, and the viewer as champion", () => {
  expect(championText({ names: ["Chucho ⚽"], points: 123, you: false })).toBe("Campeón: Chucho ⚽ con 123 puntos");
  expect(championText({ names: ["Ana", "Beto", "Caro"], points: 80, you: false })).toBe(
    "Campeones: Ana, Beto y Caro con 80 puntos",
  );
  expect(championText({ names: ["Chucho ⚽"], points: 123, you: true })).toBe(
    "¡Ganaste la temporada! Campeón: Chucho ⚽ con 123 puntos",
  );
});
