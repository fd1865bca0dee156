import { describe, expect, test } from "vitest";

import {
  activateFormSchema,
  ADMIN_MESSAGES,
  matchesFormSchema,
  phaseParam,
  predictionFormSchema,
  PREDICTIONS_SEARCH_MAX,
  predictionsQuery,
  resultFormSchema,
} from "./admin-forms";
import { parseForm } from "./form";

const matches = matchesFormSchema("America/Mexico_City");

describe("/admin/matches form", () => {
  test("create: ids as numbers, kickoff read in the season's time zone", () => {
    expect(
      parseForm(matches, {
        intent: "create",
        phaseId: "3",
        homeTeamId: "1",
        awayTeamId: "2",
        kickoff: "2024-01-13T19:00",
      }),
    ).toEqual({
      ok: true,
      data: { intent: "create", phaseId: 3, homeTeamId: 1, awayTeamId: 2, kickoff: "2024-01-14T01:00:00.000Z" },
    });
  });

  test("create: the kickoff is optional", () => {
    const parsed = parseForm(matches, {
      intent: "create",
      phaseId: "3",
      homeTeamId: "1",
      awayTeamId: "2",
      kickoff: "",
    });
    expect(parsed.ok && parsed.data).toMatchObject({ kickoff: null });
    const without = parseForm(matches, { intent: "create", phaseId: "3", homeTeamId: "1", awayTeamId: "2" });
    expect(without.ok && without.data).toMatchObject({ kickoff: null });
  });

  test.each([
    [{ homeTeamId: "1", awayTeamId: "2" }],
    [{ phaseId: "3", awayTeamId: "2" }],
    [{ phaseId: "3", homeTeamId: "1" }],
    [{ phaseId: "", homeTeamId: "1", awayTeamId: "2" }],
    [{ phaseId: "x", homeTeamId: "1", awayTeamId: "2" }],
  ])("create without phase or teams: 'Por favor completa todos los campos' (%j)", (fields) => {
    expect(parseForm(matches, { intent: "create", ...fields })).toMatchObject({
      ok: false,
      message: ADMIN_MESSAGES.incompleteMatch,
    });
  });

  test("create: a team cannot play itself; a bad date is refused", () => {
    expect(parseForm(matches, { intent: "create", phaseId: "3", homeTeamId: "1", awayTeamId: "1" })).toMatchObject({
      ok: false,
      message: ADMIN_MESSAGES.sameTeams,
    });
    expect(
      parseForm(matches, {
        intent: "create",
        phaseId: "3",
        homeTeamId: "1",
        awayTeamId: "2",
        kickoff: "2024-02-30T10:00",
      }),
    ).toMatchObject({ ok: false, message: ADMIN_MESSAGES.badKickoff });
  });

  test("toggle-phase and reset", () => {
    expect(parseForm(matches, { intent: "toggle-phase", phaseId: "4", active: "1" })).toEqual({
      ok: true,
      data: { intent: "toggle-phase", phaseId: 4, active: true },
    });
    expect(parseForm(matches, { intent: "toggle-phase", phaseId: "4", active: "0" })).toMatchObject({
      data: { active: false },
    });
    expect(parseForm(matches, { intent: "toggle-phase", phaseId: "4", active: "sí" })).toMatchObject({
      ok: false,
      message: ADMIN_MESSAGES.badActive,
    });
    expect(parseForm(matches, { intent: "reset", matchId: "17" })).toEqual({
      ok: true,
      data: { intent: "reset", matchId: 17 },
    });
    expect(parseForm(matches, { intent: "reset" })).toMatchObject({ ok: false, message: ADMIN_MESSAGES.noMatch });
  });

  test("set-kickoff: one match's kickoff in the season's time zone; empty takes it back to none", () => {
    expect(parseForm(matches, { intent: "set-kickoff", matchId: "17", kickoff: "2099-01-13T19:00" })).toEqual({
      ok: true,
      data: { intent: "set-kickoff", matchId: 17, kickoff: "2099-01-14T01:00:00.000Z" },
    });
    expect(parseForm(matches, { intent: "set-kickoff", matchId: "17", kickoff: "" })).toEqual({
      ok: true,
      data: { intent: "set-kickoff", matchId: 17, kickoff: null },
    });
    expect(parseForm(matches, { intent: "set-kickoff", matchId: "17", kickoff: "2099-02-30T19:00" })).toMatchObject({
      ok: false,
      message: ADMIN_MESSAGES.badKickoff,
    });
    expect(parseForm(matches, { intent: "set-kickoff", kickoff: "2099-01-13T19:00" })).toMatchObject({
      ok: false,
      message: ADMIN_MESSAGES.noMatch,
    });
  });

  test("set-phase-kickoff: the phase and a kickoff, both required", () => {
    expect(parseForm(matches, { intent: "set-phase-kickoff", phaseId: "4", kickoff: "2099-01-13T19:00" })).toEqual({
      ok: true,
      data: { intent: "set-phase-kickoff", phaseId: 4, kickoff: "2099-01-14T01:00:00.000Z" },
    });
    expect(parseForm(matches, { intent: "set-phase-kickoff", phaseId: "4", kickoff: " " })).toMatchObject({
      ok: false,
      message: ADMIN_MESSAGES.noKickoff,
    });
    expect(parseForm(matches, { intent: "set-phase-kickoff", phaseId: "4", kickoff: "mañana" })).toMatchObject({
      ok: false,
      message: ADMIN_MESSAGES.badKickoff,
    });
    expect(parseForm(matches, { intent: "set-phase-kickoff", kickoff: "2099-01-13T19:00" })).toMatchObject({
      ok: false,
      message: ADMIN_MESSAGES.noPhase,
    });
  });

  test("an unknown intent", () => {
    expect(parseForm(matches, { intent: "drop" })).toMatchObject({ ok: false, message: ADMIN_MESSAGES.unknownIntent });
    expect(parseForm(matches, {})).toMatchObject({ ok: false, message: ADMIN_MESSAGES.unknownIntent });
  });
});

describe("scores on admin screens (0–20)", () => {
  test("a result", () => {
    expect(parseForm(resultFormSchema, { intent: "save-result", matchId: "5", home: "2", away: " 0 " })).toEqual({
      ok: true,
      data: { intent: "save-result", matchId: 5, result: { home: 2, away: 0 }, extraTime: null, penalties: null },
    });
    expect(parseForm(resultFormSchema, { intent: "save-result", matchId: "5", home: "20", away: "20" }).ok).toBe(true);
  });

  test("a knockout match played once: 1-1 after 90 minutes, 1-1 after extra time, 3-4 on penalties", () => {
    const form = { intent: "save-result", matchId: "5", home: "1", away: "1" };
    expect(
      parseForm(resultFormSchema, {
        ...form,
        homeExtraTime: "1",
        awayExtraTime: "1",
        homePenalties: "3",
        awayPenalties: "4",
      }),
    ).toEqual({
      ok: true,
      data: {
        intent: "save-result",
        matchId: 5,
        result: { home: 1, away: 1 },
        extraTime: { home: 1, away: 1 },
        penalties: { home: 3, away: 4 },
      },
    });
    // Straight to penalties (no extra time, as in a Liga MX Play-In).
    expect(parseForm(resultFormSchema, { ...form, homePenalties: "5", awayPenalties: "4" }).ok).toBe(true);
    // Empty extra-time and penalty boxes are no extra time and no penalties.
    expect(
      parseForm(resultFormSchema, {
        ...form,
        homeExtraTime: "",
        awayExtraTime: " ",
        homePenalties: "",
        awayPenalties: "",
      }),
    ).toMatchObject({
      ok: true,
      data: { extraTime: null, penalties: null },
    });
  });

  test.each([
    [{ home: "2", away: "1", homeExtraTime: "3", awayExtraTime: "1" }, ADMIN_MESSAGES.extraTimeAfterDraw],
    [{ home: "1", away: "1", homeExtraTime: "0", awayExtraTime: "2" }, ADMIN_MESSAGES.extraTimeGoals],
    [{ home: "1", away: "1", homeExtraTime: "2" }, ADMIN_MESSAGES.incompleteExtraTime],
    [{ home: "1", away: "1", homePenalties: "4" }, ADMIN_MESSAGES.incompletePenalties],
    [{ home: "2", away: "1", homePenalties: "4", awayPenalties: "3" }, ADMIN_MESSAGES.penaltiesAfterDraw],
    [
      { home: "1", away: "1", homeExtraTime: "2", awayExtraTime: "1", homePenalties: "4", awayPenalties: "3" },
      ADMIN_MESSAGES.penaltiesAfterDraw,
    ],
    [{ home: "1", away: "1", homePenalties: "4", awayPenalties: "4" }, ADMIN_MESSAGES.penaltiesWinner],
    [{ home: "1", away: "1", homePenalties: "21", awayPenalties: "4" }, ADMIN_MESSAGES.goalsRange],
  ])("extra time and penalties %j are refused: %s", (fields, message) => {
    expect(parseForm(resultFormSchema, { intent: "save-result", matchId: "5", ...fields })).toMatchObject({
      ok: false,
      message,
    });
  });

  test.each([
    [{ home: "2" }, ADMIN_MESSAGES.missingResult],
    [{ home: "", away: "1" }, ADMIN_MESSAGES.missingResult],
    [{ home: "21", away: "1" }, ADMIN_MESSAGES.goalsRange],
    [{ home: "-1", away: "1" }, ADMIN_MESSAGES.goalsRange],
    [{ home: "1.5", away: "1" }, ADMIN_MESSAGES.goalsRange],
    [{ home: "dos", away: "1" }, ADMIN_MESSAGES.goalsRange],
  ])("result %j is refused", (scores, message) => {
    expect(parseForm(resultFormSchema, { intent: "save-result", matchId: "5", ...scores })).toMatchObject({
      ok: false,
      message,
    });
  });

  test("a prediction", () => {
    expect(
      parseForm(predictionFormSchema, { intent: "update-prediction", predictionId: "8", home: "1", away: "1" }),
    ).toEqual({ ok: true, data: { intent: "update-prediction", predictionId: 8, home: 1, away: 1 } });
    expect(
      parseForm(predictionFormSchema, { intent: "update-prediction", predictionId: "8", home: "1" }),
    ).toMatchObject({
      ok: false,
      message: ADMIN_MESSAGES.missingPrediction,
    });
    expect(
      parseForm(predictionFormSchema, { intent: "update-prediction", predictionId: "8", home: "1", away: "21" }),
    ).toMatchObject({ ok: false, message: ADMIN_MESSAGES.goalsRange });
  });
});

describe("activation", () => {
  test("needs a phase: 'Selecciona una jornada'", () => {
    expect(parseForm(activateFormSchema, { intent: "activate", phaseId: "2" })).toEqual({
      ok: true,
      data: { intent: "activate", phaseId: 2 },
    });
    expect(parseForm(activateFormSchema, { intent: "activate", phaseId: "" })).toMatchObject({
      ok: false,
      message: ADMIN_MESSAGES.noPhase,
    });
    expect(parseForm(activateFormSchema, { intent: "activate" })).toMatchObject({
      ok: false,
      message: ADMIN_MESSAGES.noPhase,
    });
  });
});

describe("parseForm", () => {
  test("reads FormData and URLSearchParams, last value of a repeated field (as formText)", () => {
    const data = new FormData();
    data.append("intent", "activate");
    data.append("phaseId", "3");
    data.append("phaseId", "4");
    expect(parseForm(activateFormSchema, data)).toEqual({ ok: true, data: { intent: "activate", phaseId: 4 } });
    expect(parseForm(activateFormSchema, new URLSearchParams("intent=activate&phaseId=7"))).toEqual({
      ok: true,
      data: { intent: "activate", phaseId: 7 },
    });
  });
});

describe("phaseParam", () => {
  test("?jornada= as an id", () => {
    expect(phaseParam("http://x/admin/predictions?jornada=4")).toBe(4);
    expect(phaseParam(new URL("http://x/?jornada=0"))).toBeNull();
    expect(phaseParam("http://x/?jornada=abc")).toBeNull();
    expect(phaseParam("http://x/")).toBeNull();
  });
});

describe("predictionsQuery", () => {
  const query = (search: string) => predictionsQuery(`http://x/admin/predictions?${search}`);

  test("?q= trimmed and ?pagina= as a number", () => {
    expect(query("q=%20%20Ana%20&pagina=3")).toEqual({ search: "Ana", page: 3 });
    expect(query("q=100%25_")).toEqual({ search: "100%_", page: 1 });
    expect(query("")).toEqual({ search: "", page: 1 });
  });

  test("a search too long or with control characters is no search; a page that is no number is the first", () => {
    expect(query(`q=${"a".repeat(PREDICTIONS_SEARCH_MAX)}`).search).toHaveLength(PREDICTIONS_SEARCH_MAX);
    expect(query(`q=${"a".repeat(PREDICTIONS_SEARCH_MAX + 1)}`).search).toBe("");
    expect(query("q=Ana%00").search).toBe("");
    for (const page of ["0", "-1", "x", "2.5", "99999999999"]) expect(query(`pagina=${page}`).page, page).toBe(1);
  });
});
