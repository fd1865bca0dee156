import { describe, expect, test } from "vitest";
import { z } from "zod";

import { goalsField, PREDICTION_MAX_GOALS, RESULT_MAX_GOALS } from "#app/domain/game/score";

import { formText, parseForm } from "./form";

const Schema = z.object({
  name: z.string().min(1, "El nombre es obligatorio"),
  email: z.email("Correo electrónico inválido"),
});

describe("parseForm: the one form contract", () => {
  test("valid fields give the parsed data", () => {
    const form = new FormData();
    form.set("name", "Ana");
    form.set("email", "ana@quiniela.test");
    expect(parseForm(Schema, form)).toEqual({ ok: true, data: { name: "Ana", email: "ana@quiniela.test" } });
  });

  test("problems give the first message and field, and one message per field", () => {
    const parsed = parseForm(Schema, new URLSearchParams("name=&email=x"));
    expect(parsed).toEqual({
      ok: false,
      message: "El nombre es obligatorio",
      field: "name",
      errors: { name: "El nombre es obligatorio", email: "Correo electrónico inválido" },
    });
  });

  test("a repeated field counts once, its last value (a submit button after the hidden default); files are not text", () => {
    const form = new FormData();
    form.append("intent", "update-profile");
    form.append("intent", "remove-avatar");
    form.append("archivo", new Blob(["x"]), "x.csv");
    expect(formText(form)).toEqual({ intent: "remove-avatar" });
  });
});

describe("goalsField: the one goals rule", () => {
  test.each([
    [PREDICTION_MAX_GOALS, "0", 0],
    [PREDICTION_MAX_GOALS, " 99 ", 99],
    [RESULT_MAX_GOALS, "20", 20],
  ])("up to %i: '%s' is %i", (max, text, goals) => {
    expect(goalsField({ max, missing: "falta", range: "rango" }).parse(text)).toBe(goals);
  });

  test.each([
    [PREDICTION_MAX_GOALS, "100", "rango"],
    [PREDICTION_MAX_GOALS, "-1", "rango"],
    [PREDICTION_MAX_GOALS, "1.5", "rango"],
    [RESULT_MAX_GOALS, "21", "rango"],
    [RESULT_MAX_GOALS, "", "falta"],
  ])("up to %i: '%s' is refused with '%s'", (max, text, message) => {
    const parsed = goalsField({ max, missing: "falta", range: "rango" }).safeParse(text);
    expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe(message);
  });
});
