import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { createAuth } from "#app/auth/auth.server";
import { DEFAULT_RULES } from "#app/domain/game/season-rules";

import { createUser } from "../support/accounts";
import {
  form,
  loginUser,
  requestText,
  routeData,
  startTestServer,
  userIdOf,
  type TestServer,
  type TextResponse,
} from "../support/server";

/**
 * Deleting an account never rewrites a finished season (decision 019), on both engines: the
 * person's rows there stay under 'Jugador eliminado' (tables, champion, 'Histórico', the pools
 * other people see), while the account, its sessions and credentials, its name, e-mail and
 * picture, and its rows in the seasons still open go. Writes go through the screens' own
 * requests (only her picture is written directly); the database is read directly to check what
 * was (not) kept.
 */

const DELETED = "Jugador eliminado";
const VICTIM = { name: "Valentina Borrada", email: "valentina.borrada@quiniela.test" };
const PICTURE = "https://fotos.example/valentina-borrada.png";
/** What must not be found anywhere once she is deleted. */
const TRACES = ["Valentina", "valentina.borrada", "fotos.example"];

let server: TestServer;
const cookie = { admin: "", val: "", beto: "", caro: "", dani: "" };
const id = { admin: "", val: "", beto: "", caro: "", dani: "" };
const season = { apertura: 0, clausura: 0 };
const pool = { hers: 0, betos: 0, current: 0, betosCurrent: 0 };

const post = (path: string, fields: Record<string, string>, who?: string) =>
  requestText(server, path, { method: "POST", body: form(fields), cookie: who });
const get = (path: string, who?: string) => requestText(server, path, { cookie: who });

async function ok(response: Promise<TextResponse> | TextResponse, status = 200): Promise<TextResponse> {
  const answer = await response;
  expect(answer.status, answer.body.slice(0, 300)).toBe(status);
  return answer;
}

/** 'Nueva Temporada' from a CSV (no kickoff dates: picks stay open until the phase is activated). */
async function createSeason(name: string, csv: string): Promise<number> {
  const fields = {
    plantilla: "archivo",
    nombre: name,
    competicion: "Liga MX",
    puntosExacto: "3",
    puntosResultado: "1",
    marcadorEliminatoria: DEFAULT_RULES.knockoutScore,
  };
  const preview = new FormData();
  preview.set("intent", "preview");
  for (const [key, value] of Object.entries(fields)) preview.set(key, value);
  preview.set("archivo", new File([csv], "temporada.csv", { type: "text/csv" }));
  const previewed = await ok(
    requestText(server, "/admin/temporadas", { method: "POST", body: preview, cookie: cookie.admin }),
  );
  const fingerprint = /name="fingerprint" value="([0-9a-f]{64})"/.exec(previewed.body)?.[1];
  expect(fingerprint).toBeTruthy();
  const contenido = csv.replace(/\n/g, "\r\n");
  const created = await ok(
    post(
      "/admin/temporadas",
      { intent: "preview", crear: "1", ...fields, fingerprint: fingerprint!, contenido },
      cookie.admin,
    ),
  );
  expect(created.body).toContain("Temporada creada");
  return (await server.db.selectFrom("seasons").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
}

async function matchesOf(seasonId: number): Promise<{ id: number; phase_id: number }[]> {
  return server.db
    .selectFrom("matches as m")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .select(["m.id", "m.phase_id"])
    .where("p.season_id", "=", seasonId)
    .orderBy("m.id")
    .execute();
}

/** The season becomes current, its matches open for picks, the people pick, the phase closes, the results come. */
async function play(seasonId: number, picks: [who: string, scores: [number, number][]][], results: [number, number][]) {
  await ok(post("/admin/temporadas", { intent: "make-current", seasonId: String(seasonId) }, cookie.admin));
  const matches = await matchesOf(seasonId);
  const phaseId = matches[0]!.phase_id;
  await ok(post("/admin/matches", { intent: "toggle-phase", phaseId: String(phaseId), active: "1" }, cookie.admin));
  for (const [who, scores] of picks) {
    for (const [index, [home, away]] of scores.entries()) {
      const matchId = matches[index]!.id;
      await ok(
        post(
          "/?index",
          { matchId: String(matchId), [`home-${matchId}`]: String(home), [`away-${matchId}`]: String(away) },
          who,
        ),
      );
    }
  }
  await ok(post("/admin/activar-quinielas", { intent: "activate", phaseId: String(phaseId) }, cookie.admin));
  for (const [index, [home, away]] of results.entries()) {
    await ok(
      post(
        "/admin/results",
        { intent: "save-result", matchId: String(matches[index]!.id), home: String(home), away: String(away) },
        cookie.admin,
      ),
    );
  }
  return matches.map((match) => match.id);
}

/** A pool through the form, with these people added by its owner. */
async function createPool(owner: string, name: string, matchIds: number[], members: string[]): Promise<number> {
  const fields = new URLSearchParams({ name });
  for (const matchId of matchIds) fields.append("matchId", String(matchId));
  const created = await requestText(server, "/quiniela/new", { method: "POST", body: fields, cookie: owner });
  expect(created.status, created.body.slice(0, 300)).toBe(302);
  const poolId = Number(created.location!.split("/").pop());
  const people = new URLSearchParams({ intent: "add-participants" });
  for (const member of members) people.append("userId", member);
  await ok(requestText(server, `/quiniela/${poolId}`, { method: "POST", body: people, cookie: owner }));
  return poolId;
}

type Table = {
  rows: { userId: string; name: string; points: number; exactHits: number; position: number; image: string | null }[];
  total: number;
};

async function seasonTable(seasonId: number): Promise<Table> {
  const { data } = await routeData(server, `/rankings.data?temporada=${seasonId}`, "routes/rankings");
  return (data as { table: Table }).table;
}

async function history() {
  const { data } = await routeData(server, "/rankings/historico.data", "routes/rankings/historico");
  return data as {
    rows: { userId: string; name: string; points: number; titles: number }[];
    champions: { seasonName: string; points: number; names: string[] }[];
  };
}

async function poolPage(poolId: number, who: string) {
  const { data } = await routeData(server, `/quiniela/${poolId}.data`, "routes/quiniela/$id", who);
  return data as {
    quiniela: { name: string; ownerName: string };
    participants: { id: string; name: string; image: string | null }[];
    standings: { userId: string; name: string; points: number; rank: number }[];
  };
}

async function myPools(who: string) {
  const { data } = await routeData(server, "/quinielas.data", "routes/quinielas", who);
  return (data as { list: { quinielas: { id: number; name: string; ownerName: string; participants: number }[] } }).list
    .quinielas;
}

/** A user's rows, per table, in the seasons given. */
async function rowsIn(userId: string, seasonId: number) {
  const { db } = server;
  const n = async (query: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> }) =>
    Number((await query.executeTakeFirstOrThrow()).n);
  const phases = db.selectFrom("phases").select("id").where("season_id", "=", seasonId);
  const matches = db.selectFrom("matches").select("id").where("phase_id", "in", phases);
  const pools = db.selectFrom("quinielas").select("id").where("season_id", "=", seasonId);
  return {
    predictions: await n(
      db
        .selectFrom("predictions")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("user_id", "=", userId)
        .where("match_id", "in", matches),
    ),
    standingsPhase: await n(
      db
        .selectFrom("standings_phase")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("user_id", "=", userId)
        .where("phase_id", "in", phases),
    ),
    standingsTotal: await n(
      db
        .selectFrom("standings_total")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("user_id", "=", userId)
        .where("season_id", "=", seasonId),
    ),
    owned: await n(
      db
        .selectFrom("quinielas")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("owner_id", "=", userId)
        .where("season_id", "=", seasonId),
    ),
    memberships: await n(
      db
        .selectFrom("quiniela_participants")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("user_id", "=", userId)
        .where("quiniela_id", "in", pools),
    ),
  };
}

/** What the finished season holds, with one person's id written as a placeholder (it changes on deletion). */
async function finishedSeasonRows(seasonId: number, person: string) {
  const { db } = server;
  const who = (userId: string) => (userId === person ? "ELLA" : userId);
  const phases = db.selectFrom("phases").select("id").where("season_id", "=", seasonId);
  const predictions = await db
    .selectFrom("predictions")
    .select([
      "id",
      "user_id",
      "match_id",
      "home_score",
      "away_score",
      "points",
      "bonus",
      "activated",
      "created_at",
      "updated_at",
    ])
    .where("match_id", "in", db.selectFrom("matches").select("id").where("phase_id", "in", phases))
    .orderBy("id")
    .execute();
  const totals = await db.selectFrom("standings_total").selectAll().where("season_id", "=", seasonId).execute();
  const byPhase = await db.selectFrom("standings_phase").selectAll().where("phase_id", "in", phases).execute();
  const pools = await db
    .selectFrom("quinielas")
    .select(["id", "name", "owner_id", "invite_code"])
    .where("season_id", "=", seasonId)
    .orderBy("id")
    .execute();
  const members = await db
    .selectFrom("quiniela_participants")
    .select(["quiniela_id", "user_id", "joined_at"])
    .where("quiniela_id", "in", db.selectFrom("quinielas").select("id").where("season_id", "=", seasonId))
    .execute();
  const sorted = <T>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort();
  return {
    predictions: predictions.map((row) => ({ ...row, user_id: who(row.user_id) })),
    totals: sorted(totals.map((row) => ({ ...row, user_id: who(row.user_id), points: Number(row.points) }))),
    byPhase: sorted(byPhase.map((row) => ({ ...row, user_id: who(row.user_id), points: Number(row.points) }))),
    pools: pools.map((row) => ({ ...row, owner_id: who(row.owner_id) })),
    members: sorted(members.map((row) => ({ ...row, user_id: who(row.user_id) }))),
  };
}

function expectNoTrace(what: string, body: string) {
  for (const trace of TRACES) expect(body, `${what} muestra «${trace}»`).not.toContain(trace);
}

beforeAll(async () => {
  server = await startTestServer({ AUTH_RATE_LIMIT_PER_IP: "10000", AUTH_RATE_LIMIT_PER_EMAIL: "10000" });
  cookie.admin = await createUser(server, { name: "Administradora", email: "admin@quiniela.test" });
  cookie.val = await createUser(server, VICTIM);
  cookie.beto = await createUser(server, { name: "Beto", email: "beto@quiniela.test" });
  cookie.caro = await createUser(server, { name: "Caro", email: "caro@quiniela.test" });
  cookie.dani = await createUser(server, { name: "Dani", email: "dani@quiniela.test" });
  id.admin = await userIdOf(server, "admin@quiniela.test");
  id.val = await userIdOf(server, VICTIM.email);
  id.beto = await userIdOf(server, "beto@quiniela.test");
  id.caro = await userIdOf(server, "caro@quiniela.test");
  id.dani = await userIdOf(server, "dani@quiniela.test");
  await server.db.updateTable("users").set({ image: PICTURE }).where("id", "=", id.val).execute();

  // Apertura: Valentina wins (6), Caro 4, Beto 2. Her pool has Beto and Caro; Beto's has her.
  season.apertura = await createSeason(
    "Apertura de prueba",
    "jornada,local,visitante,fecha\nJornada 1,América,Guadalajara,\nJornada 1,Toluca,Pumas UNAM,\n",
  );
  await ok(post("/admin/temporadas", { intent: "make-current", seasonId: String(season.apertura) }, cookie.admin));
  const aperturaMatches = (await matchesOf(season.apertura)).map((match) => match.id);
  pool.hers = await createPool(cookie.val, "La de la oficina", aperturaMatches, [id.beto, id.caro]);
  pool.betos = await createPool(cookie.beto, "La del barrio", aperturaMatches, [id.val]);
  await play(
    season.apertura,
    [
      [
        cookie.val,
        [
          [2, 1],
          [0, 0],
        ],
      ],
      [
        cookie.beto,
        [
          [1, 0],
          [1, 1],
        ],
      ],
      [
        cookie.caro,
        [
          [3, 1],
          [0, 0],
        ],
      ],
    ],
    [
      [2, 1],
      [0, 0],
    ],
  );

  // Clausura, current and still playing: she plays it too and owns a pool of it.
  season.clausura = await createSeason(
    "Clausura de prueba",
    "jornada,local,visitante,fecha\nJornada 1,Monterrey,Cruz Azul,\n",
  );
  await ok(post("/admin/temporadas", { intent: "make-current", seasonId: String(season.clausura) }, cookie.admin));
  await ok(post("/admin/temporadas", { intent: "finish", seasonId: String(season.apertura) }, cookie.admin));
  const clausuraMatches = (await matchesOf(season.clausura)).map((match) => match.id);
  pool.current = await createPool(cookie.val, "La de este torneo", clausuraMatches, [id.beto]);
  pool.betosCurrent = await createPool(cookie.beto, "La de Beto de este torneo", clausuraMatches, [id.val]);
  await play(
    season.clausura,
    [
      [cookie.val, [[1, 0]]],
      [cookie.beto, [[2, 2]]],
      [cookie.dani, [[0, 1]]],
    ],
    [[1, 0]],
  );
});
afterAll(() => server.close());

describe.sequential("deleting a player of a finished season", () => {
  let before: {
    table: Table;
    pool: Awaited<ReturnType<typeof poolPage>>;
    rows: Awaited<ReturnType<typeof finishedSeasonRows>>;
    users: number;
  };
  let stand = "";

  test("before: she is the champion of the finished season and owns a pool in it", async () => {
    const table = await seasonTable(season.apertura);
    expect(table.rows.map((row) => [row.name, row.points, row.position])).toEqual([
      [VICTIM.name, 6, 1],
      ["Caro", 4, 2],
      ["Beto", 2, 3],
    ]);
    const past = await history();
    expect(past.champions).toEqual([
      { seasonId: season.apertura, seasonName: "Apertura de prueba", points: 6, names: [VICTIM.name] },
    ]);
    const hers = await poolPage(pool.hers, cookie.beto);
    expect(hers.quiniela.ownerName).toBe(VICTIM.name);
    expect(hers.standings.map((row) => [row.name, row.points])).toEqual([
      [VICTIM.name, 6],
      ["Caro", 4],
      ["Beto", 2],
    ]);
    expect(await rowsIn(id.val, season.clausura)).toEqual({
      predictions: 1,
      standingsPhase: 1,
      standingsTotal: 1,
      owned: 1,
      memberships: 2,
    });
    before = {
      table,
      pool: hers,
      rows: await finishedSeasonRows(season.apertura, id.val),
      users: (await server.db.selectFrom("users").select("id").execute()).length,
    };
  });

  test("'Eliminar': the finished season's table, champion, points and pools stand, under 'Jugador eliminado'", async () => {
    const answer = await ok(post("/admin/users.data", { intent: "delete-user", userId: id.val }, cookie.admin));
    expect(answer.body).toContain("Usuario eliminado");

    // The same table, champion first, under 'Jugador eliminado'.
    const table = await seasonTable(season.apertura);
    expect(table.rows.map((row) => [row.name, row.points, row.position])).toEqual([
      [DELETED, 6, 1],
      ["Caro", 4, 2],
      ["Beto", 2, 3],
    ]);
    stand = table.rows[0]!.userId;
    const expected = before.table.rows.map((row) =>
      row.userId === id.val ? { ...row, userId: stand, name: DELETED, image: null } : row,
    );
    expect(table.rows).toEqual(expected);

    // One row stands for her, anonymous, without credentials or sessions.
    const kept = await server.db.selectFrom("users").selectAll().where("deleted_at", "is not", null).execute();
    expect(kept.map((row) => row.id)).toEqual([stand]);
    const standIn = kept[0]!;
    expect(standIn).toMatchObject({ name: DELETED, display_name: null, image: null, role: "user" });
    expect(standIn.id).not.toBe(id.val);
    expect(standIn.email).toMatch(/^eliminado-[0-9a-f]+@invalid$/);
    expect(await server.db.selectFrom("users").select("id").where("id", "=", id.val).execute()).toEqual([]);
    expect((await server.db.selectFrom("users").select("id").execute()).length).toBe(before.users);
    for (const userId of [id.val, stand]) {
      expect(await server.db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).toEqual([]);
      expect(await server.db.selectFrom("accounts").select("id").where("user_id", "=", userId).execute()).toEqual([]);
    }

    // The finished season holds the same rows, hers under the stand-in's id.
    const rowsNow = await finishedSeasonRows(season.apertura, stand);
    expect(rowsNow).toEqual(before.rows);

    const past = await history();
    expect(past.champions).toEqual([
      { seasonId: season.apertura, seasonName: "Apertura de prueba", points: 6, names: [DELETED] },
    ]);
    // 'Histórico' counts her finished season (not the current one's points, which went).
    expect(past.rows.find((row) => row.userId === stand)).toMatchObject({ name: DELETED, points: 6, titles: 1 });

    // Beto still sees her pool and his, with the same table.
    const betos = await myPools(cookie.beto);
    expect(betos.map((card) => card.name).sort()).toEqual([
      "La de Beto de este torneo",
      "La de la oficina",
      "La del barrio",
    ]);
    expect(betos.find((card) => card.id === pool.hers)).toMatchObject({ ownerName: DELETED, participants: 3 });
    const hers = await poolPage(pool.hers, cookie.beto);
    expect(hers.quiniela.ownerName).toBe(DELETED);
    expect(hers.standings).toEqual(
      before.pool.standings.map((row) =>
        row.userId === id.val ? { ...row, userId: stand, name: DELETED, image: null } : row,
      ),
    );
    expect((await poolPage(pool.betos, cookie.beto)).participants.map((person) => person.name).sort()).toEqual([
      "Beto",
      DELETED,
    ]);
  });

  test("her rows in the season still playing are gone; she is not on its table", async () => {
    for (const userId of [id.val, stand]) {
      expect(await rowsIn(userId, season.clausura)).toEqual({
        predictions: 0,
        standingsPhase: 0,
        standingsTotal: 0,
        owned: 0,
        memberships: 0,
      });
    }
    expect(await server.db.selectFrom("quinielas").select("id").where("id", "=", pool.current).execute()).toEqual([]);
    const current = await seasonTable(season.clausura);
    expect(current.rows.map((row) => row.name)).not.toContain(DELETED);
    expect(current.rows.map((row) => row.userId)).not.toContain(stand);
    expect(current.total).toBe(4);
    expect((await poolPage(pool.betosCurrent, cookie.beto)).participants.map((person) => person.name)).toEqual([
      "Beto",
    ]);
  });

  test("she cannot sign in, her sessions are dead, and the admin's tools do not reach the stand-in", async () => {
    const login = await post("/login", { email: VICTIM.email, password: "secreto123" });
    expect(login.status).toBe(401);
    const home = await get("/", cookie.val);
    expect(home.status).toBe(302);
    expect(home.location).toBe("/login");
    const standIn = await server.db
      .selectFrom("users")
      .select("email")
      .where("id", "=", stand)
      .executeTakeFirstOrThrow();
    expect((await post("/login", { email: standIn.email, password: "secreto123" })).status).toBeGreaterThanOrEqual(400);
    // The same form signs the others in.
    expect(await loginUser(server, { email: "beto@quiniela.test" })).toContain("session_token");
    // Whatever path reached it, Better Auth gives the stand-in no credentials and no session.
    const auth = createAuth({
      db: server.db,
      engine: server.engine,
      secret: server.env.BETTER_AUTH_SECRET!,
      baseURL: server.url,
      onResetToken: async () => {},
    });
    const { internalAdapter } = await auth.$context;
    expect(
      await internalAdapter.linkAccount({ userId: stand, providerId: "credential", accountId: stand, password: "x" }),
    ).toBeNull();
    expect(await internalAdapter.createSession(stand)).toBeNull();
    expect(await server.db.selectFrom("accounts").select("id").where("user_id", "=", stand).execute()).toEqual([]);
    expect(await server.db.selectFrom("sessions").select("id").where("user_id", "=", stand).execute()).toEqual([]);

    // Deleting her again, or the stand-in, or giving it an e-mail or a link: nobody is there.
    const attempts: Record<string, string>[] = [
      { intent: "delete-user", userId: id.val },
      { intent: "delete-user", userId: stand },
      {
        intent: "update-user",
        userId: stand,
        name: "Valentina Borrada",
        displayName: "",
        email: "vuelta@quiniela.test",
        role: "user",
      },
      { intent: "access-link", userId: stand },
    ];
    for (const fields of attempts) {
      const refused = await post("/admin/users.data", fields, cookie.admin);
      expect(refused.status, fields.intent).toBe(404);
      expect(refused.body).toContain("El usuario no existe");
    }
    expect(
      await server.db.selectFrom("users").select(["name", "email"]).where("id", "=", stand).executeTakeFirstOrThrow(),
    ).toEqual({ name: DELETED, email: standIn.email });
    expect(await finishedSeasonRows(season.apertura, stand)).toEqual(before.rows);
    // Nobody can add the stand-in to a pool.
    const added = await post(
      `/quiniela/${pool.betosCurrent}`,
      { intent: "add-participants", userId: stand },
      cookie.beto,
    );
    expect(added.status).toBe(400);
  });

  test("her name, e-mail and picture appear nowhere: pages, people search, exports", async () => {
    const pages: [string, string | undefined][] = [
      [`/rankings?temporada=${season.apertura}`, undefined],
      [`/rankings.data?temporada=${season.apertura}`, undefined],
      ["/rankings", cookie.beto],
      ["/rankings/historico", undefined],
      ["/rankings/historico.data", undefined],
      [`/quiniela/quinielas-capturadas?temporada=${season.apertura}`, cookie.beto],
      [`/quiniela/${pool.hers}`, cookie.beto],
      [`/quiniela/${pool.hers}.data`, cookie.beto],
      [`/quiniela/${pool.betos}`, cookie.beto],
      ["/quinielas", cookie.beto],
      ["/quinielas", cookie.admin],
      ["/personas?q=", cookie.beto],
      ["/personas?q=Val", cookie.beto],
      ["/admin/users", cookie.admin],
      ["/admin/estado-pronosticos", cookie.admin],
      [`/admin/predictions?temporada=${season.apertura}`, cookie.admin],
      [`/admin/exportar/posiciones.csv?temporada=${season.apertura}`, cookie.admin],
      [`/admin/exportar/pronosticos.csv?temporada=${season.apertura}`, cookie.admin],
      ["/admin/exportar/base-de-datos.json", cookie.admin],
    ];
    for (const [path, who] of pages) {
      const page = await get(path, who);
      expect(page.status, path).toBe(200);
      expectNoTrace(path, page.body);
    }
    // The finished season's pages and exports show her as 'Jugador eliminado'.
    expect((await get(`/rankings?temporada=${season.apertura}`)).body).toContain(DELETED);
    expect((await get(`/admin/exportar/posiciones.csv?temporada=${season.apertura}`, cookie.admin)).body).toContain(
      `1,${DELETED},6,2,2`,
    );
    // The people search finds nobody for the stand-in either.
    const search = await get("/personas?q=Jugador", cookie.beto);
    expect(search.body).not.toContain(stand);
    // Not a registered user on the admin's screens.
    const users = await get("/admin/users", cookie.admin);
    expect(users.body).toContain(`${before.users - 1} usuarios registrados`);
    expect(users.body).not.toContain(stand);
    const { data } = await routeData(
      server,
      "/admin/activar-quinielas.data",
      "routes/admin/activar-quinielas",
      cookie.admin,
    );
    expect((data as { people: number }).people).toBe(before.users - 1);
  });

  test("'Duplicar' of her pool: the admin owns the copy, the other members come, the stand-in does not", async () => {
    const duplicated = await post(`/quiniela/${pool.hers}`, { intent: "duplicate" }, cookie.admin);
    expect(duplicated.status, duplicated.body.slice(0, 300)).toBe(302);
    const copyId = Number(duplicated.location!.split("/").pop());
    const copy = await server.db
      .selectFrom("quinielas")
      .select(["owner_id", "season_id"])
      .where("id", "=", copyId)
      .executeTakeFirstOrThrow();
    expect(copy).toEqual({ owner_id: id.admin, season_id: season.clausura });
    const members = await server.db
      .selectFrom("quiniela_participants")
      .select("user_id")
      .where("quiniela_id", "=", copyId)
      .execute();
    expect(members.map((member) => member.user_id).sort()).toEqual([id.admin, id.beto, id.caro].sort());
  });

  test("a second deleted player of the same table is another 'Jugador eliminado'; one with nothing finished goes whole", async () => {
    await ok(post("/admin/users.data", { intent: "delete-user", userId: id.caro }, cookie.admin));
    const table = await seasonTable(season.apertura);
    expect(table.rows.map((row) => [row.name, row.points, row.position])).toEqual([
      [DELETED, 6, 1],
      [DELETED, 4, 2],
      ["Beto", 2, 3],
    ]);
    expect(new Set(table.rows.map((row) => row.userId)).size).toBe(3);
    expect(await server.db.selectFrom("users").select("id").where("deleted_at", "is not", null).execute()).toHaveLength(
      2,
    );

    // Dani played only the current season: no stand-in is made for her.
    const users = (await server.db.selectFrom("users").select("id").execute()).length;
    await ok(post("/admin/users.data", { intent: "delete-user", userId: id.dani }, cookie.admin));
    expect((await server.db.selectFrom("users").select("id").execute()).length).toBe(users - 1);
    expect(await server.db.selectFrom("users").select("id").where("deleted_at", "is not", null).execute()).toHaveLength(
      2,
    );
    expect((await seasonTable(season.clausura)).rows.map((row) => row.name).sort()).toEqual(["Administradora", "Beto"]);
  });
});

describe("'Eliminar Predicciones' beside a finished season", () => {
  test("the count its dialog shows is what it deletes: the picks of the seasons not finished, named; the finished season's stay", async () => {
    // Beto picked both matches of the finished Apertura and the one of the Clausura still playing.
    const { data } = await routeData(server, "/admin/users.data", "routes/admin/users", cookie.admin);
    const page = data as {
      users: { id: string; predictions: number; deletablePredictions: number; deletableSeasons: string[] }[];
    };
    const beto = page.users.find((user) => user.id === id.beto);
    expect(beto).toMatchObject({ predictions: 3, deletablePredictions: 1, deletableSeasons: ["Clausura de prueba"] });
    const before = await finishedSeasonRows(season.apertura, id.beto);

    const deleted = await ok(
      post("/admin/users.data", { intent: "delete-predictions", userId: id.beto }, cookie.admin),
    );
    expect(deleted.body).toContain("Predicciones eliminadas");
    expect(deleted.body).toContain(`${beto!.deletablePredictions} pronóstico eliminado`);
    expect(await rowsIn(id.beto, season.clausura)).toMatchObject({
      predictions: 0,
      standingsPhase: 0,
      standingsTotal: 0,
    });
    expect(await finishedSeasonRows(season.apertura, id.beto)).toEqual(before);

    // The dialog now has nothing to offer, and the deed agrees.
    const { data: after } = await routeData(server, "/admin/users.data", "routes/admin/users", cookie.admin);
    const again = (after as typeof page).users.find((user) => user.id === id.beto);
    expect(again).toMatchObject({ predictions: 2, deletablePredictions: 0, deletableSeasons: [] });
    const none = await ok(post("/admin/users.data", { intent: "delete-predictions", userId: id.beto }, cookie.admin));
    expect(none.body).toContain("0 pronósticos eliminados");
    expect(await finishedSeasonRows(season.apertura, id.beto)).toEqual(before);
  });
});
