import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { finishedMessage } from "#app/data/seasons/current-season.server";
import { DEFAULT_RULES, type SeasonRules } from "#app/domain/game/season-rules";

import { createUser } from "../support/accounts";
import {
  currentSeasonId,
  form,
  requestText,
  startTestServer,
  userIdOf,
  type TestServer,
  type TextResponse,
} from "../support/server";

/**
 * Seasons on both engines (SPEC §8): a new season created from a file with its own rules, the
 * rules applied to every point (exact and outcome points, the two-leg bonus on or off, the score
 * after 90 minutes or after extra time, picks editable until they lock and never after), one
 * current season, and a finished season that refuses every write until it is reopened.
 */

let server: TestServer;
const cookie = { admin: "", ana: "", beto: "" };
const id = { ana: "", beto: "" };

beforeAll(async () => {
  server = await startTestServer();
  cookie.admin = await createUser(server, { name: "Administradora", email: "admin@quiniela.test" });
  cookie.ana = await createUser(server, { name: "Ana", email: "ana@quiniela.test" });
  cookie.beto = await createUser(server, { name: "Beto", email: "beto@quiniela.test" });
  id.ana = await userIdOf(server, "ana@quiniela.test");
  id.beto = await userIdOf(server, "beto@quiniela.test");
});
afterAll(() => server.close());

const post = (path: string, fields: Record<string, string>, who: string) =>
  requestText(server, path, { method: "POST", body: form(fields), cookie: who });

/** A small season as a CSV: two jornada matches, a two-legged final, a single-match 'Tercer Lugar'. */
const CSV = [
  "jornada,local,visitante,fecha",
  "Jornada 1,América,Guadalajara,",
  "Jornada 1,Toluca,Pumas UNAM,",
  "Final Ida,Monterrey,Cruz Azul,",
  "Final Vuelta,Cruz Azul,Monterrey,",
  "Tercer Lugar,Tigres UANL,León,",
].join("\n");

type RuleFields = {
  puntosExacto: string;
  puntosResultado: string;
  marcadorEliminatoria: string;
  bonoIdaVuelta?: string;
  editables?: string;
};

function ruleFields(rules: SeasonRules): RuleFields {
  return {
    puntosExacto: String(rules.pointsExact),
    puntosResultado: String(rules.pointsOutcome),
    marcadorEliminatoria: rules.knockoutScore,
    ...(rules.twoLegBonus && { bonoIdaVuelta: "on" }),
    ...(rules.editablePicks && { editables: "on" }),
  };
}

/** 'Nueva Temporada' from a file, as the admin's browser posts it: 'Revisar', then 'Crear Temporada'. */
async function createSeason(name: string, rules: SeasonRules, csv = CSV): Promise<number> {
  const fields = { plantilla: "archivo", nombre: name, competicion: "Liga MX", ...ruleFields(rules) };
  const preview = new FormData();
  preview.set("intent", "preview");
  for (const [key, value] of Object.entries(fields)) preview.set(key, value);
  preview.set("archivo", new File([csv], "temporada.csv", { type: "text/csv" }));
  const previewed = await requestText(server, "/admin/temporadas", {
    method: "POST",
    body: preview,
    cookie: cookie.admin,
  });
  expect(previewed.status, previewed.body.slice(0, 300)).toBe(200);
  expect(previewed.body).toContain("Vista previa");
  const fingerprint = /name="fingerprint" value="([0-9a-f]{64})"/.exec(previewed.body)?.[1];
  expect(fingerprint).toBeTruthy();
  // The file comes back in the preview's hidden field, as the browser sends it: CRLF line breaks.
  const contenido = csv.replace(/\n/g, "\r\n");
  const created = await post(
    "/admin/temporadas",
    { intent: "preview", crear: "1", ...fields, fingerprint: fingerprint!, contenido },
    cookie.admin,
  );
  expect(created.status, created.body.slice(0, 300)).toBe(200);
  expect(created.body).toContain("Temporada creada");
  const season = await server.db.selectFrom("seasons").selectAll().where("name", "=", name).executeTakeFirstOrThrow();
  expect(season.is_current).toBe(0);
  return season.id;
}

async function makeCurrent(seasonId: number) {
  const response = await post(
    "/admin/temporadas",
    { intent: "make-current", seasonId: String(seasonId) },
    cookie.admin,
  );
  expect(response.status, response.body.slice(0, 300)).toBe(200);
}

async function matchOf(seasonId: number, phase: string, index = 0) {
  const rows = await server.db
    .selectFrom("matches as m")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .select(["m.id", "m.phase_id"])
    .where("p.season_id", "=", seasonId)
    .where("p.name", "=", phase)
    .orderBy("m.id")
    .execute();
  return rows[index]!;
}

async function activateAll(seasonId: number) {
  const phases = await server.db.selectFrom("phases").select("id").where("season_id", "=", seasonId).execute();
  for (const phase of phases) {
    const response = await post(
      "/admin/matches",
      { intent: "toggle-phase", phaseId: String(phase.id), active: "1" },
      cookie.admin,
    );
    expect(response.status, response.body.slice(0, 200)).toBe(200);
  }
}

async function pick(who: string, matchId: number, home: number, away: number): Promise<TextResponse> {
  return post(
    "/?index",
    { matchId: String(matchId), [`home-${matchId}`]: String(home), [`away-${matchId}`]: String(away) },
    who,
  );
}

async function result(matchId: number, home: number, away: number, extra: Record<string, string> = {}) {
  const response = await post(
    "/admin/results",
    { intent: "save-result", matchId: String(matchId), home: String(home), away: String(away), ...extra },
    cookie.admin,
  );
  expect(response.status, response.body.slice(0, 300)).toBe(200);
}

async function totalOf(seasonId: number, userId: string) {
  const row = await server.db
    .selectFrom("standings_total")
    .select(["points", "exact_hits", "outcome_hits"])
    .where("season_id", "=", seasonId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row && { points: Number(row.points), exact: Number(row.exact_hits), outcomes: Number(row.outcome_hits) };
}

async function pointsOf(userId: string, matchId: number) {
  const row = await server.db
    .selectFrom("predictions")
    .select(["points", "bonus"])
    .where("user_id", "=", userId)
    .where("match_id", "=", matchId)
    .executeTakeFirst();
  return row && { points: row.points, bonus: row.bonus };
}

describe.sequential("a season's rules", () => {
  const custom: SeasonRules = {
    pointsExact: 5,
    pointsOutcome: 2,
    twoLegBonus: true,
    knockoutScore: "tiempo_extra",
    editablePicks: true,
  };
  const plain: SeasonRules = { ...DEFAULT_RULES, twoLegBonus: false };
  let customId = 0;
  let plainId = 0;
  const bundled = { id: 0 };

  test("'Nueva Temporada' creates the season with the rules chosen, as Próxima; 'Hacer actual' makes it the one current season", async () => {
    bundled.id = await currentSeasonId(server);
    customId = await createSeason("Torneo de reglas propias", custom);
    plainId = await createSeason("Torneo sin bono", plain);
    const stored = await server.db
      .selectFrom("seasons")
      .selectAll()
      .where("id", "=", customId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      points_exact: 5,
      points_outcome: 2,
      two_leg_bonus: 1,
      knockout_score: "tiempo_extra",
      editable_picks: 1,
      finished_at: null,
    });
    // Its phases in the file's order, its teams the league's (none created).
    const phases = await server.db
      .selectFrom("phases")
      .select("name")
      .where("season_id", "=", customId)
      .orderBy("position")
      .execute();
    expect(phases.map((phase) => phase.name)).toEqual(["Jornada 1", "Final Ida", "Final Vuelta", "Tercer Lugar"]);
    expect(await server.db.selectFrom("teams").select("id").execute()).toHaveLength(18);

    await makeCurrent(customId);
    const current = await server.db.selectFrom("seasons").select("id").where("is_current", "=", 1).execute();
    expect(current).toEqual([{ id: customId }]);
    // The home page is the current season's: its name and its rules.
    const home = await requestText(server, "/", { cookie: cookie.ana });
    expect(home.body).toContain("Torneo de reglas propias");
    expect(home.body).toContain("Marcador exacto: 5 puntos. Aciertas el ganador o el empate: 2 puntos.");
    expect(home.body).toContain("Puedes cambiar tus pronósticos hasta que comience cada partido.");
    expect(home.body).toContain("cuenta el marcador al final del tiempo extra");
  });

  test("exact and outcome points are the season's, and exact hits are counted by them", async () => {
    await activateAll(customId);
    const j1 = await matchOf(customId, "Jornada 1");
    expect((await pick(cookie.ana, j1.id, 2, 1)).status).toBe(200);
    expect((await pick(cookie.beto, j1.id, 1, 0)).status).toBe(200);
    await result(j1.id, 2, 1);
    expect(await pointsOf(id.ana, j1.id)).toEqual({ points: 5, bonus: 0 });
    expect(await pointsOf(id.beto, j1.id)).toEqual({ points: 2, bonus: 0 });
    expect(await totalOf(customId, id.ana)).toEqual({ points: 5, exact: 1, outcomes: 1 });
    expect(await totalOf(customId, id.beto)).toEqual({ points: 2, exact: 0, outcomes: 1 });
    // The other seasons' tables are untouched.
    expect(await totalOf(bundled.id, id.ana)).toBeUndefined();
  });

  test("editable picks: a saved pick changes until its match locks, never after", async () => {
    const j1b = await matchOf(customId, "Jornada 1", 1);
    expect((await pick(cookie.ana, j1b.id, 0, 0)).status).toBe(200);
    const changed = await pick(cookie.ana, j1b.id, 3, 1);
    expect(changed.status, changed.body.slice(0, 200)).toBe(200);
    const stored = await server.db
      .selectFrom("predictions")
      .select(["home_score", "away_score"])
      .where("user_id", "=", id.ana)
      .where("match_id", "=", j1b.id)
      .execute();
    expect(stored).toEqual([{ home_score: 3, away_score: 1 }]);
    // Kickoff passed: locked, whatever the rule.
    await server.db
      .updateTable("matches")
      .set({ kickoff_at: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", j1b.id)
      .execute();
    const late = await pick(cookie.ana, j1b.id, 0, 0);
    expect(late.status).toBe(409);
    expect(late.body).toContain("El partido ya comenzó");
    expect(
      (
        await server.db
          .selectFrom("predictions")
          .select("home_score")
          .where("user_id", "=", id.ana)
          .where("match_id", "=", j1b.id)
          .executeTakeFirstOrThrow()
      ).home_score,
    ).toBe(3);
  });

  test("a match with extra time scores by the season's rule: after extra time here, after 90 minutes by default", async () => {
    const third = await matchOf(customId, "Tercer Lugar");
    expect((await pick(cookie.ana, third.id, 2, 1)).status).toBe(200);
    expect((await pick(cookie.beto, third.id, 1, 1)).status).toBe(200);
    // 1-1 after 90 minutes, 2-1 after extra time, no penalties.
    await result(third.id, 1, 1, { homeExtraTime: "2", awayExtraTime: "1" });
    expect(await pointsOf(id.ana, third.id)).toEqual({ points: 5, bonus: 0 });
    expect(await pointsOf(id.beto, third.id)).toEqual({ points: 0, bonus: 0 });

    // The same match and picks in a season that counts 90 minutes.
    await makeCurrent(plainId);
    await activateAll(plainId);
    const plainThird = await matchOf(plainId, "Tercer Lugar");
    expect((await pick(cookie.ana, plainThird.id, 2, 1)).status).toBe(200);
    expect((await pick(cookie.beto, plainThird.id, 1, 1)).status).toBe(200);
    // A saved pick is final here (the original's rule), even while the match is open.
    const again = await pick(cookie.beto, plainThird.id, 0, 0);
    expect(again.status).toBe(409);
    expect(again.body).toContain("Ya guardaste un pronóstico para este partido");
    await result(plainThird.id, 1, 1, { homeExtraTime: "2", awayExtraTime: "1" });
    expect(await pointsOf(id.ana, plainThird.id)).toEqual({ points: 0, bonus: 0 });
    expect(await pointsOf(id.beto, plainThird.id)).toEqual({ points: 3, bonus: 0 });
    // The card shows the whole story: 2-1 after extra time.
    const captured = await requestText(server, `/quiniela/quinielas-capturadas?temporada=${plainId}&jornada=todas`);
    expect(captured.body).toContain("Resultado oficial: 2 - 1 t.e.");

    // A league match has neither: a post that sends them anyway is refused, and nothing changes.
    const league = await matchOf(plainId, "Jornada 1");
    const before = await server.db
      .selectFrom("matches")
      .selectAll()
      .where("id", "=", league.id)
      .executeTakeFirstOrThrow();
    const extras: Record<string, string>[] = [
      { homeExtraTime: "2", awayExtraTime: "1" },
      { homePenalties: "4", awayPenalties: "3" },
    ];
    for (const extra of extras) {
      const refused = await post(
        "/admin/results",
        { intent: "save-result", matchId: String(league.id), home: "1", away: "1", ...extra },
        cookie.admin,
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toContain("Este partido no se define en tiempo extra ni en penales");
    }
    expect(
      await server.db.selectFrom("matches").selectAll().where("id", "=", league.id).executeTakeFirstOrThrow(),
    ).toEqual(before);
  });

  test("the two-leg bonus counts where the season has it, and not where it has not", async () => {
    for (const [seasonId, expectedBonus] of [
      [plainId, 0],
      [customId, 2],
    ] as const) {
      await makeCurrent(seasonId);
      const ida = await matchOf(seasonId, "Final Ida");
      const vuelta = await matchOf(seasonId, "Final Vuelta");
      // 1-1 and 2-0: four goals over both legs, as Ana predicts (2-0, 1-1).
      expect((await pick(cookie.ana, ida.id, 2, 0)).status).toBe(200);
      expect((await pick(cookie.ana, vuelta.id, 1, 1)).status).toBe(200);
      await result(ida.id, 1, 1);
      await result(vuelta.id, 2, 0);
      expect((await pointsOf(id.ana, vuelta.id))?.bonus, `temporada ${seasonId}`).toBe(expectedBonus);
    }
  });
});

describe.sequential("a finished season", () => {
  test("refuses every write until it is reopened: results, resets, phases, activation, matches, picks, corrections, files, pools", async () => {
    const seasonId = await currentSeasonId(server);
    const match = await server.db
      .selectFrom("matches as m")
      .innerJoin("phases as p", "p.id", "m.phase_id")
      .select(["m.id", "m.phase_id"])
      .where("p.season_id", "=", seasonId)
      .where("m.home_score", "is", null)
      .orderBy("m.id")
      .executeTakeFirstOrThrow();
    const prediction = await server.db
      .selectFrom("predictions as pr")
      .innerJoin("matches as m", "m.id", "pr.match_id")
      .innerJoin("phases as p", "p.id", "m.phase_id")
      .select("pr.id")
      .where("p.season_id", "=", seasonId)
      .executeTakeFirstOrThrow();
    const teams = await server.db
      .selectFrom("season_teams")
      .select("team_id")
      .where("season_id", "=", seasonId)
      .limit(2)
      .execute();
    const pool = await post("/quiniela/new", { name: "Antes de terminar", matchId: String(match.id) }, cookie.ana);
    expect(pool.status).toBe(302);
    const poolPath = pool.location!;

    const finished = await post("/admin/temporadas", { intent: "finish", seasonId: String(seasonId) }, cookie.admin);
    expect(finished.status).toBe(200);
    const snapshot = async () => ({
      matches: await server.db.selectFrom("matches").selectAll().orderBy("id").execute(),
      predictions: await server.db.selectFrom("predictions").selectAll().orderBy("id").execute(),
      phases: await server.db.selectFrom("phases").selectAll().orderBy("id").execute(),
      pools: await server.db.selectFrom("quinielas").selectAll().orderBy("id").execute(),
      members: await server.db.selectFrom("quiniela_participants").selectAll().orderBy("user_id").execute(),
      standings: await server.db.selectFrom("standings_total").selectAll().orderBy("user_id").execute(),
    });
    const before = await snapshot();
    const csv = "jornada,local,visitante,fecha,goles_local,goles_visitante\nJornada 1,América,Guadalajara,,3,3\n";
    const fileForm = new FormData();
    fileForm.set("intent", "preview");
    fileForm.set("archivo", new File([csv], "r.csv", { type: "text/csv" }));
    const attempts: [string, Promise<TextResponse>][] = [
      [
        "result",
        post(
          "/admin/results",
          { intent: "save-result", matchId: String(match.id), home: "1", away: "0" },
          cookie.admin,
        ),
      ],
      ["reset", post("/admin/matches", { intent: "reset", matchId: String(match.id) }, cookie.admin)],
      [
        "toggle",
        post("/admin/matches", { intent: "toggle-phase", phaseId: String(match.phase_id), active: "0" }, cookie.admin),
      ],
      [
        "activate",
        post("/admin/activar-quinielas", { intent: "activate", phaseId: String(match.phase_id) }, cookie.admin),
      ],
      [
        "create match",
        post(
          `/admin/matches?temporada=${seasonId}`,
          {
            intent: "create",
            phaseId: String(match.phase_id),
            homeTeamId: String(teams[0]!.team_id),
            awayTeamId: String(teams[1]!.team_id),
          },
          cookie.admin,
        ),
      ],
      [
        "correction",
        post(
          "/admin/predictions",
          { intent: "update-prediction", predictionId: String(prediction.id), home: "9", away: "9" },
          cookie.admin,
        ),
      ],
      ["pick", pick(cookie.beto, match.id, 1, 1)],
      ["rename pool", post(poolPath, { intent: "rename", name: "Nuevo nombre" }, cookie.ana)],
      ["pool matches", post(poolPath, { intent: "save-matches", matchId: String(match.id) }, cookie.ana)],
      ["pool people", post(poolPath, { intent: "add-participants", userId: id.beto }, cookie.ana)],
    ];
    for (const [what, attempt] of attempts) {
      const response = await attempt;
      expect(response.status, `${what}: ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(response.body, what).toMatch(/está terminada|No es la temporada actual|terminada/);
    }
    const file = await requestText(server, `/admin/importar-resultados?temporada=${seasonId}`, {
      method: "POST",
      body: fileForm,
      cookie: cookie.admin,
    });
    expect(file.body).toContain("terminada");
    expect(await snapshot()).toEqual(before);

    // Its table stays viewable.
    expect((await requestText(server, `/rankings?temporada=${seasonId}`)).status).toBe(200);

    // Reopened: writes work again.
    expect(
      (await post("/admin/temporadas", { intent: "reopen", seasonId: String(seasonId) }, cookie.admin)).status,
    ).toBe(200);
    await result(match.id, 1, 0);
    expect((await post(poolPath, { intent: "rename", name: "Nuevo nombre" }, cookie.ana)).status).toBe(200);
  });
});

describe.sequential("knockouts to be decided and pools across seasons", () => {
  /** A cup: a final whose teams are not known yet, and a 'Final Ida' like the Liga MX seasons'. */
  const CUP = [
    "jornada,local,visitante,fecha",
    "Final Ida,América,Guadalajara,",
    "Final,Por definir,Por definir,",
    "Final,Por definir,Por definir,",
  ].join("\n");
  let cupId = 0;

  const setTeams = (matchId: number, home: number, away: number) =>
    post(
      "/admin/matches",
      { intent: "set-teams", matchId: String(matchId), homeTeamId: String(home), awayTeamId: String(away) },
      cookie.admin,
    );
  const teamId = async (name: string) =>
    (await server.db.selectFrom("teams").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;

  test("'Definir equipos' sets the teams of a 'Por definir' match of the season, never the same twice, never once it has picks", async () => {
    cupId = await createSeason("Copa de prueba", DEFAULT_RULES, CUP);
    const [first, second] = [await matchOf(cupId, "Final"), await matchOf(cupId, "Final", 1)];
    const stored = await server.db
      .selectFrom("matches")
      .select(["home_team_id", "away_team_id"])
      .where("id", "=", first.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ home_team_id: null, away_team_id: null });
    const [america, chivas, puebla] = [await teamId("América"), await teamId("Guadalajara"), await teamId("Puebla")];

    const same = await setTeams(first.id, america, america);
    expect(same.status).toBe(400);
    expect(same.body).toContain("El equipo local y el visitante deben ser distintos");
    // Puebla plays Liga MX, but not in this cup.
    const outsider = await setTeams(first.id, america, puebla);
    expect(outsider.status).toBe(400);
    expect(outsider.body).toContain("El equipo no existe");

    const set = await setTeams(first.id, chivas, america);
    expect(set.status, set.body.slice(0, 300)).toBe(200);
    expect(set.body).toContain("Equipos guardados");
    expect(set.body).toContain("Guadalajara vs América");
    expect(
      await server.db
        .selectFrom("matches")
        .select(["home_team_id", "away_team_id"])
        .where("id", "=", first.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      home_team_id: chivas,
      away_team_id: america,
    });

    // Once somebody predicted it, its teams stay.
    await makeCurrent(cupId);
    await activateAll(cupId);
    expect((await pick(cookie.ana, first.id, 1, 0)).status).toBe(200);
    const late = await setTeams(first.id, america, chivas);
    expect(late.status).toBe(400);
    expect(late.body).toContain("El partido ya tiene pronósticos: sus equipos no se pueden cambiar");
    expect(
      (
        await server.db
          .selectFrom("matches")
          .select("home_team_id")
          .where("id", "=", first.id)
          .executeTakeFirstOrThrow()
      ).home_team_id,
    ).toBe(chivas);
    // A match still to be decided offers no pick.
    const undecided = await pick(cookie.ana, second.id, 1, 0);
    expect(undecided.status).toBeGreaterThanOrEqual(400);
    expect(await server.db.selectFrom("predictions").select("id").where("match_id", "=", second.id).execute()).toEqual(
      [],
    );
  });

  test("'Duplicar para la temporada actual' gives the owner the same pool (name, members, the phases of the same name) in the current season", async () => {
    const finalIda = await matchOf(cupId, "Final Ida");
    const created = await post("/quiniela/new", { name: "La de la oficina", matchId: String(finalIda.id) }, cookie.ana);
    expect(created.status, created.body.slice(0, 300)).toBe(302);
    const poolPath = created.location!;
    const poolId = Number(poolPath.split("/").pop());
    expect((await post(poolPath, { intent: "add-participants", userId: id.beto }, cookie.ana)).status).toBe(200);

    // Still the current season: nothing to duplicate.
    const early = await post(poolPath, { intent: "duplicate" }, cookie.ana);
    expect(early.status).toBe(400);
    expect(early.body).toContain("La quiniela ya es de la temporada actual");

    // The league season becomes current again; the cup is finished.
    const league = (
      await server.db.selectFrom("seasons").select("id").where("name", "=", "Torneo sin bono").executeTakeFirstOrThrow()
    ).id;
    await makeCurrent(league);
    expect((await post("/admin/temporadas", { intent: "finish", seasonId: String(cupId) }, cookie.admin)).status).toBe(
      200,
    );

    // A member who does not own it cannot.
    const stranger = await post(poolPath, { intent: "duplicate" }, cookie.beto);
    expect(stranger.status).toBe(403);

    const duplicated = await post(poolPath, { intent: "duplicate" }, cookie.ana);
    expect(duplicated.status, duplicated.body.slice(0, 300)).toBe(302);
    const copyId = Number(duplicated.location!.split("/").pop());
    expect(copyId).not.toBe(poolId);
    const copy = await server.db.selectFrom("quinielas").selectAll().where("id", "=", copyId).executeTakeFirstOrThrow();
    expect(copy).toMatchObject({ name: "La de la oficina", season_id: league, owner_id: id.ana });
    const members = await server.db
      .selectFrom("quiniela_participants")
      .select("user_id")
      .where("quiniela_id", "=", copyId)
      .orderBy("user_id")
      .execute();
    expect(members.map((member) => member.user_id).sort()).toEqual([id.ana, id.beto].sort());
    // Its matches: the league season's 'Final Ida', the phase the old pool had.
    const copied = await server.db
      .selectFrom("quiniela_matches")
      .select("match_id")
      .where("quiniela_id", "=", copyId)
      .execute();
    expect(copied.map((row) => row.match_id)).toEqual([(await matchOf(league, "Final Ida")).id]);
    // The old pool stays with its season, read-only.
    expect(
      (await server.db.selectFrom("quinielas").select("season_id").where("id", "=", poolId).executeTakeFirstOrThrow())
        .season_id,
    ).toBe(cupId);
  });

  test("a finished season takes no pool and keeps its pools as they are: 'Duplicar' into a finished current season, 'Renovar enlace', leaving, removing, joining are refused", async () => {
    const league = (
      await server.db.selectFrom("seasons").select("id").where("name", "=", "Torneo sin bono").executeTakeFirstOrThrow()
    ).id;
    const pools = await server.db
      .selectFrom("quinielas")
      .select(["id", "season_id", "invite_code"])
      .where("name", "=", "La de la oficina")
      .execute();
    const cupPool = pools.find((pool) => pool.season_id === cupId)!;
    const leaguePool = pools.find((pool) => pool.season_id === league)!;
    expect(cupPool && leaguePool).toBeTruthy();
    const cupFinished = finishedMessage("Copa de prueba");
    const leagueFinished = finishedMessage("Torneo sin bono");

    // The cup is finished, the league plays: the cup's pool keeps its invite code.
    const renewedCup = await post(`/quiniela/${cupPool.id}`, { intent: "renew-code" }, cookie.ana);
    expect(renewedCup.status).toBe(400);
    expect(renewedCup.body).toContain(cupFinished);

    // Now the current season is finished too.
    expect((await post("/admin/temporadas", { intent: "finish", seasonId: String(league) }, cookie.admin)).status).toBe(
      200,
    );
    const snapshot = async () => ({
      pools: await server.db.selectFrom("quinielas").selectAll().orderBy("id").execute(),
      members: await server.db
        .selectFrom("quiniela_participants")
        .selectAll()
        .orderBy("quiniela_id")
        .orderBy("user_id")
        .execute(),
      matches: await server.db
        .selectFrom("quiniela_matches")
        .selectAll()
        .orderBy("quiniela_id")
        .orderBy("match_id")
        .execute(),
    });
    const before = await snapshot();
    const { id: anyMatch } = await matchOf(league, "Final Ida");
    const attempts: [string, () => Promise<TextResponse>, string][] = [
      [
        "duplicate into the finished current season",
        () => post(`/quiniela/${cupPool.id}`, { intent: "duplicate" }, cookie.ana),
        leagueFinished,
      ],
      [
        "'Crear Quiniela'",
        () => post("/quiniela/new", { name: "Otra", matchId: String(anyMatch) }, cookie.ana),
        leagueFinished,
      ],
      ["renew-code (cup)", () => post(`/quiniela/${cupPool.id}`, { intent: "renew-code" }, cookie.ana), cupFinished],
      [
        "renew-code (league)",
        () => post(`/quiniela/${leaguePool.id}`, { intent: "renew-code" }, cookie.admin),
        leagueFinished,
      ],
      ["leave", () => post(`/quiniela/${leaguePool.id}`, { intent: "leave" }, cookie.beto), leagueFinished],
      [
        "remove-participant",
        () => post(`/quiniela/${leaguePool.id}`, { intent: "remove-participant", userId: id.beto }, cookie.ana),
        leagueFinished,
      ],
    ];
    for (const [what, attempt, message] of attempts) {
      const response = await attempt();
      expect(response.status, `${what}: ${response.body.slice(0, 200)}`).toBe(400);
      expect(response.body, what).toContain(message);
    }
    // An invite to a finished season's pool lets nobody in.
    const join = await post(`/quiniela/${leaguePool.id}/unirse`, { codigo: leaguePool.invite_code }, cookie.admin);
    expect(join.status).toBe(302);
    expect(join.location).toBe("/quinielas");
    expect(await snapshot()).toEqual(before);
    // Nor does it name the pool to someone signed out on their way to it (/login, /register).
    const link = `/quiniela/${leaguePool.id}/unirse?codigo=${leaguePool.invite_code}`;
    for (const page of ["/login", "/register"]) {
      const signedOut = await requestText(server, `${page}?${new URLSearchParams({ redirectTo: link })}`);
      expect(signedOut.status, page).toBe(200);
      expect(signedOut.body, page).not.toContain("Te invitaron");
      expect(signedOut.body, page).not.toContain("La de la oficina");
    }

    // Reopened, the league takes changes again.
    expect((await post("/admin/temporadas", { intent: "reopen", seasonId: String(league) }, cookie.admin)).status).toBe(
      200,
    );
    const renewed = await post(`/quiniela/${leaguePool.id}`, { intent: "renew-code" }, cookie.ana);
    expect(renewed.status).toBe(200);
    expect(
      (
        await server.db
          .selectFrom("quinielas")
          .select("invite_code")
          .where("id", "=", leaguePool.id)
          .executeTakeFirstOrThrow()
      ).invite_code,
    ).not.toBe(leaguePool.invite_code);
  });
});

describe("a season nobody plays", () => {
  test("'Terminar temporada' is offered disabled with its reason, and the server refuses it: nothing changes", async () => {
    const competition = (await server.db.selectFrom("competitions").select("id").executeTakeFirstOrThrow()).id;
    const empty = await server.db
      .insertInto("seasons")
      .values({
        competition_id: competition,
        name: "Temporada sin jugadores",
        time_zone: "America/Mexico_City",
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const page = await requestText(server, "/admin/temporadas", { cookie: cookie.admin });
    expect(page.status).toBe(200);
    const start = page.body.indexOf('<tr aria-label="Temporada sin jugadores"');
    expect(start).toBeGreaterThan(-1);
    const row = page.body.slice(start, page.body.indexOf("</tr>", start));
    expect(row).toMatch(/<button[^>]*disabled=""[^>]*>Terminar temporada<\/button>/);
    expect(row).toContain("Aún nadie la juega: no hay tabla que cerrar");

    const refused = await post("/admin/temporadas", { intent: "finish", seasonId: String(empty.id) }, cookie.admin);
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("No se pudo completar la acción. Aún nadie la juega: no hay tabla que cerrar.");
    const season = await server.db
      .selectFrom("seasons")
      .select("finished_at")
      .where("id", "=", empty.id)
      .executeTakeFirstOrThrow();
    expect(season.finished_at).toBeNull();
  });
});
