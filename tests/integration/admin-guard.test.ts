import { afterAll, beforeAll, expect, test } from "vitest";

import { createUser } from "../support/accounts";
import {
  currentSeasonId,
  form,
  loginUser,
  requestText,
  startTestServer,
  userIdOf,
  type TestServer,
  type TextResponse,
} from "../support/server";

/**
 * Every admin route refuses anonymous visitors and signed-in non-admins on the server, for
 * document and .data (client navigation) requests, reads and writes alike, before anything runs.
 */

const ADMIN_PAGES = {
  "/admin/matches": "Administración de Partidos",
  "/admin/results": "Resultados",
  "/admin/activar-quinielas": "Activar Quinielas por Jornada",
  "/admin/users": "Gestionar Usuarios",
  "/admin/predictions": "Administración de Pronósticos",
  "/admin/ver-quinielas": "Quinielas Capturadas",
  "/admin/estado-pronosticos": "Estado de Pronósticos por Jornada",
  "/admin/importar-resultados": "Importar Resultados",
  "/admin/temporadas": "Temporadas",
} as const;
type AdminPage = keyof typeof ADMIN_PAGES;
// "/admin" is the layout (its middleware is the guard); "/admin?index" its index route.
const ADMIN_PATHS = ["/admin", "/admin?index", ...(Object.keys(ADMIN_PAGES) as AdminPage[])];
const FORBIDDEN = "No tienes acceso a esta página";

const ADMIN = { name: "Administradora", email: "admin@quiniela.test" };
const MALLORY = { name: "Mallory", email: "mallory@quiniela.test" };
const VICTIM = { name: "Víctima Pérez", email: "victima@quiniela.test" };

let server: TestServer;
let adminCookie: string;
let malloryCookie: string;
let ids: {
  mallory: string;
  victim: string;
  phase: number;
  otherPhase: number;
  match: number;
  playedMatch: number;
  home: number;
  away: number;
  prediction: number;
  quiniela: number;
};

beforeAll(async () => {
  server = await startTestServer();
  adminCookie = await createUser(server, ADMIN);
  malloryCookie = await createUser(server, MALLORY);
  await createUser(server, VICTIM);
  const { db } = server;
  const now = new Date().toISOString();

  // Something worth protecting: an active phase with a kickoff, a result, predictions, a pool.
  const [phase, otherPhase] = await db.selectFrom("phases").select("id").orderBy("position").limit(2).execute();
  const matches = await db
    .selectFrom("matches")
    .select(["id", "home_team_id", "away_team_id"])
    .where("phase_id", "=", phase!.id)
    .orderBy("id")
    .execute();
  const [match, playedMatch] = matches as [(typeof matches)[0], (typeof matches)[0]];
  await db.updateTable("matches").set({ active: 1 }).where("phase_id", "=", phase!.id).execute();
  await db.updateTable("matches").set({ kickoff_at: "2099-01-12T19:00:00.000Z" }).where("id", "=", match.id).execute();
  await db.updateTable("matches").set({ home_score: 2, away_score: 1 }).where("id", "=", playedMatch.id).execute();

  const mallory = await userIdOf(server, MALLORY.email);
  const victim = await userIdOf(server, VICTIM.email);
  const predictions = await db
    .insertInto("predictions")
    .values([
      { user_id: victim, match_id: match.id, home_score: 1, away_score: 0, created_at: now, updated_at: now },
      { user_id: victim, match_id: playedMatch.id, home_score: 2, away_score: 1, created_at: now, updated_at: now },
      { user_id: mallory, match_id: match.id, home_score: 0, away_score: 3, created_at: now, updated_at: now },
    ])
    .returning("id")
    .execute();
  const pool = await db
    .insertInto("quinielas")
    .values({
      season_id: await currentSeasonId(server),
      name: "La de la oficina",
      owner_id: victim,
      invite_code: "codigo-secreto",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("quiniela_matches")
    .values(matches.map((m) => ({ quiniela_id: pool.id, match_id: m.id })))
    .execute();
  await db
    .insertInto("quiniela_participants")
    .values([
      { quiniela_id: pool.id, user_id: victim, joined_at: now },
      { quiniela_id: pool.id, user_id: mallory, joined_at: now },
    ])
    .execute();

  ids = {
    mallory,
    victim,
    phase: phase!.id,
    otherPhase: otherPhase!.id,
    match: match.id,
    playedMatch: playedMatch.id,
    home: match.home_team_id!,
    away: match.away_team_id!,
    prediction: predictions[0]!.id,
    quiniela: pool.id,
  };
});
afterAll(() => server.close());

/** Everything an admin write could change. Sessions by id only: their timestamps may be refreshed. */
async function snapshot() {
  const { db } = server;
  return {
    users: await db
      .selectFrom("users")
      .select(["id", "name", "email", "role", "display_name", "avatar_color", "image", "email_verified"])
      .orderBy("id")
      .execute(),
    accounts: await db
      .selectFrom("accounts")
      .select(["id", "user_id", "provider_id", "password"])
      .orderBy("id")
      .execute(),
    sessions: await db.selectFrom("sessions").select(["id", "user_id", "token"]).orderBy("id").execute(),
    verifications: await db.selectFrom("verifications").selectAll().orderBy("id").execute(),
    teams: await db.selectFrom("teams").selectAll().orderBy("id").execute(),
    phases: await db.selectFrom("phases").selectAll().orderBy("id").execute(),
    matches: await db.selectFrom("matches").selectAll().orderBy("id").execute(),
    predictions: await db.selectFrom("predictions").selectAll().orderBy("id").execute(),
    quinielas: await db.selectFrom("quinielas").selectAll().orderBy("id").execute(),
    quiniela_matches: await db
      .selectFrom("quiniela_matches")
      .selectAll()
      .orderBy("quiniela_id")
      .orderBy("match_id")
      .execute(),
    quiniela_participants: await db
      .selectFrom("quiniela_participants")
      .selectAll()
      .orderBy("quiniela_id")
      .orderBy("user_id")
      .execute(),
  };
}

/** Form bodies shaped like the admin screens' writes, aimed at the data set up above. */
function adminWrites(path: string): Record<string, string>[] {
  const s = (n: number) => String(n);
  const anyScreen: Record<string, string>[] = [
    { intent: "delete-user", userId: ids.victim, id: ids.victim },
    { intent: "update-user", userId: ids.mallory, name: MALLORY.name, email: MALLORY.email, role: "admin" },
  ];
  const byScreen: Record<string, Record<string, string>[]> = {
    "/admin/matches": [
      {
        intent: "create",
        phase: s(ids.phase),
        phaseId: s(ids.phase),
        home: s(ids.home),
        away: s(ids.away),
        homeTeamId: s(ids.home),
        awayTeamId: s(ids.away),
        kickoff: "2099-02-01T20:00",
      },
      { intent: "toggle-phase", phaseId: s(ids.otherPhase), phase: s(ids.otherPhase), active: "1" },
      { intent: "toggle-phase", phaseId: s(ids.phase), phase: s(ids.phase), active: "0" },
      { intent: "reset", matchId: s(ids.playedMatch) },
      { intent: "delete", matchId: s(ids.match) },
      { intent: "update-kickoff", matchId: s(ids.match), kickoff: "2000-01-01T00:00" },
      { intent: "set-kickoff", matchId: s(ids.match), kickoff: "2000-01-01T00:00" },
      { intent: "set-phase-kickoff", phaseId: s(ids.otherPhase), kickoff: "2000-01-01T00:00" },
    ],
    "/admin/results": [
      { intent: "save-result", matchId: s(ids.match), home: "5", away: "0", homeScore: "5", awayScore: "0" },
      { intent: "save-result", matchId: s(ids.playedMatch), home: "", away: "", homeScore: "", awayScore: "" },
    ],
    "/admin/activar-quinielas": [{ intent: "activate", phaseId: s(ids.phase), phase: s(ids.phase) }],
    "/admin/users": [
      { intent: "create-user", name: "Cuenta Falsa", email: "falsa@quiniela.test", role: "admin" },
      { intent: "set-role", userId: ids.mallory, role: "admin" },
      { intent: "delete-predictions", userId: ids.victim },
      { intent: "reset-link", userId: ids.victim },
      { intent: "allow-email", email: "colado@quiniela.test" },
    ],
    "/admin/predictions": [
      {
        intent: "update-prediction",
        predictionId: s(ids.prediction),
        home: "9",
        away: "9",
        homeScore: "9",
        awayScore: "9",
      },
      { intent: "delete-prediction", predictionId: s(ids.prediction) },
    ],
    "/admin/ver-quinielas": [
      { intent: "delete-quiniela", quinielaId: s(ids.quiniela) },
      { intent: "remove-participant", quinielaId: s(ids.quiniela), userId: ids.victim },
    ],
    "/admin/estado-pronosticos": [{ intent: "activate", phaseId: s(ids.phase) }],
    // The preview's fingerprint can only be guessed: the guard must refuse before anything is read.
    "/admin/importar-resultados": [
      {
        intent: "preview",
        archivo: "jornada,local,visitante,fecha,goles_local,goles_visitante\n1,Querétaro,Toluca,,9,9\n",
      },
      {
        intent: "apply",
        content: "jornada,local,visitante,fecha,goles_local,goles_visitante\n1,Querétaro,Toluca,,9,9\n",
        fingerprint: "0".repeat(64),
      },
    ],
  };
  return [...(byScreen[path.replace(/\?.*$/, "")] ?? []), ...anyScreen];
}

/** The .data URL a client navigation uses for a path (query kept). */
function dataUrl(path: string): string {
  const [pathname, query] = path.split("?");
  return `${pathname}.data${query === undefined ? "" : `?${query}`}`;
}

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return requestText(server, path, { method: "POST", body: form(fields), cookie });
}

function expectLoginRedirect(response: TextResponse, path: string) {
  expect(response.status, path).toBe(302);
  expect(response.location, path).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
}

/** React Router's .data redirect: 202 with the target in the Turbo-stream payload. */
function expectDataLoginRedirect(response: TextResponse, path: string) {
  expect(response.status, path).toBe(202);
  expect(response.body, path).toContain(`"/login?${new URLSearchParams({ redirectTo: path })}"`);
}

/** The 403 page or payload, without a trace of what the admin screens hold. */
function expectForbidden(response: TextResponse, path: string) {
  expect(response.status, path).toBe(403);
  expect(response.body, path).toContain(FORBIDDEN);
  for (const secret of [ADMIN.email, VICTIM.email, VICTIM.name, "La de la oficina", "codigo-secreto"]) {
    expect(response.body, `${path} muestra ${secret}`).not.toContain(secret);
  }
}

test.each(ADMIN_PATHS)(
  "POST %s (document, .data) is refused for anonymous and non-admin; nothing written",
  async (path) => {
    const before = await snapshot();
    const writes = adminWrites(path);
    expect(writes.length).toBeGreaterThan(0);

    for (const fields of writes) {
      expectLoginRedirect(await post(path, fields), path);
      expectDataLoginRedirect(await post(dataUrl(path), fields), path);
      expectForbidden(await post(path, fields, malloryCookie), path);
      expectForbidden(await post(dataUrl(path), fields, malloryCookie), path);
    }
    // fetcher.submit(…, { encType: "application/json" }) is refused the same way.
    const json = await requestText(server, dataUrl(path), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(writes[0]),
      cookie: malloryCookie,
    });
    expectForbidden(json, path);

    expect(await snapshot()).toEqual(before);
  },
);

test.each(ADMIN_PATHS)("GET %s as a non-admin answers 403 'No tienes acceso…' and no admin data", async (path) => {
  expectForbidden(await requestText(server, path, { cookie: malloryCookie }), path);
  expectForbidden(await requestText(server, dataUrl(path), { cookie: malloryCookie }), path);
});

/** The Spanish error page of the app (root ErrorBoundary), not the admin screen. */
async function expectForbiddenPage(path: string) {
  const page = await requestText(server, path, { cookie: malloryCookie });
  expect(page.status).toBe(403);
  expect(page.headers.get("content-type")).toContain("text/html");
  expect(page.body).toContain('lang="es-MX"');
  expect(page.body).toContain(`<h1`);
  expect(page.body).toContain(FORBIDDEN);
  const title = ADMIN_PAGES[path as AdminPage];
  if (title) expect(page.body).not.toContain(title);
}

test.each(Object.keys(ADMIN_PAGES))("GET %s as a non-admin shows the Spanish 403 page", expectForbiddenPage);

test.each(["/admin", "/admin?index"])("GET %s as a non-admin shows the Spanish 403 page", expectForbiddenPage);

test("a client navigation asking only for an admin route's own loader (?_routes=…) is still refused", async () => {
  for (const [path, route] of [
    ["/admin/users", "routes/admin/users"],
    ["/admin/predictions", "routes/admin/predictions"],
    ["/admin/matches", "routes/admin/matches"],
  ] as const) {
    const response = await requestText(server, `${dataUrl(path)}?_routes=${encodeURIComponent(route)}`, {
      cookie: malloryCookie,
    });
    expectForbidden(response, path);
  }
});

test.each(ADMIN_PATHS)("GET %s as an anonymous visitor redirects to /login and back", async (path) => {
  expectLoginRedirect(await requestText(server, path), path);
  expectDataLoginRedirect(await requestText(server, dataUrl(path)), path);
});

test("the admin opens every admin screen; /admin is the season's checklist, 'Administración'", async () => {
  const index = await requestText(server, "/admin", { cookie: adminCookie });
  expect(index.status).toBe(200);
  expect(index.body).toMatch(/<h1[^>]*>Administración<\/h1>/);
  expect(index.body).toContain("Pasos de la temporada");

  for (const [path, title] of Object.entries(ADMIN_PAGES)) {
    const page = await requestText(server, path, { cookie: adminCookie });
    expect(page.status, path).toBe(200);
    expect(page.body, path).toContain(title);
    expect(page.body, path).not.toContain(FORBIDDEN);
  }
});

test("the role is read on every request: a promoted user gets in, a demoted one is refused at once", async () => {
  const cookie = await createUser(server, { name: "Temporal", email: "temporal@quiniela.test" });
  const id = await userIdOf(server, "temporal@quiniela.test");
  expect((await requestText(server, "/admin/matches", { cookie })).status).toBe(403);

  await server.db.updateTable("users").set({ role: "admin" }).where("id", "=", id).execute();
  expect((await requestText(server, "/admin/matches", { cookie })).status).toBe(200);

  await server.db.updateTable("users").set({ role: "user" }).where("id", "=", id).execute();
  expectForbidden(await requestText(server, "/admin/matches", { cookie }), "/admin/matches");
  const promote = await post("/admin/users.data", { intent: "set-role", userId: id, role: "admin" }, cookie);
  expectForbidden(promote, "/admin/users");
  const row = await server.db.selectFrom("users").select("role").where("id", "=", id).executeTakeFirstOrThrow();
  expect(row.role).toBe("user");
});

test("a signed-out session cannot reach the admin screens any more", async () => {
  const cookie = await loginUser(server, { email: ADMIN.email });
  expect((await requestText(server, "/admin/matches", { cookie })).status).toBe(200);
  expect((await requestText(server, "/logout", { method: "POST", cookie })).status).toBe(302);
  expectLoginRedirect(await requestText(server, "/admin/matches", { cookie }), "/admin/matches");
});

// Control, last because it writes: the same bodies sent by the admin do change the database, so
// the refusals above are refusals of real writes, not of malformed requests.
test("control: the admin's own writes with these bodies are applied", async () => {
  const writes: [string, Record<string, string>][] = [
    ["/admin/matches", { intent: "toggle-phase", phaseId: String(ids.otherPhase), active: "1" }],
    ["/admin/results", adminWrites("/admin/results")[0]!],
    ["/admin/activar-quinielas", adminWrites("/admin/activar-quinielas")[0]!],
    ["/admin/predictions", adminWrites("/admin/predictions")[0]!],
  ];
  for (const [path, fields] of writes) {
    const before = await snapshot();
    const response = await post(dataUrl(path), fields, adminCookie);
    expect(response.status, `${path} ${fields.intent}`).toBe(200);
    expect(await snapshot(), `${path} ${fields.intent}`).not.toEqual(before);
  }
});
