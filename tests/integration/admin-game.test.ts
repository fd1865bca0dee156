import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { createUser } from "../support/accounts";
import { form, routeData, startTestServer, type TestServer } from "../support/server";

/**
 * The admin game screens against the real server: matches, phases, results, resets, activation
 * and prediction edits, with the stored points and standings they must keep true.
 */

const ADMIN = { name: "Administradora", email: "admin@quiniela.test" };
const ANA = { name: "Ana", email: "ana@quiniela.test" };
const BETO = { name: "Beto", email: "beto@quiniela.test" };

let server: TestServer;
let adminCookie: string;
let anaCookie: string;
let betoCookie: string;
let anaId: string;
let betoId: string;

beforeAll(async () => {
  server = await startTestServer();
  adminCookie = await createUser(server, ADMIN);
  anaCookie = await createUser(server, ANA);
  betoCookie = await createUser(server, BETO);
  anaId = await userId(ANA.email);
  betoId = await userId(BETO.email);
});
afterAll(() => server.close());

async function userId(email: string) {
  return (await server.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

/** POSTs a form as a browser without JavaScript would; reads the whole body. */
async function post(path: string, fields: Record<string, string>, cookie = adminCookie) {
  const response = await server.request(path, { method: "POST", body: form(fields), cookie });
  return { status: response.status, body: await response.text() };
}

async function get(path: string, cookie = adminCookie) {
  const response = await server.request(path, { cookie });
  return { status: response.status, body: await response.text() };
}

async function phaseId(name: string) {
  return (await server.db.selectFrom("phases").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
}

async function matchesOf(phase: number) {
  return server.db.selectFrom("matches").selectAll().where("phase_id", "=", phase).orderBy("id").execute();
}

async function teamId(name: string) {
  return (await server.db.selectFrom("teams").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
}

async function predictionOf(user: string, match: number) {
  return server.db
    .selectFrom("predictions")
    .selectAll()
    .where("user_id", "=", user)
    .where("match_id", "=", match)
    .executeTakeFirst();
}

async function totalOf(user: string) {
  return server.db.selectFrom("standings_total").selectAll().where("user_id", "=", user).executeTakeFirst();
}

/** Everything an admin game write could change, to prove a refused request wrote nothing. */
async function snapshot() {
  const { db } = server;
  return {
    matches: await db.selectFrom("matches").selectAll().orderBy("id").execute(),
    phases: await db.selectFrom("phases").selectAll().orderBy("id").execute(),
    predictions: await db.selectFrom("predictions").selectAll().orderBy("id").execute(),
    phaseRows: await db.selectFrom("standings_phase").selectAll().orderBy("phase_id").orderBy("user_id").execute(),
    totals: await db.selectFrom("standings_total").selectAll().orderBy("user_id").execute(),
  };
}

/** A user's picks through the home form (POST /), as people make them. */
async function predict(cookie: string, picks: { matchId: number; home: number; away: number }[]) {
  const fields = new URLSearchParams();
  for (const pick of picks) {
    fields.append("matchId", String(pick.matchId));
    fields.append(`home-${pick.matchId}`, String(pick.home));
    fields.append(`away-${pick.matchId}`, String(pick.away));
  }
  const response = await server.request("/?index", { method: "POST", body: fields, cookie });
  return { status: response.status, body: await response.text() };
}

async function activatePhaseMatches(phase: number) {
  const response = await post("/admin/matches", { intent: "toggle-phase", phaseId: String(phase), active: "1" });
  expect(response.status).toBe(200);
}

describe("/admin/matches", () => {
  test("the admin creates a match; the kickoff is read in the season's time zone", async () => {
    const phase = await phaseId("Jornada 1");
    const before = (await matchesOf(phase)).length;
    const response = await post("/admin/matches", {
      intent: "create",
      phaseId: String(phase),
      homeTeamId: String(await teamId("América")),
      awayTeamId: String(await teamId("Cruz Azul")),
      kickoff: "2099-01-13T19:00",
    });
    expect(response.status).toBe(200);
    expect(response.body).toContain("Partido creado correctamente");
    const matches = await matchesOf(phase);
    expect(matches).toHaveLength(before + 1);
    expect(matches.at(-1)).toMatchObject({
      home_team_id: await teamId("América"),
      away_team_id: await teamId("Cruz Azul"),
      kickoff_at: "2099-01-14T01:00:00.000Z",
      home_score: null,
      away_score: null,
      active: 0,
    });
  });

  test("a knockout match knows its leg from the phase name; the kickoff is optional", async () => {
    const phase = await phaseId("Cuartos Vuelta");
    const response = await post("/admin/matches", {
      intent: "create",
      phaseId: String(phase),
      homeTeamId: String(await teamId("Toluca")),
      awayTeamId: String(await teamId("Pachuca")),
      kickoff: "",
    });
    expect(response.status).toBe(200);
    expect((await matchesOf(phase)).at(-1)).toMatchObject({ kickoff_at: null, is_first_leg: 0 });
  });

  test("a tie has two legs: a third match between its teams in that round is refused, whether created or given its teams", async () => {
    const [ida, vuelta] = [await phaseId("Cuartos Ida"), await phaseId("Cuartos Vuelta")];
    const [toluca, pachuca] = [await teamId("Toluca"), await teamId("Pachuca")];
    const create = (phase: number, home: number, away: number) =>
      post("/admin/matches", {
        intent: "create",
        phaseId: String(phase),
        homeTeamId: String(home),
        awayTeamId: String(away),
      });
    // Toluca–Pachuca has its Vuelta (the test above): its Ida makes the tie.
    expect((await create(ida, pachuca, toluca)).status).toBe(200);
    const tieIda = (await matchesOf(ida)).at(-1)!;
    const before = await snapshot();
    for (const [phase, home, away] of [
      [vuelta, pachuca, toluca],
      [vuelta, toluca, pachuca],
      [ida, toluca, pachuca],
    ] as const) {
      const third = await create(phase, home, away);
      expect(third.status).toBe(400);
      expect(third.body).toContain("Estos equipos ya juegan sus dos partidos de esta ronda (ida y vuelta)");
    }
    const other = await server.db
      .selectFrom("matches")
      .select("id")
      .where("phase_id", "=", ida)
      .where("id", "<>", tieIda.id)
      .where(({ exists, not, selectFrom }) =>
        not(exists(selectFrom("predictions").select("id").whereRef("match_id", "=", "matches.id"))),
      )
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const setTeams = (matchId: number, home: number, away: number) =>
      post("/admin/matches", {
        intent: "set-teams",
        matchId: String(matchId),
        homeTeamId: String(home),
        awayTeamId: String(away),
      });
    const refused = await setTeams(other.id, toluca, pachuca);
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("Estos equipos ya juegan sus dos partidos de esta ronda (ida y vuelta)");
    expect(await snapshot()).toEqual(before);
    // A leg of the tie may be given its own teams again (it is one of the two).
    expect((await setTeams(tieIda.id, pachuca, toluca)).status).toBe(200);
  });

  test.each([
    [{ homeTeamId: "1", awayTeamId: "2" }, "Por favor completa todos los campos"],
    [{ phaseId: "1", awayTeamId: "2" }, "Por favor completa todos los campos"],
    [{ phaseId: "1", homeTeamId: "1" }, "Por favor completa todos los campos"],
    [{ phaseId: "999", homeTeamId: "1", awayTeamId: "2" }, "La jornada no existe"],
    [{ phaseId: "1", homeTeamId: "1", awayTeamId: "999" }, "El equipo no existe"],
    [{ phaseId: "1", homeTeamId: "3", awayTeamId: "3" }, "El equipo local y el visitante deben ser distintos"],
    [{ phaseId: "1", homeTeamId: "1", awayTeamId: "2", kickoff: "2024-02-30T10:00" }, "La fecha y hora no es válida"],
  ])("create %j is refused with 400 and nothing written", async (fields, message) => {
    const before = await snapshot();
    const response = await post("/admin/matches", { intent: "create", ...fields });
    expect(response.status).toBe(400);
    expect(response.body).toContain(message);
    expect(await snapshot()).toEqual(before);
  });

  test("a phase is activated and deactivated as a whole", async () => {
    const phase = await phaseId("Jornada 2");
    let response = await post("/admin/matches", { intent: "toggle-phase", phaseId: String(phase), active: "1" });
    expect(response.status).toBe(200);
    expect(response.body).toContain("Jornada activada correctamente");
    expect((await matchesOf(phase)).every((match) => match.active === 1)).toBe(true);

    response = await post("/admin/matches", { intent: "toggle-phase", phaseId: String(phase), active: "0" });
    expect(response.status).toBe(200);
    expect(response.body).toContain("Jornada desactivada correctamente");
    expect((await matchesOf(phase)).every((match) => match.active === 0)).toBe(true);
  });

  test.each([
    [{ intent: "toggle-phase", phaseId: "999", active: "1" }, "La jornada no existe"],
    [{ intent: "toggle-phase", active: "1" }, "Selecciona una jornada"],
    [{ intent: "reset", matchId: "999999" }, "El partido no existe"],
    [{ intent: "borrar-todo" }, "Acción desconocida"],
  ])("%j is refused with 400 and nothing written", async (fields, message) => {
    const before = await snapshot();
    const response = await post("/admin/matches", fields);
    expect(response.status).toBe(400);
    expect(response.body).toContain(message);
    expect(await snapshot()).toEqual(before);
  });

  test("the page shows one card per phase and a named row per match", async () => {
    const page = await get("/admin/matches");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Administración de Partidos");
    expect(page.body).toContain("Final Vuelta");
    expect(page.body).toContain('aria-label="América vs Cruz Azul"');
    // Each row edits its kickoff; 'Reiniciar' only where there is a result to take back, and no
    // match has one yet (tests/integration/kickoffs.test.ts shows it once one does).
    expect(page.body).toContain(">Editar fecha<");
    expect(page.body).not.toContain(">Reiniciar<");
  });
});

describe("results, points and standings", () => {
  let match: number;

  beforeAll(async () => {
    const phase = await phaseId("Jornada 4");
    await activatePhaseMatches(phase);
    match = (await matchesOf(phase))[0]!.id;
    expect((await predict(anaCookie, [{ matchId: match, home: 2, away: 1 }])).status).toBe(200);
    expect((await predict(betoCookie, [{ matchId: match, home: 0, away: 0 }])).status).toBe(200);
  });

  test("the first save stores the result and scores the predictions; the next one is an update", async () => {
    let response = await post("/admin/results", {
      intent: "save-result",
      matchId: String(match),
      home: "2",
      away: "1",
    });
    expect(response.status).toBe(200);
    expect(response.body).toContain("Resultado guardado correctamente");
    expect(
      await server.db
        .selectFrom("matches")
        .select(["home_score", "away_score"])
        .where("id", "=", match)
        .executeTakeFirst(),
    ).toEqual({
      home_score: 2,
      away_score: 1,
    });
    expect((await predictionOf(anaId, match))?.points).toBe(3);
    expect((await predictionOf(betoId, match))?.points).toBe(0);
    expect(await totalOf(anaId)).toMatchObject({ points: 3, exact_hits: 1, outcome_hits: 1 });
    expect(await totalOf(betoId)).toMatchObject({ points: 0, exact_hits: 0 });

    response = await post("/admin/results", { intent: "save-result", matchId: String(match), home: "1", away: "1" });
    expect(response.status).toBe(200);
    expect(response.body).toContain("Resultado actualizado correctamente");
    expect((await predictionOf(anaId, match))?.points).toBe(0);
    expect((await predictionOf(betoId, match))?.points).toBe(1);
    expect(await totalOf(anaId)).toMatchObject({ points: 0, exact_hits: 0 });
    expect(await totalOf(betoId)).toMatchObject({ points: 1, outcome_hits: 1 });
  });

  test.each([
    [{ home: "21", away: "1" }, "Los goles deben ser un número entero entre 0 y 20"],
    [{ home: "-1", away: "1" }, "Los goles deben ser un número entero entre 0 y 20"],
    [{ home: "2" }, "Por favor ingresa ambos resultados"],
    [{ home: "", away: "1" }, "Por favor ingresa ambos resultados"],
  ])("result %j is refused with 400 and nothing written", async (scores, message) => {
    const before = await snapshot();
    const response = await post("/admin/results", { intent: "save-result", matchId: String(match), ...scores });
    expect(response.status).toBe(400);
    expect(response.body).toContain(message);
    expect(await snapshot()).toEqual(before);
  });

  test("a result for a match that does not exist is refused", async () => {
    const before = await snapshot();
    const response = await post("/admin/results", { intent: "save-result", matchId: "999999", home: "1", away: "0" });
    expect(response.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  test("the results page lists the active match with its named inputs", async () => {
    const page = await get("/admin/results");
    expect(page.status).toBe(200);
    const row = await server.db
      .selectFrom("matches as m")
      .innerJoin("teams as h", "h.id", "m.home_team_id")
      .innerJoin("teams as a", "a.id", "m.away_team_id")
      .select(["h.name as home", "a.name as away"])
      .where("m.id", "=", match)
      .executeTakeFirstOrThrow();
    expect(page.body).toContain(`aria-label="${row.home} vs ${row.away}"`);
    expect(page.body).toContain(`aria-label="Goles de ${row.home}"`);
    expect(page.body).toContain(`aria-label="Goles de ${row.away}"`);
  });

  test("the admin corrects a prediction: its points and the standings follow", async () => {
    const prediction = (await predictionOf(anaId, match))!;
    const response = await post("/admin/predictions", {
      intent: "update-prediction",
      predictionId: String(prediction.id),
      home: "1",
      away: "1",
    });
    expect(response.status).toBe(200);
    expect(response.body).toContain("Predicción actualizada correctamente");
    expect(await predictionOf(anaId, match)).toMatchObject({ home_score: 1, away_score: 1, points: 3 });
    expect(await totalOf(anaId)).toMatchObject({ points: 3, exact_hits: 1 });
  });

  test.each([
    [{ home: "22", away: "1" }, "Los goles deben ser un número entero entre 0 y 20"],
    [{ home: "1" }, "Por favor ingresa ambos marcadores"],
  ])("prediction edit %j is refused with 400 and nothing written", async (scores, message) => {
    const prediction = (await predictionOf(anaId, match))!;
    const before = await snapshot();
    const response = await post("/admin/predictions", {
      intent: "update-prediction",
      predictionId: String(prediction.id),
      ...scores,
    });
    expect(response.status).toBe(400);
    expect(response.body).toContain(message);
    expect(await snapshot()).toEqual(before);
  });

  test("a prediction that is not there is refused in our one word for it ('pronóstico'), nothing written", async () => {
    const before = await snapshot();
    const unknown = await post("/admin/predictions", {
      intent: "update-prediction",
      predictionId: "999999",
      home: "1",
      away: "1",
    });
    expect(unknown.status).toBe(400);
    // The original's own toast, then ours without a second word for the same thing.
    expect(unknown.body).toContain("No se pudo actualizar la predicción. Ya no existe.");
    const malformed = await post("/admin/predictions", {
      intent: "update-prediction",
      predictionId: "uno",
      home: "1",
      away: "1",
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toContain("El pronóstico no existe");
    for (const body of [unknown.body, malformed.body]) expect(body).not.toContain("La predicción no existe");
    expect(await snapshot()).toEqual(before);
  });

  test("the admin screens show every prediction of the phase", async () => {
    const phase = await phaseId("Jornada 4");
    const predictions = await get(`/admin/predictions?jornada=${phase}`);
    expect(predictions.status).toBe(200);
    expect(predictions.body).toContain("Administración de Pronósticos");
    expect(predictions.body).toContain("Ana");
    expect(predictions.body).toContain("Beto");
    expect(predictions.body).toContain("Actualizar");

    const captured = await get(`/admin/ver-quinielas?jornada=${phase}`);
    expect(captured.status).toBe(200);
    expect(captured.body).toContain("Resultado oficial: 1 - 1");

    const status = await get(`/admin/estado-pronosticos?jornada=${phase}`);
    expect(status.status).toBe(200);
    expect(status.body).toContain("Estado de Pronósticos por Jornada");
    // Ana and Beto predicted 1 of the phase's active matches; the admin none.
    const total = (await matchesOf(phase)).length;
    expect(status.body).toContain(`1 de ${total}`);
    expect(status.body).toContain(`0 de ${total}`);
  });

  test("'Reiniciar' clears the result, deletes the match's predictions and their standings", async () => {
    const response = await post("/admin/matches", { intent: "reset", matchId: String(match) });
    expect(response.status).toBe(200);
    expect(response.body).toContain("El resultado y los pronósticos han sido reiniciados.");
    expect(
      await server.db
        .selectFrom("matches")
        .select(["home_score", "away_score"])
        .where("id", "=", match)
        .executeTakeFirst(),
    ).toEqual({
      home_score: null,
      away_score: null,
    });
    expect(await server.db.selectFrom("predictions").select("id").where("match_id", "=", match).execute()).toEqual([]);
    expect(await totalOf(anaId)).toBeUndefined();
    expect(await totalOf(betoId)).toBeUndefined();
    expect(
      await server.db
        .selectFrom("standings_phase")
        .select("user_id")
        .where("phase_id", "=", await phaseId("Jornada 4"))
        .execute(),
    ).toEqual([]);
  });
});

describe("/admin/activar-quinielas", () => {
  test("activation marks the phase's predictions and closes the phase to new picks", async () => {
    const phase = await phaseId("Jornada 5");
    const other = await phaseId("Jornada 6");
    await activatePhaseMatches(phase);
    await activatePhaseMatches(other);
    const [m1, m2, m3] = await matchesOf(phase);
    const [elsewhere] = await matchesOf(other);
    expect(
      (
        await predict(anaCookie, [
          { matchId: m1!.id, home: 1, away: 0 },
          { matchId: m2!.id, home: 2, away: 2 },
        ])
      ).status,
    ).toBe(200);
    expect((await predict(betoCookie, [{ matchId: m1!.id, home: 0, away: 1 }])).status).toBe(200);
    expect((await predict(betoCookie, [{ matchId: elsewhere!.id, home: 0, away: 1 }])).status).toBe(200);

    // Before it closes, the screen knows who captured any of the phase's picks, and of how many.
    const { data } = await routeData(
      server,
      "/admin/activar-quinielas.data",
      "routes/admin/activar-quinielas",
      adminCookie,
    );
    const people = Number(
      (
        await server.db
          .selectFrom("users")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(data).toMatchObject({ people });
    const shown = (data as { phases: { id: number; predictions: number; players: number }[] }).phases;
    expect(shown.find((row) => row.id === phase)).toMatchObject({ predictions: 3, players: 2 });
    expect(shown.find((row) => row.id === other)).toMatchObject({ predictions: 1, players: 1 });

    const response = await post("/admin/activar-quinielas", { intent: "activate", phaseId: String(phase) });
    expect(response.status).toBe(200);
    expect(response.body).toContain("Jornada activada");
    expect(response.body).toContain("3 pronósticos activados para Jornada 5");

    const activated = await server.db
      .selectFrom("predictions as pr")
      .innerJoin("matches as m", "m.id", "pr.match_id")
      .select(["m.phase_id", "pr.activated"])
      .where("m.phase_id", "in", [phase, other])
      .execute();
    expect(activated.filter((row) => row.phase_id === phase).map((row) => row.activated)).toEqual([1, 1, 1]);
    expect(activated.filter((row) => row.phase_id === other).map((row) => row.activated)).toEqual([0]);
    const phases = await server.db
      .selectFrom("phases")
      .select(["id", "activated_at"])
      .where("id", "in", [phase, other])
      .execute();
    expect(phases.find((row) => row.id === phase)?.activated_at).toEqual(expect.any(String));
    expect(phases.find((row) => row.id === other)?.activated_at).toBeNull();

    // The phase is closed: a new pick for it is refused, and nothing of the batch is stored.
    const before = await snapshot();
    const refused = await predict(betoCookie, [{ matchId: m3!.id, home: 1, away: 1 }]);
    expect(refused.status).toBe(409);
    expect(refused.body).toContain("La jornada ya fue activada");
    expect(await predictionOf(betoId, m3!.id)).toBeUndefined();
    expect(await snapshot()).toEqual(before);

    const page = await get("/admin/activar-quinielas");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Jornadas activadas");
  });

  test.each([
    [{ intent: "activate" }, "Selecciona una jornada"],
    [{ intent: "activate", phaseId: "" }, "Selecciona una jornada"],
    [{ intent: "activate", phaseId: "999" }, "La jornada no existe"],
  ])("%j is refused with 400 and nothing written", async (fields, message) => {
    const before = await snapshot();
    const response = await post("/admin/activar-quinielas", fields);
    expect(response.status).toBe(400);
    expect(response.body).toContain(message);
    expect(await snapshot()).toEqual(before);
  });
});

describe("non-admins", () => {
  test.each([
    ["/admin/matches", { intent: "toggle-phase", phaseId: "1", active: "1" }],
    ["/admin/results", { intent: "save-result", matchId: "1", home: "1", away: "0" }],
    ["/admin/activar-quinielas", { intent: "activate", phaseId: "1" }],
    ["/admin/predictions", { intent: "update-prediction", predictionId: "1", home: "1", away: "0" }],
  ])("POST %s is refused with 403 and nothing written", async (path, fields) => {
    const before = await snapshot();
    const response = await post(path, fields, anaCookie);
    expect(response.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});
