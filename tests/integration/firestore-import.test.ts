import { spawnSync } from "node:child_process";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { form, loginUser, registerUser, requestText, startTestServer, type TestServer } from "../support/server";

/**
 * `npm run import:firestore` with the sample exports in tests/fixtures, against the database of
 * a running server, on each engine: a dry run writes nothing, a failure midway leaves nothing,
 * the import loads what it reports and recomputes the standings, the links it prints let the
 * imported people set a password, and running it again changes nothing.
 */

let server: TestServer;

function importFirestore(file: string, ...flags: string[]) {
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/import-firestore.ts", `tests/fixtures/${file}`, ...flags], {
    encoding: "utf8",
    env: { ...process.env, BASE_URL: server.url },
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

async function snapshot() {
  const db = server.db;
  return {
    users: await db.selectFrom("users").select(["id", "email", "name", "display_name", "avatar_color"]).orderBy("email").execute(),
    phases: await db.selectFrom("phases").selectAll().orderBy("position").execute(),
    matches: await db
      .selectFrom("matches")
      .select(["id", "phase_id", "home_team_id", "away_team_id", "home_score", "away_score", "active", "kickoff_at", "is_first_leg"])
      .orderBy("id")
      .execute(),
    predictions: await db
      .selectFrom("predictions")
      .select(["user_id", "match_id", "home_score", "away_score", "activated", "points", "bonus"])
      .orderBy("user_id")
      .orderBy("match_id")
      .execute(),
    pools: await db.selectFrom("quinielas").select(["id", "name", "owner_id", "invite_code"]).orderBy("id").execute(),
    members: await db.selectFrom("quiniela_participants").select(["quiniela_id", "user_id"]).orderBy("quiniela_id").orderBy("user_id").execute(),
    poolMatches: await db.selectFrom("quiniela_matches").selectAll().orderBy("quiniela_id").orderBy("match_id").execute(),
    standings: await db.selectFrom("standings_total").selectAll().orderBy("user_id").execute(),
  };
}

async function pointsOf(email: string): Promise<number | undefined> {
  const row = await server.db
    .selectFrom("standings_total as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select("s.points")
    .where("u.email", "=", email)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.points);
}

const LINK = /^\s*(\S+@\S+)\s+(http:\/\/\S+\/reset-password\?token=\S+)$/gm;

beforeAll(async () => {
  server = await startTestServer();
  // Dani already plays here: the import must reuse her account (the export writes her e-mail in another case).
  await registerUser(server, { name: "Daniela López", email: "dani.lopez@example.com" });
  // Caro has no nickname in the export; the roster's is hers, as for an account the admin creates.
  await server.db.insertInto("allowed_emails").values({ email: "caro.ibanez@example.com", nickname: "Caro 🦅", created_at: new Date().toISOString() }).execute();
});
afterAll(async () => {
  await server?.close();
});

describe.sequential("import from the original app", () => {
  let links = new Map<string, string>();

  test("a dry run reports what it would do and writes nothing", async () => {
    const before = await snapshot();
    const run = importFirestore("firestore-export.json", "--dry-run");
    expect(run.status, run.output).toBe(0);
    expect(run.output).toMatch(/Usuarios nuevos:\s+3\n/);
    expect(run.output).toMatch(/Usuarios existentes \(correo\):\s+1\n/);
    expect(run.output).toMatch(/Pronósticos nuevos:\s+10\n/);
    expect(run.output).toMatch(/Registros omitidos:\s+7\n/);
    expect(run.output).toContain("predictions/p-usuario-borrado: usuario desconocido: uuid-de-cuenta-borrada");
    expect(run.output).toContain("no se escribió nada");
    expect(run.output).not.toContain("reset-password");
    expect(await snapshot()).toEqual(before);
    // --simular is the same.
    expect(importFirestore("firestore-export.json", "--simular").status).toBe(0);
    expect(await snapshot()).toEqual(before);
  });

  test("a write refused midway (after users, matches and predictions) leaves the database as it was", async () => {
    const before = await snapshot();
    // The database refuses the pool's members, the last rows the import writes.
    if (server.engine === "sqlite") {
      await sql`create trigger rechazar_miembros before insert on quiniela_participants begin select raise(abort, 'disco lleno (simulado)'); end`.execute(server.db);
    } else {
      await sql`create function rechazar_miembros() returns trigger language plpgsql as $$ begin raise exception 'disco lleno (simulado)'; end $$`.execute(server.db);
      await sql`create trigger rechazar_miembros before insert on quiniela_participants for each row execute function rechazar_miembros()`.execute(server.db);
    }
    try {
      const run = importFirestore("firestore-export.json");
      expect(run.status, run.output).toBe(1);
      expect(run.output).toContain("La importación falló y no se guardó nada");
      expect(run.output).toContain("disco lleno (simulado)");
      expect(await snapshot()).toEqual(before);
    } finally {
      await sql`drop trigger rechazar_miembros${sql.raw(server.engine === "postgres" ? " on quiniela_participants" : "")}`.execute(server.db);
      if (server.engine === "postgres") await sql`drop function rechazar_miembros()`.execute(server.db);
    }
  });

  test("the import loads users, phases, matches, predictions and the pool, and recomputes the standings", async () => {
    const before = await snapshot();
    const run = importFirestore("firestore-export.json");
    expect(run.status, run.output).toBe(0);
    const after = await snapshot();

    expect(after.users.map((user) => user.email)).toEqual([
      "ana.martinez@example.com",
      "beto.pena@example.com",
      "caro.ibanez@example.com",
      "dani.lopez@example.com",
    ]);
    expect(after.users.find((user) => user.email === "ana.martinez@example.com")).toMatchObject({ display_name: "Anita ⚽", avatar_color: "green" });
    expect(after.users.find((user) => user.email === "caro.ibanez@example.com")).toMatchObject({ display_name: "Caro 🦅" });
    expect(after.phases.slice(before.phases.length).map((phase) => phase.name)).toEqual(["Cuartos de Final", "Semifinales", "Final"]);
    expect(after.matches).toHaveLength(before.matches.length + 4);
    expect(after.matches.filter((match) => match.home_score !== null)).toHaveLength(4);
    // 'Atlante' (unknown) and the empty teams are 'Por definir'.
    expect(after.matches.slice(-2).map((match) => [match.home_team_id, match.away_team_id])).toEqual([[null, null], [null, null]]);
    expect(after.predictions).toHaveLength(10);
    expect(after.pools).toHaveLength(1);
    expect(after.members).toHaveLength(3);
    expect(after.poolMatches).toHaveLength(4);

    // Ana: 3 (exact) + 1 (draw) + 0 + 3 (exact) + 2 (the quarter-final bonus: 5 goals over both legs).
    expect(await pointsOf("ana.martinez@example.com")).toBe(9);
    expect(await pointsOf("dani.lopez@example.com")).toBe(3);
    expect(run.output).toContain("Beto: 4 pts en el archivo, 1 pts aquí");

    links = new Map([...run.output.matchAll(LINK)].map((match) => [match[1]!, match[2]!]));
    // One link per account the import created; Dani already had a password.
    expect([...links.keys()].sort()).toEqual(["ana.martinez@example.com", "beto.pena@example.com", "caro.ibanez@example.com"]);
    expect(run.output).toContain("válidos 1 hora");
    expect(run.output).toContain("'Generar enlace de acceso'");

    const rankings = await requestText(server, "/rankings");
    expect(rankings.status).toBe(200);
    expect(rankings.body).toContain("Anita ⚽");
  });

  test("a printed link lets the imported person set a password and sign in", async () => {
    const link = new URL(links.get("ana.martinez@example.com")!);
    expect(link.origin).toBe(server.url);
    const token = link.searchParams.get("token")!;
    await expect(loginUser(server, { email: "ana.martinez@example.com", password: "clave-de-ana" })).rejects.toThrow();

    const page = await requestText(server, `${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Nueva contraseña para ana.martinez@example.com");

    const set = await requestText(server, "/reset-password", {
      method: "POST",
      body: form({ token, password: "clave-de-ana", confirmPassword: "clave-de-ana" }),
    });
    expect(set.status).toBe(302);
    const cookie = await loginUser(server, { email: "ana.martinez@example.com", password: "clave-de-ana" });
    const home = await requestText(server, "/", { cookie });
    expect(home.status).toBe(200);
  });

  test("importing the same file again changes nothing and says what was already there", async () => {
    const before = await snapshot();
    const run = importFirestore("firestore-export.json");
    expect(run.status, run.output).toBe(0);
    expect(run.output).toMatch(/Usuarios existentes \(correo\):\s+4\n/);
    expect(run.output).toMatch(/Partidos ya existentes:\s+7\n/);
    expect(run.output).toMatch(/Pronósticos ya existentes:\s+10\n/);
    expect(run.output).toMatch(/Quinielas ya existentes:\s+1\n/);
    expect(run.output).not.toContain("reset-password");
    expect(await snapshot()).toEqual(before);
  });

  test("the same people in the other export shape (arrays): Ana's account and pick are reused, Eva is new", async () => {
    const before = await snapshot();
    const run = importFirestore("firestore-export-arrays.json");
    expect(run.status, run.output).toBe(0);
    const after = await snapshot();
    expect(after.users).toHaveLength(before.users.length + 1);
    expect(after.predictions).toHaveLength(before.predictions.length + 2);
    expect(after.pools.map((pool) => pool.name)).toEqual(["Quiniela de la Oficina", "Quiniela de los Primos"]);
    expect(run.output).toMatch(/Pronósticos ya existentes:\s+1\n/);
    expect([...run.output.matchAll(LINK)].map((match) => match[1])).toEqual(["eva.nunez@example.com"]);
    // Eva: 1-1 on a 2-2 draw (1) and the exact 1-0 of Tigres–Chivas (3).
    expect(await pointsOf("eva.nunez@example.com")).toBe(4);
  });
});
