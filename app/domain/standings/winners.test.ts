import { describe, expect, test } from "vitest";

import { jornadasWonInWords, phaseWinners, TIE_BREAK, winnersLine } from "./winners";

const row = (userId: string, points: number, exactHits: number, outcomeHits: number) => ({
  userId,
  points,
  exactHits,
  outcomeHits,
});

describe("phaseWinners", () => {
  test("first place alone wins", () => {
    expect(
      phaseWinners([row("beto", 9, 0, 9), row("ana", 12, 2, 6), row("carla", 3, 1, 1)]).map((r) => r.userId),
    ).toEqual(["ana"]);
  });

  test("the tables' tie-break decides: on points, exact hits decide, then correct outcomes", () => {
    expect(phaseWinners([row("ana", 9, 1, 7), row("beto", 9, 3, 3)]).map((r) => r.userId)).toEqual(["beto"]);
    expect(phaseWinners([row("ana", 9, 1, 7), row("beto", 9, 1, 6)]).map((r) => r.userId)).toEqual(["ana"]);
  });

  test("players equal on all three share it", () => {
    expect(
      phaseWinners([row("ana", 9, 1, 7), row("carla", 4, 0, 4), row("beto", 9, 1, 7)]).map((r) => r.userId),
    ).toEqual(["ana", "beto"]);
  });

  test("nobody wins a jornada where nobody scored, nor an empty one", () => {
    expect(phaseWinners([row("ana", 0, 0, 0), row("beto", 0, 0, 0)])).toEqual([]);
    expect(phaseWinners([])).toEqual([]);
  });
});

describe("in words", () => {
  test("the winner line, one or shared, none without a winner", () => {
    expect(winnersLine(["Ana"])).toBe("Ganador de la jornada: Ana");
    expect(winnersLine(["Ana", "Beto"])).toBe("Ganadores de la jornada: Ana, Beto");
    expect(winnersLine([])).toBeNull();
  });

  test("the column on a phone", () => {
    expect(jornadasWonInWords(0)).toBe("0 jornadas ganadas");
    expect(jornadasWonInWords(1)).toBe("1 jornada ganada");
    expect(jornadasWonInWords(3)).toBe("3 jornadas ganadas");
  });

  test("the tie-break in the tables' order", () => {
    expect(TIE_BREAK).toMatch(/^Desempate: /);
    const order = ["puntos", "marcadores exactos", "resultados acertados", "por nombre"].map((part) =>
      TIE_BREAK.indexOf(part),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});
