import { describe, expect, test } from "vitest";

import { createPoolSchema, managePoolSchema, parsePoolForm } from "./pool-forms";
import { POOL_MESSAGES } from "./pool-texts";

function formOf(fields: [string, string][]): FormData {
  const form = new FormData();
  for (const [key, value] of fields) form.append(key, value);
  return form;
}

describe("/quiniela/new form", () => {
  test("repeated fields become lists of unique ids; the name is tidied", () => {
    const parsed = parsePoolForm(
      createPoolSchema,
      formOf([
        ["name", "  Los   de siempre "],
        ["matchId", "3"],
        ["matchId", "3"],
        ["matchId", "7"],
        ["phaseId", "2"],
        ["userId", "abc_DEF-1"],
      ]),
    );
    expect(parsed).toEqual({
      ok: true,
      data: { name: "Los de siempre", matchIds: [3, 7], phaseIds: [2], userIds: ["abc_DEF-1"] },
    });
  });

  test.each([
    [[["matchId", "1"]], "name", POOL_MESSAGES.nameRequired],
    [
      [
        ["name", " "],
        ["matchId", "1"],
      ],
      "name",
      POOL_MESSAGES.nameRequired,
    ],
    [
      [
        ["name", "x".repeat(81)],
        ["matchId", "1"],
      ],
      "name",
      POOL_MESSAGES.nameTooLong,
    ],
    [
      [
        ["name", "a\u0000b"],
        ["matchId", "1"],
      ],
      "name",
      POOL_MESSAGES.nameInvalid,
    ],
    [[["name", "Quiniela"]], "matches", POOL_MESSAGES.noMatches],
    [
      [
        ["name", "Quiniela"],
        ["matchId", "0"],
      ],
      "matchIds",
      POOL_MESSAGES.badMatch,
    ],
    [
      [
        ["name", "Quiniela"],
        ["matchId", "1.5"],
      ],
      "matchIds",
      POOL_MESSAGES.badMatch,
    ],
    [
      [
        ["name", "Quiniela"],
        ["phaseId", "x"],
      ],
      "phaseIds",
      POOL_MESSAGES.badPhase,
    ],
    [
      [
        ["name", "Quiniela"],
        ["matchId", "1"],
        ["userId", "a b"],
      ],
      "userIds",
      POOL_MESSAGES.badUser,
    ],
  ] as [[string, string][], string, string][])("%j → %s: %s", (fields, field, message) => {
    expect(parsePoolForm(createPoolSchema, formOf(fields))).toMatchObject({
      ok: false,
      field,
      message,
      errors: { [field]: message },
    });
  });

  test("80 characters as people count them: emoji are one each", () => {
    const name = "⚽".repeat(80);
    const parsed = parsePoolForm(
      createPoolSchema,
      formOf([
        ["name", name],
        ["matchId", "1"],
      ]),
    );
    expect(parsed.ok && parsed.data.name).toBe(name);
  });

  test("a list longer than any season is refused", () => {
    const fields: [string, string][] = [["name", "Todo"]];
    for (let i = 1; i <= 501; i++) fields.push(["matchId", String(i)]);
    expect(parsePoolForm(createPoolSchema, formOf(fields))).toMatchObject({
      ok: false,
      message: POOL_MESSAGES.tooMany,
    });
  });
});

describe("/quiniela/:id tools", () => {
  test("each intent reads its own fields", () => {
    expect(
      parsePoolForm(
        managePoolSchema,
        formOf([
          ["intent", "rename"],
          ["name", "Nueva"],
        ]),
      ),
    ).toEqual({
      ok: true,
      data: { intent: "rename", name: "Nueva" },
    });
    expect(
      parsePoolForm(
        managePoolSchema,
        formOf([
          ["intent", "remove-participant"],
          ["userId", "u1"],
        ]),
      ),
    ).toEqual({
      ok: true,
      data: { intent: "remove-participant", userId: "u1" },
    });
    expect(
      parsePoolForm(
        managePoolSchema,
        formOf([
          ["intent", "add-participants"],
          ["userId", "u1"],
          ["userId", "u2"],
        ]),
      ),
    ).toEqual({ ok: true, data: { intent: "add-participants", userIds: ["u1", "u2"] } });
    expect(
      parsePoolForm(
        managePoolSchema,
        formOf([
          ["intent", "save-matches"],
          ["phaseId", "4"],
        ]),
      ),
    ).toEqual({
      ok: true,
      data: { intent: "save-matches", matchIds: [], phaseIds: [4] },
    });
  });

  test.each([
    [[["intent", "borrar-todo"]], POOL_MESSAGES.unknownIntent],
    [[], POOL_MESSAGES.unknownIntent],
    [[["intent", "add-participants"]], POOL_MESSAGES.noUsers],
    [[["intent", "save-matches"]], POOL_MESSAGES.noMatches],
    [
      [
        ["intent", "rename"],
        ["name", ""],
      ],
      POOL_MESSAGES.nameRequired,
    ],
  ] as [[string, string][], string][])("%j is refused: %s", (fields, message) => {
    expect(parsePoolForm(managePoolSchema, formOf(fields))).toMatchObject({ ok: false, message });
  });
});
