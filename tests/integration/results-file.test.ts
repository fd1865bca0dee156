import { afterAll, beforeAll, expect, test } from "vitest";

import { refreshAllScores } from "#app/data/standings/upkeep.server";

import { createUser } from "../support/accounts";
import { leakedInternals, startTestServer, userIdOf, type TestServer } from "../support/server";

/**
 * /admin/importar-resultados against the real server, on SQLite and PostgreSQL: a file is
 * previewed without a write, applied in one go (matches, kickoffs, results and the stored
 * standings), refused whole when a row is wrong or when the matches moved since the preview.
 */

const ADMIN = { name: "Administradora", email: "admin@quiniela.test" };
const ANA = { name: "Ana Archivo", email: "ana@quiniela.test" };
const PATH = "/admin/importar-resultados";
const HEADER = "jornada,local,visitante,fecha,goles_local,goles_visitante";

let server: TestServer;
let adminCookie: string;
let anaCookie: string;
let anaId: string;

beforeAll(async () => {
  server = await startTestServer();
  adminCookie = await createUser(server, ADMIN);
  anaCookie = await createUser(server, ANA);
  anaId = await userIdOf(server, ANA.email);
});
afterAll(() => server.close());

async function matchOf(phase: string, home: string, away: string) {
  return server.db
    .selectFrom("matches as m")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .innerJoin("teams as h", "h.id", "m.home_team_id")
    .innerJoin("teams as a", "a.id", "m.away_team_id")
    .selectAll("m")
    .where("p.name", "=", phase)
    .where("h.name", "=", home)
    .where("a.name", "=", away)
    .executeTakeFirst();
}

async function pick(user: string, matchId: number, home: number, away: number) {
  const now = new Date().toISOString();
  await server.db
    .insertInto("predictions")
    .values({ user_id: user, match_id: matchId, home_score: home, away_score: away, created_at: now, updated_at: now })
    .execute();
}

/** Everything applying a file could change. */
async function snapshot() {
  const { db } = server;
  return {
    matches: await db.selectFrom("matches").selectAll().orderBy("id").execute(),
    predictions: await db.selectFrom("predictions").selectAll().orderBy("id").execute(),
    standingsPhase: await db.selectFrom("standings_phase").selectAll().orderBy("phase_id").orderBy("user_id").execute(),
    standingsTotal: await db.selectFrom("standings_total").selectAll().orderBy("user_id").execute(),
  };
}

function decode(html: string) {
  return html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

async function send(body: FormData, cookie: string | undefined = adminCookie) {
  const response = await server.request(PATH, { method: "POST", body, cookie });
  const text = decode(await response.text());
  expect(leakedInternals(text)).toEqual([]);
  return { status: response.status, body: text, location: response.headers.get("location") };
}

function previewForm(content: string, name = "resultados.csv") {
  const body = new FormData();
  body.set("intent", "preview");
  body.set("archivo", new Blob([content], { type: "text/csv" }), name);
  return body;
}

async function preview(content: string, name?: string) {
  const page = await send(previewForm(content, name));
  const fingerprint = /name="fingerprint" value="([0-9a-f]{64})"/.exec(page.body)?.[1];
  return { ...page, fingerprint };
}

function applyForm(content: string, fingerprint: string) {
  const body = new FormData();
  body.set("intent", "apply");
  // As the browser sends the hidden field back: CRLF line breaks.
  body.set("content", content.replace(/\n/g, "\r\n"));
  body.set("fingerprint", fingerprint);
  return body;
}

/** The counts of the preview, as its badges show them. */
function counts(html: string) {
  const found: Record<string, number> = {};
  for (const [, kind, n] of html.matchAll(
    /(Partido nuevo|Resultado nuevo|Resultado cambia|Fecha cambia|Sin cambios): (\d+)</g,
  )) {
    found[kind!] = Number(n);
  }
  return found;
}

// Jornada 5 of the season file: Querétaro–Cruz Azul, Puebla–Mazatlán FC, Toluca–León, Pachuca–Tijuana…
const FILE = [
  HEADER,
  "Jornada 5,Querétaro,Cruz Azul,2024-02-03 19:00,2,1", // result new + date
  "5,Puebla,Mazatlán,,0,0", // result new (alias and bare number)
  "Jornada 5,Toluca,León,2024-02-04 17:00,,", // date only
  "Jornada 5,América,Tijuana,2024-02-04 21:05,3,0", // a pairing the fixture list lacks: new match
  "Jornada 5,Pachuca,Tijuana,,,", // nothing
].join("\n");

test("non-admins are refused (403, or /login for anonymous) and nothing is written", async () => {
  const before = await snapshot();
  const forbidden = await send(previewForm(FILE), anaCookie);
  expect(forbidden.status).toBe(403);
  expect(forbidden.body).not.toContain("Vista previa");
  const anonymous = await send(previewForm(FILE), "");
  expect(anonymous.status).toBe(302);
  expect(anonymous.location).toBe(`/login?redirectTo=${encodeURIComponent(PATH)}`);
  const apply = await send(applyForm(FILE, "0".repeat(64)), anaCookie);
  expect(apply.status).toBe(403);
  expect(await snapshot()).toEqual(before);
});

test("the preview shows what would change and writes nothing; applying does it all and keeps the standings true", async () => {
  const qro = (await matchOf("Jornada 5", "Querétaro", "Cruz Azul"))!;
  const pue = (await matchOf("Jornada 5", "Puebla", "Mazatlán FC"))!;
  await pick(anaId, qro.id, 2, 1); // exact: 3
  await pick(anaId, pue.id, 1, 1); // draw: 1

  const before = await snapshot();
  const page = await preview(FILE);
  expect(page.status).toBe(200);
  expect(page.body).toContain("Vista previa");
  expect(counts(page.body)).toEqual({
    "Partido nuevo": 1,
    "Resultado nuevo": 2,
    "Resultado cambia": 0,
    "Fecha cambia": 2,
    "Sin cambios": 1,
  });
  expect(page.fingerprint).toBeDefined();
  expect(await snapshot()).toEqual(before);
  expect(await matchOf("Jornada 5", "América", "Tijuana")).toBeUndefined();

  const applied = await send(applyForm(FILE, page.fingerprint!));
  expect(applied.status).toBe(200);
  expect(applied.body).toContain("Resultados importados");
  expect(applied.body).toContain("1 partido nuevo, 2 resultados nuevos, 2 fechas cambiadas, 1 sin cambios");

  expect(await matchOf("Jornada 5", "Querétaro", "Cruz Azul")).toMatchObject({
    home_score: 2,
    away_score: 1,
    kickoff_at: "2024-02-04T01:00:00.000Z", // 19:00 in Mexico City (UTC-6)
  });
  expect(await matchOf("Jornada 5", "Puebla", "Mazatlán FC")).toMatchObject({ home_score: 0, away_score: 0 });
  expect(await matchOf("Jornada 5", "Toluca", "León")).toMatchObject({
    home_score: null,
    away_score: null,
    kickoff_at: "2024-02-04T23:00:00.000Z",
  });
  expect(await matchOf("Jornada 5", "América", "Tijuana")).toMatchObject({
    home_score: 3,
    away_score: 0,
    active: 0,
    kickoff_at: "2024-02-05T03:05:00.000Z",
  });

  const picks = await server.db
    .selectFrom("predictions")
    .select(["match_id", "points"])
    .where("user_id", "=", anaId)
    .execute();
  expect(picks).toEqual(
    expect.arrayContaining([
      { match_id: qro.id, points: 3 },
      { match_id: pue.id, points: 1 },
    ]),
  );
  const total = await server.db
    .selectFrom("standings_total")
    .selectAll()
    .where("user_id", "=", anaId)
    .executeTakeFirst();
  expect(total).toMatchObject({ points: 4, exact_hits: 1, outcome_hits: 2 });

  // The stored standings equal a full rebuild from the predictions.
  const kept = await snapshot();
  await refreshAllScores(server.db);
  expect(await snapshot()).toEqual(kept);

  const standings = decode(await (await server.request("/rankings")).text());
  expect(standings).toMatch(/Ana Archivo[\s\S]*?>4</);
});

test("applying the same file again is 'Sin cambios' everywhere and changes nothing", async () => {
  const page = await preview(FILE);
  expect(counts(page.body)).toEqual({
    "Partido nuevo": 0,
    "Resultado nuevo": 0,
    "Resultado cambia": 0,
    "Fecha cambia": 0,
    "Sin cambios": 5,
  });
  const before = await snapshot();
  const again = await send(applyForm(FILE, page.fingerprint!));
  expect(again.status).toBe(200);
  expect(again.body).toContain("El archivo no cambia ningún partido");
  expect(await snapshot()).toEqual(before);
});

test("a changed result shows old → new and moves the standings", async () => {
  const file = `${HEADER}\nJornada 5,Querétaro,Cruz Azul,,1,1\n`;
  const page = await preview(file);
  expect(counts(page.body)["Resultado cambia"]).toBe(1);
  expect(page.body).toContain("2–1 → 1–1");
  const applied = await send(applyForm(file, page.fingerprint!));
  expect(applied.status).toBe(200);
  const total = await server.db
    .selectFrom("standings_total")
    .selectAll()
    .where("user_id", "=", anaId)
    .executeTakeFirst();
  expect(total).toMatchObject({ points: 1, exact_hits: 0, outcome_hits: 1 });
  const kept = await snapshot();
  await refreshAllScores(server.db);
  expect(await snapshot()).toEqual(kept);
});

test("one wrong row: every problem listed with its row, nothing applied", async () => {
  const before = await snapshot();
  const file = [
    HEADER,
    "Jornada 6,Querétaro,Toluca,,1,0",
    "Jornada 6,Atlético X,Toluca,,1,0",
    "Jornada 6,América,León,,21,0",
    "Jornada 99,América,León,,,",
  ].join("\n");
  const page = await preview(file);
  expect(page.status).toBe(400);
  expect(page.body).toContain("No se pudo importar el archivo");
  expect(page.body).toContain("Fila 3: equipo desconocido «Atlético X»");
  expect(page.body).toContain("Fila 4: goles fuera de rango (0–20)");
  expect(page.body).toContain("Fila 5: jornada desconocida «Jornada 99»");
  expect(page.fingerprint).toBeUndefined();

  // Sent straight to 'Aplicar cambios' (no preview), the server reads it again and refuses it.
  const forced = await send(applyForm(file, "a".repeat(64)));
  expect(forced.status).toBe(400);
  expect(forced.body).toContain("Fila 3: equipo desconocido «Atlético X»");
  expect(await snapshot()).toEqual(before);
});

test("a stale preview (the matches moved, or the content was altered) is refused and nothing is applied", async () => {
  const file = `${HEADER}\nJornada 7,Querétaro,Tijuana,,4,4\nJornada 5,Puebla,Mazatlán,,3,0\n`;
  const page = await preview(file);
  expect(page.status).toBe(200);

  const altered = await send(applyForm(file.replace("3,0", "0,3"), page.fingerprint!));
  expect(altered.status).toBe(409);
  expect(altered.body).toContain("Los partidos cambiaron desde la vista previa; revisa el archivo de nuevo");

  const pue = (await matchOf("Jornada 5", "Puebla", "Mazatlán FC"))!;
  await server.db.updateTable("matches").set({ home_score: 1, away_score: 0 }).where("id", "=", pue.id).execute();
  const before = await snapshot();
  const stale = await send(applyForm(file, page.fingerprint!));
  expect(stale.status).toBe(409);
  expect(stale.body).toContain("Los partidos cambiaron desde la vista previa; revisa el archivo de nuevo");
  expect(await snapshot()).toEqual(before);
  await server.db.updateTable("matches").set({ home_score: 0, away_score: 0 }).where("id", "=", pue.id).execute();
});

test("the season's JSON format: only matches is read", async () => {
  const json = JSON.stringify({
    season: "Liga MX Clausura 2024",
    phases: [],
    teams: [],
    matches: [
      {
        phase: "Jornada 8",
        home: "Chivas",
        away: "Pumas",
        kickoff: "2024-02-24T19:00:00-06:00",
        is_first_leg: null,
        home_score: 1,
        away_score: 0,
      },
      {
        phase: "Jornada 8",
        home: "Tuzos",
        away: "Xolos",
        kickoff: null,
        is_first_leg: null,
        home_score: null,
        away_score: null,
      },
    ],
  });
  const page = await preview(json, "temporada.json");
  expect(page.status).toBe(200);
  expect(counts(page.body)).toMatchObject({ "Partido nuevo": 1, "Resultado nuevo": 1, "Fecha cambia": 1 });
  const applied = await send(applyForm(json, page.fingerprint!));
  expect(applied.status).toBe(200);
  expect(await matchOf("Jornada 8", "Guadalajara", "Pumas UNAM")).toMatchObject({
    home_score: 1,
    away_score: 0,
    kickoff_at: "2024-02-25T01:00:00.000Z",
  });
  expect(await matchOf("Jornada 8", "Pachuca", "Tijuana")).toMatchObject({
    home_score: null,
    kickoff_at: null,
    active: 0,
  });
});

test("a file over 1 MB is refused before it is read", async () => {
  const before = await snapshot();
  const big = `${HEADER}\n${"Jornada 9,Querétaro,Toluca,,1,0\n".repeat(40_000)}`;
  expect(big.length).toBeGreaterThan(1024 * 1024);
  const page = await send(previewForm(big));
  expect(page.status).toBe(413);
  expect(page.body).toContain("El archivo pesa más de 1 MB");
  expect(await snapshot()).toEqual(before);
});

test("a changed result replaces the match's whole result: the extra time and penalties entered before go, and are no longer scored", async () => {
  const match = await server.db
    .selectFrom("matches as m")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .selectAll("m")
    .where("p.name", "=", "Jornada 6")
    .orderBy("m.id")
    .executeTakeFirstOrThrow();
  const names = await server.db
    .selectFrom("teams")
    .select(["id", "name"])
    .where("id", "in", [match.home_team_id!, match.away_team_id!])
    .execute();
  const nameOf = (id: number | null) => names.find((team) => team.id === id)!.name;
  const season = await server.db
    .selectFrom("seasons")
    .select(["id", "knockout_score"])
    .where("finished_at", "is", null)
    .executeTakeFirstOrThrow();
  // Scored after extra time when there is one (a season of the 'tiempo_extra' rule).
  await server.db.updateTable("seasons").set({ knockout_score: "tiempo_extra" }).where("id", "=", season.id).execute();
  try {
    await pick(anaId, match.id, 2, 1);
    await server.db
      .updateTable("matches")
      .set({
        active: 1,
        home_score: 1,
        away_score: 1,
        home_score_extra_time: 2,
        away_score_extra_time: 1,
        home_penalties: null,
        away_penalties: null,
      })
      .where("id", "=", match.id)
      .execute();
    await refreshAllScores(server.db);
    const pointsOf = async () =>
      (
        await server.db
          .selectFrom("predictions")
          .select("points")
          .where("user_id", "=", anaId)
          .where("match_id", "=", match.id)
          .executeTakeFirstOrThrow()
      ).points;
    expect(await pointsOf()).toBe(3);

    const file = `${HEADER}\nJornada 6,${nameOf(match.home_team_id)},${nameOf(match.away_team_id)},,3,0\n`;
    const page = await preview(file);
    expect(counts(page.body)["Resultado cambia"]).toBe(1);
    expect((await send(applyForm(file, page.fingerprint!))).status).toBe(200);
    expect(await matchOf("Jornada 6", nameOf(match.home_team_id), nameOf(match.away_team_id))).toMatchObject({
      home_score: 3,
      away_score: 0,
      home_score_extra_time: null,
      away_score_extra_time: null,
      home_penalties: null,
      away_penalties: null,
    });
    // 2–1 against 3–0: the winner only.
    expect(await pointsOf()).toBe(1);
    const kept = await snapshot();
    await refreshAllScores(server.db);
    expect(await snapshot()).toEqual(kept);
  } finally {
    await server.db
      .updateTable("seasons")
      .set({ knockout_score: season.knockout_score })
      .where("id", "=", season.id)
      .execute();
  }
});

test("a Vuelta written with home and away the other way round is a problem, not a third match between the two teams", async () => {
  const vuelta = await server.db
    .selectFrom("matches as m")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .innerJoin("teams as h", "h.id", "m.home_team_id")
    .innerJoin("teams as a", "a.id", "m.away_team_id")
    .select(["h.name as home", "a.name as away"])
    .where("p.name", "=", "Cuartos Vuelta")
    .orderBy("m.id")
    .executeTakeFirstOrThrow();
  const before = await snapshot();
  const page = await preview(`${HEADER}\nCuartos Vuelta,${vuelta.away},${vuelta.home},,1,1\n`);
  expect(page.status).toBe(400);
  expect(page.body).toContain(
    `Cuartos Vuelta, ${vuelta.away} vs ${vuelta.home}: Estos equipos ya juegan sus dos partidos de esta ronda (ida y vuelta); ¿local y visitante al revés?`,
  );
  expect(page.fingerprint).toBeUndefined();
  expect(await snapshot()).toEqual(before);
});
