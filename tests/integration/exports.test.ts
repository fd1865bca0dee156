import { afterAll, beforeAll, expect, test } from "vitest";

import { SCRIPT_ACTOR } from "#app/data/changes/change-log.server";
import { saveResult } from "#app/data/results/match-results.server";

import { createUser } from "../support/accounts";
import { requestText, startTestServer, userIdOf, type TestServer } from "../support/server";

/**
 * The admin's downloads, on SQLite and PostgreSQL: standings and predictions as CSV (BOM,
 * Spanish headers, spreadsheet-safe cells) and the database as JSON without secrets; nobody else
 * gets them.
 */

let server: TestServer;
let admin: string;
let player: string;
const NOW = new Date().toISOString();
const BOM = "\uFEFF";

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server, { name: "Administradora", email: "admin@quiniela.test" });
  player = await createUser(server, { name: 'Peña, "la del ñandú"', email: "pena@quiniela.test" });
  await createUser(server, { name: '=HYPERLINK("x")', email: "formula@quiniela.test" });
  const pena = await userIdOf(server, "pena@quiniela.test");
  const matches = await server.db
    .selectFrom("matches as m")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .select(["m.id"])
    .where("p.name", "=", "Jornada 1")
    .orderBy("m.id")
    .execute();
  await server.db
    .updateTable("matches")
    .set({ active: 1 })
    .where(
      "id",
      "in",
      matches.map((m) => m.id),
    )
    .execute();
  await server.db
    .insertInto("predictions")
    .values(
      matches.slice(0, 2).map((m, i) => ({
        user_id: pena,
        match_id: m.id,
        home_score: 2,
        away_score: i,
        activated: 1,
        created_at: NOW,
        updated_at: NOW,
      })),
    )
    .execute();
  await saveResult(server.db, matches[0]!.id, { home: 2, away: 0 }, SCRIPT_ACTOR);
});
afterAll(() => server.close());

/** The response as bytes: the BOM must really be there (fetch's text() would drop it). */
async function download(path: string, cookie?: string) {
  const response = await server.request(path, { cookie });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, body: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
}

function csvRows(body: string): string[] {
  expect(body.startsWith(BOM)).toBe(true);
  return body.slice(BOM.length).split("\r\n").filter(Boolean);
}

test("standings CSV: BOM, Spanish headers, ranks and names escaped; a phase's own table", async () => {
  const { response, bytes, body } = await download("/admin/exportar/posiciones.csv", admin);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  // The file is named after the season (and the phase when one is asked for).
  expect(response.headers.get("content-disposition")).toBe(
    'attachment; filename="posiciones-liga-mx-clausura-2024.csv"',
  );
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = csvRows(body);
  expect(rows[0]).toBe("Posición,Nombre,Puntos,Exactos,Resultados acertados");
  expect(rows[1]).toBe('1,"Peña, ""la del ñandú""",3,1,1');
  // A name a spreadsheet would run as a formula stays text.
  expect(rows.some((row) => row.includes(`"'=HYPERLINK(""x"")"`))).toBe(true);
  expect(rows).toHaveLength(4);

  const phase = await server.db
    .selectFrom("phases")
    .select("id")
    .where("name", "=", "Jornada 1")
    .executeTakeFirstOrThrow();
  const byPhase = await download(`/admin/exportar/posiciones.csv?jornada=${phase.id}`, admin);
  expect(byPhase.response.headers.get("content-disposition")).toBe(
    'attachment; filename="posiciones-liga-mx-clausura-2024-jornada-1.csv"',
  );
  expect(csvRows(byPhase.body)[1]).toBe('1,"Peña, ""la del ñandú""",3,1,1');
});

test("predictions CSV: one line per prediction with match, result, player, points", async () => {
  const { response, body } = await download("/admin/exportar/pronosticos.csv", admin);
  expect(response.status).toBe(200);
  const rows = csvRows(body);
  expect(rows[0]).toBe(
    "Jornada,Local,Visitante,Resultado local,Resultado visitante,Usuario,Correo electrónico,Pronóstico local,Pronóstico visitante,Puntos,Bono,Capturado",
  );
  expect(rows).toHaveLength(3);
  expect(rows[1]).toMatch(
    /^Jornada 1,[^,]+,[^,]+,2,0,"Peña, ""la del ñandú""",pena@quiniela\.test,2,0,3,0,\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
  );
  // No result yet: empty result and points.
  expect(rows[2]).toMatch(/^Jornada 1,[^,]+,[^,]+,,,"Peña, ""la del ñandú""",pena@quiniela\.test,2,1,,0,/);
});

test("database JSON: the game's tables, no password hashes, sessions or reset tokens", async () => {
  const response = await requestText(server, "/admin/exportar/base-de-datos.json", { cookie: admin });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  const json = JSON.parse(response.body) as { exportado: string; tablas: Record<string, Record<string, unknown>[]> };
  expect(Object.keys(json.tablas)).toEqual([
    "competitions",
    "seasons",
    "season_teams",
    "phases",
    "teams",
    "matches",
    "users",
    "allowed_emails",
    "predictions",
    "quinielas",
    "quiniela_matches",
    "quiniela_participants",
    "standings_phase",
    "standings_total",
    "change_log",
  ]);
  expect(json.tablas.seasons).toHaveLength(1);
  expect(json.tablas.phases).toHaveLength(23);
  expect(json.tablas.teams).toHaveLength(18);
  expect(json.tablas.matches).toHaveLength(167);
  expect(json.tablas.users).toHaveLength(3);
  expect(json.tablas.predictions).toHaveLength(2);
  // 'Bitácora': the result saved above, who saved it and what it became.
  expect(json.tablas.change_log).toEqual([
    expect.objectContaining({
      kind: "result-saved",
      actor_name: "Script del servidor",
      after: '{"result":{"home":2,"away":0},"extraTime":null,"penalties":null}',
    }),
  ]);
  expect(Object.keys(json.tablas.users![0]!).sort()).toEqual(
    ["avatar_color", "created_at", "display_name", "email", "id", "image", "name", "role", "updated_at"].sort(),
  );
  for (const secret of ["password", "token", "session"]) expect(response.body.toLowerCase()).not.toContain(secret);
});

test("only the admin: a player gets 403, an anonymous visitor goes to /login", async () => {
  for (const path of [
    "/admin/exportar/posiciones.csv",
    "/admin/exportar/pronosticos.csv",
    "/admin/exportar/base-de-datos.json",
  ]) {
    const asPlayer = await requestText(server, path, { cookie: player });
    expect(asPlayer.status, path).toBe(403);
    // The 403 page carries the player's own navbar only: nobody else's data.
    for (const other of ["HYPERLINK", "admin@quiniela.test", "Resultados acertados", "pronosticos"])
      expect(asPlayer.body).not.toContain(other);
    const anonymous = await requestText(server, path);
    expect(anonymous.status, path).toBe(302);
    expect(anonymous.location).toMatch(/^\/login/);
  }
});
