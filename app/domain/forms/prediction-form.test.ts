import { describe, expect, test } from "vitest";

import { boxProblem, formProblems, headlineProblem } from "./prediction-check";
import { parsePredictionsForm } from "./prediction-form";
import { MAX_PREDICTIONS_PER_FORM, namedProblem, PREDICTION_MESSAGES } from "./prediction-texts";

const RANGE = PREDICTION_MESSAGES.range;
const BOTH = PREDICTION_MESSAGES.bothScores;

/** A posted form: each match's id and its two boxes as typed. */
function formOf(boxes: Record<number, [string, string]>): FormData {
  const form = new FormData();
  for (const [id, [home, away]] of Object.entries(boxes)) {
    form.append("matchId", id);
    form.append(`home-${id}`, home);
    form.append(`away-${id}`, away);
  }
  return form;
}

describe("parsePredictionsForm", () => {
  test("every match with both scores: the picks, in the form's order", () => {
    expect(parsePredictionsForm(formOf({ 4: ["2", "1"], 9: [" 0 ", "99"] }))).toEqual({
      ok: true,
      picks: [
        { matchId: 4, home: 2, away: 1 },
        { matchId: 9, home: 0, away: 99 },
      ],
    });
  });

  test("where picks are final, a blank box refuses the form in the original's words, every blank box marked", () => {
    expect(parsePredictionsForm(formOf({ 4: ["2", "1"], 5: ["", ""], 6: ["1", " "] }))).toEqual({
      ok: false,
      message: PREDICTION_MESSAGES.pending,
      errors: { "home-5": BOTH, "away-5": BOTH, "away-6": BOTH },
    });
  });

  test("where picks are editable, matches left blank wait; a half-filled one is named", () => {
    expect(parsePredictionsForm(formOf({ 4: ["2", "1"], 5: ["", ""], 6: [" ", ""] }), { partial: true })).toEqual({
      ok: true,
      picks: [{ matchId: 4, home: 2, away: 1 }],
    });
    expect(parsePredictionsForm(formOf({ 4: ["2", "1"], 5: ["", "3"] }), { partial: true })).toEqual({
      ok: false,
      message: BOTH,
      errors: { "home-5": BOTH },
      matchId: 5,
    });
    expect(parsePredictionsForm(formOf({ 4: ["", ""], 5: ["", ""] }), { partial: true })).toEqual({
      ok: false,
      message: PREDICTION_MESSAGES.nothing,
      errors: {},
    });
  });

  test("a score out of 0–99 names its match (the first such), every wrong box marked, before any blank one", () => {
    for (const partial of [false, true]) {
      expect(
        parsePredictionsForm(formOf({ 4: ["", "1"], 5: ["-1", "0"], 6: ["1.5", "100"] }), { partial }),
        String(partial),
      ).toEqual({
        ok: false,
        message: RANGE,
        errors: { "home-4": BOTH, "home-5": RANGE, "home-6": RANGE, "away-6": RANGE },
        matchId: 5,
      });
    }
  });

  test("a match that is no match, or too many, refuses the form without naming one", () => {
    expect(parsePredictionsForm(formOf({ 2147483648: ["1", "0"] }))).toEqual({
      ok: false,
      message: PREDICTION_MESSAGES.badMatch,
      errors: {},
    });
    const many = formOf(
      Object.fromEntries(Array.from({ length: MAX_PREDICTIONS_PER_FORM + 1 }, (_, i) => [i + 1, ["1", "0"]])),
    );
    expect(parsePredictionsForm(many)).toMatchObject({ ok: false, message: PREDICTION_MESSAGES.tooMany });
    expect(parsePredictionsForm(new FormData())).toMatchObject({ ok: false, message: PREDICTION_MESSAGES.pending });
  });
});

describe("the browser's check", () => {
  test("a box: blank, out of range (a negative, a fraction, 100, what is no number), or fine", () => {
    expect(boxProblem("")).toBe("blank");
    expect(boxProblem("  ")).toBe("blank");
    expect(boxProblem("", true)).toBe("range");
    for (const text of ["-1", "1.5", "100", "1e1", "007"]) expect(boxProblem(text), text).toBe("range");
    for (const text of ["0", " 7 ", "99", "07"]) expect(boxProblem(text), text).toBeNull();
  });

  test("agrees with the server on which boxes are wrong and what the toast says", () => {
    const typed = (home: string, away: string, matchId: number) => ({
      matchId,
      home: { text: home },
      away: { text: away },
    });
    const form = { 4: ["", "1"], 5: ["-1", "0"], 6: ["", ""] } as Record<number, [string, string]>;
    for (const partial of [false, true]) {
      const { problems, filled } = formProblems(
        Object.entries(form).map(([id, [home, away]]) => typed(home, away, Number(id))),
        partial,
      );
      const server = parsePredictionsForm(formOf(form), { partial });
      expect(server.ok).toBe(false);
      if (server.ok) continue;
      expect(Object.fromEntries(problems.map((p) => [p.box, p.problem === "range" ? RANGE : BOTH]))).toEqual(
        server.errors,
      );
      const headline = headlineProblem(problems, partial);
      expect(headline?.message).toBe(server.message);
      expect(headline?.named ? headline.problem.matchId : undefined).toBe(server.matchId);
      expect(filled).toBe(partial ? 2 : 3);
    }
  });

  test("the toast names the match: 'Chivas vs América: los goles deben ser…'", () => {
    expect(namedProblem("Chivas vs América", RANGE)).toBe(
      "Chivas vs América: los goles deben ser un número entero entre 0 y 99",
    );
  });
});
