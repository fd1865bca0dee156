import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { importFirestoreCommand } from "../../scripts/lib/import-firestore-command";
import { createUser } from "../support/accounts";
import { form, loginUser, requestText, startTestServer, type TestServer } from "../support/server";

/**
 * `npm run import:firestore` with the sample exports in tests/fixtures, against the database of
 * a running server, on each engine: a dry run writes nothing, a failure midway leaves nothing,
 * the import creates a season of its own beside the bundled Clausura 2024 (which it never
 * touches), loads what it reports and recomputes that season's standings with the original's
 * rules, the links it prints let the imported people set a password, and a season's name is
 * never reused.
 */

let server: TestServer;

/** The import command, run here (its function: what `npm run import:firestore` runs); its exit code and output. */
async function importFirestore(file: string, ...flags: string[]) {
  let output = "";
  const print = (...parts: unknown[]) => (output += `${parts.map(String).join(" ")}\n`);
  const status = await importFirestoreCommand([`tests/fixtures/${file}`, ...flags], { log: print, error: print });
  return { status, output };
}

/** The command itself, as an operator runs it (a child process with tsx): the script around the function. */
function importFirestoreByCommandLine(file: string, ...flags: string[]) {
  const run = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/import-firestore.ts", `tests/fixtures/${file}`, ...flags],
    {
      encoding: "utf8",
      env: { ...process.env, BASE_URL: server.url },
    },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

async function snapshot() {
  const db = server.db;
  return {
    users: await db
      .selectFrom("users")
      .select(["id", "email", "name", "display_name", "avatar_color"])
      .orderBy("email")
      .execute(),
    phases: await db.selectFrom("phases").selectAll().orderBy("position").execute(),
    matches: await db
      .selectFrom("matches")
      .select([
        "id",
        "phase_id",
        "home_team_id",
        "away_team_id",
        "home_score",
        "away_score",
        "active",
        "kickoff_at",
        "is_first_leg",
      ])
      .orderBy("id")
      .execute(),
    predictions: await db
      .selectFrom("predictions")
      .select(["user_id", "match_id", "home_score", "away_score", "activated", "points", "bonus"])
      .orderBy("user_id")
      .orderBy("match_id")
      .execute(),
    pools: await db.selectFrom("quinielas").select(["id", "name", "owner_id", "invite_code"]).orderBy("id").execute(),
    members: await db
      .selectFrom("quiniela_participants")
      .select(["quiniela_id", "user_id"])
      .orderBy("quiniela_id")
      .orderBy("user_id")
      .execute(),
    // 'Bitácora': a dry run or a refused import logs nothing.
    changes: await db.selectFrom("change_log").select(["kind", "subject", "actor_name"]).orderBy("id").execute(),
    poolMatches: await db
      .selectFrom("quiniela_matches")
      .selectAll()
      .orderBy("quiniela_id")
      .orderBy("match_id")
      .execute(),
    standings: await db.selectFrom("standings_total").selectAll().orderBy("user_id").execute(),
  };
}

async function seasonId(name: string): Promise<number> {
  return (await server.db.selectFrom("seasons").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
}

/** The user's total in a season's stored table. */
async function pointsOf(email: string, season: string): Promise<number | undefined> {
  const row = await server.db
    .selectFrom("standings_total as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select("s.points")
    .where("u.email", "=", email)
    .where("s.season_id", "=", await seasonId(season))
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.points);
}

/** The bundled season, as the import must leave it: its phases, matches, picks and table. */
async function bundledSeason() {
  const db = server.db;
  const season = await db
    .selectFrom("seasons")
    .select(["id", "name", "is_current"])
    .where("is_current", "=", 1)
    .executeTakeFirstOrThrow();
  return {
    season,
    phases: await db.selectFrom("phases").selectAll().where("season_id", "=", season.id).orderBy("id").execute(),
    matches: await db
      .selectFrom("matches as m")
      .innerJoin("phases as p", "p.id", "m.phase_id")
      .selectAll("m")
      .where("p.season_id", "=", season.id)
      .orderBy("m.id")
      .execute(),
    standings: await db
      .selectFrom("standings_total")
      .selectAll()
      .where("season_id", "=", season.id)
      .orderBy("user_id")
      .execute(),
  };
}

const LINK = /^\s*(\S+@\S+)\s+(http:\/\/\S+\/reset-password\?token=\S+)$/gm;

beforeAll(async () => {
  server = await startTestServer();
  // The links the command prints point at this server (read once, with the rest of the settings).
  process.env.BASE_URL = server.url;
  // Dani already plays here: the import must reuse her account (the export writes her e-mail in another case).
  await createUser(server, { name: "Daniela López", email: "dani.lopez@example.com" });
  // Caro has no nickname in the export; the roster's is hers, as for an account the admin creates.
  await server.db
    .insertInto("allowed_emails")
    .values({ email: "caro.ibanez@example.com", nickname: "Caro 🦅", created_at: new Date().toISOString() })
    .execute();
});
afterAll(async () => {
  await server?.close();
});

describe.sequential("import from the original app", () => {
  let links = new Map<string, string>();

  test("a dry run reports what it would do and writes nothing", async () => {
    const before = await snapshot();
    const run = await importFirestore("firestore-export.json", "--dry-run");
    expect(run.status, run.output).toBe(0);
    expect(run.output).toMatch(/Usuarios nuevos:\s+3\n/);
    expect(run.output).toMatch(/Usuarios existentes \(correo\):\s+1\n/);
    expect(run.output).toMatch(/Pronósticos nuevos:\s+10\n/);
    expect(run.output).toMatch(/Registros omitidos:\s+7\n/);
    expect(run.output).toContain("predictions/p-usuario-borrado: usuario desconocido: uuid-de-cuenta-borrada");
    expect(run.output).toContain("no se escribió nada");
    expect(run.output).not.toContain("reset-password");
    expect(await snapshot()).toEqual(before);
  });

  // A child process that compiles the script and the app's modules with tsx as it starts.
  test("the command itself, as an operator runs it, takes --simular the same way and writes nothing", async () => {
    const before = await snapshot();
    const run = importFirestoreByCommandLine("firestore-export.json", "--simular");
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain("no se escribió nada");
    expect(await snapshot()).toEqual(before);
  });

  test("a write refused midway (after users, matches and predictions) leaves the database as it was", async () => {
    const before = await snapshot();
    // The database refuses the pool's members, the last rows the import writes.
    if (server.engine === "sqlite") {
      await sql`create trigger rechazar_miembros before insert on quiniela_participants begin select raise(abort, 'disco lleno (simulado)'); end`.execute(
        server.db,
      );
    } else {
      await sql`create function rechazar_miembros() returns trigger language plpgsql as $$ begin raise exception 'disco lleno (simulado)'; end $$`.execute(
        server.db,
      );
      await sql`create trigger rechazar_miembros before insert on quiniela_participants for each row execute function rechazar_miembros()`.execute(
        server.db,
      );
    }
    try {
      const run = await importFirestore("firestore-export.json", "--temporada", "Oficina 2024");
      expect(run.status, run.output).toBe(1);
      expect(run.output).toContain("La importación falló y no se guardó nada");
      expect(run.output).toContain("disco lleno (simulado)");
      expect(await snapshot()).toEqual(before);
    } finally {
      await sql`drop trigger rechazar_miembros${sql.raw(server.engine === "postgres" ? " on quiniela_participants" : "")}`.execute(
        server.db,
      );
      if (server.engine === "postgres") await sql`drop function rechazar_miembros()`.execute(server.db);
    }
  });

  test("the import is a season of its own beside the bundled one: its phases, matches, picks, pool and table", async () => {
    const before = await snapshot();
    const bundled = await bundledSeason();
    const run = await importFirestore("firestore-export.json", "--temporada", "Oficina 2024");
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain("Temporada: Oficina 2024");
    const after = await snapshot();

    // The bundled Clausura 2024 is untouched, and stays the current season.
    expect(await bundledSeason()).toEqual(bundled);
    const season = await server.db
      .selectFrom("seasons")
      .selectAll()
      .where("name", "=", "Oficina 2024")
      .executeTakeFirstOrThrow();
    expect(season.is_current).toBe(0);
    expect(season.two_leg_bonus).toBe(1);
    // 'Bitácora' keeps the import, in its own transaction, made by the server's script.
    expect(after.changes.slice(before.changes.length)).toEqual([
      { kind: "firestore-import", subject: "Oficina 2024", actor_name: "Script del servidor" },
    ]);

    expect(after.users.map((user) => user.email)).toEqual([
      "ana.martinez@example.com",
      "beto.pena@example.com",
      "caro.ibanez@example.com",
      "dani.lopez@example.com",
    ]);
    expect(after.users.find((user) => user.email === "ana.martinez@example.com")).toMatchObject({
      display_name: "Anita ⚽",
      avatar_color: "green",
    });
    expect(after.users.find((user) => user.email === "caro.ibanez@example.com")).toMatchObject({
      display_name: "Caro 🦅",
    });
    // Its phases, in the season's order: the jornadas by number, then the legacy knockout phases.
    const phases = await server.db
      .selectFrom("phases")
      .select("name")
      .where("season_id", "=", season.id)
      .orderBy("position")
      .execute();
    expect(phases.map((phase) => phase.name)).toEqual([
      "Jornada 1",
      "Jornada 2",
      "Cuartos de Final",
      "Semifinales",
      "Final",
    ]);
    expect(after.matches).toHaveLength(before.matches.length + 7);
    expect(after.matches.filter((match) => match.home_score !== null)).toHaveLength(4);
    expect(after.predictions).toHaveLength(10);
    expect(after.pools).toHaveLength(1);
    expect(after.members).toHaveLength(3);
    expect(after.poolMatches).toHaveLength(4);

    // The original's rules: Ana 3 (exact) + 1 (draw) + 0 + 3 (exact) + 2 (the quarter-final bonus: 5 goals over both legs).
    expect(await pointsOf("ana.martinez@example.com", "Oficina 2024")).toBe(9);
    expect(await pointsOf("dani.lopez@example.com", "Oficina 2024")).toBe(3);
    expect(run.output).toContain("Beto: 4 pts en el archivo, 1 pts aquí");

    links = new Map([...run.output.matchAll(LINK)].map((match) => [match[1]!, match[2]!]));
    // One link per account the import created; Dani already had a password.
    expect([...links.keys()].sort()).toEqual([
      "ana.martinez@example.com",
      "beto.pena@example.com",
      "caro.ibanez@example.com",
    ]);
    expect(run.output).toContain("válidos 7 días, de un solo uso");
    expect(run.output).toContain("'Generar enlace de acceso'");

    // Its table is on /rankings with 'Temporada'; the current season's does not list its points.
    const standings = await requestText(server, `/rankings?temporada=${season.id}`);
    expect(standings.status).toBe(200);
    expect(standings.body).toContain("Anita ⚽");
    expect(standings.body).toContain("Oficina 2024");
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

  test("a season's name is never reused: the same name is refused and nothing is written", async () => {
    const before = await snapshot();
    const run = await importFirestore("firestore-export.json", "--temporada", "Oficina 2024");
    expect(run.status, run.output).toBe(1);
    expect(run.output).toContain("Ya existe una temporada «Oficina 2024»");
    expect(await snapshot()).toEqual(before);
  });

  test("the same people in the other export shape (arrays), as another season: accounts reused, Eva is new", async () => {
    const before = await snapshot();
    const run = await importFirestore("firestore-export-arrays.json", "--temporada=Primos 2024");
    expect(run.status, run.output).toBe(0);
    const after = await snapshot();
    expect(after.users).toHaveLength(before.users.length + 1);
    expect(after.pools.map((pool) => pool.name)).toEqual(["Quiniela de la Oficina", "Quiniela de los Primos"]);
    expect(run.output).toMatch(/Usuarios existentes \(correo\):\s+\d+\n/);
    expect([...run.output.matchAll(LINK)].map((match) => match[1])).toEqual(["eva.nunez@example.com"]);
    // Eva: 1-1 on a 2-2 draw (1) and the exact 1-0 of Tigres–Chivas (3).
    expect(await pointsOf("eva.nunez@example.com", "Primos 2024")).toBe(4);
  });

  test("without --temporada the season is 'Importada <fecha>'; legacy ties keep their bonus", async () => {
    // 'Quarters' Pachuca–América and 'Final' Cruz Azul–América, both legs in one legacy phase,
    // between the teams that also meet in the bundled season's 'Cuartos Ida'/'Cuartos Vuelta' and
    // 'Final Ida'/'Final Vuelta': each pair of legs is its own tie.
    const run = await importFirestore("firestore-export-legacy-ties.json");
    expect(run.status, run.output).toBe(0);
    const name = `Importada ${new Date().toISOString().slice(0, 10)}`;
    expect(run.output).toContain(`Temporada: ${name}`);
    // Cuartos: 0 (2-1 on 1-1) + 0 (0-0 on 1-0) + bonus 2 (3 goals over both legs, as predicted).
    // Final: 3 (0-0) + 3 (1-0) + bonus 2 (1 goal).
    expect(await pointsOf("fer.rios@example.com", name)).toBe(10);
    const bonuses = await server.db
      .selectFrom("predictions as p")
      .innerJoin("users as u", "u.id", "p.user_id")
      .select(["p.bonus"])
      .where("u.email", "=", "fer.rios@example.com")
      .where("p.bonus", ">", 0)
      .execute();
    expect(bonuses).toHaveLength(2);
    // The export's own total agrees: the report lists no difference for her.
    expect(run.output).not.toContain("Fer:");
  });
});

test("an export with a lone surrogate, or nested deeper than Firestore nests, is refused in Spanish before anything is read", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quiniela-export-"));
  const surrogate = path.join(dir, "sustituto.json");
  fs.writeFileSync(surrogate, String.raw`{"users":{"u1":{"name":"Ana \ud800","email":"ana@example.com"}}}`);
  const deep = path.join(dir, "hondo.json");
  fs.writeFileSync(
    deep,
    `{"users":{"u1":{"name":"Ana","email":"ana@example.com","extra":${"[".repeat(100_000)}${"]".repeat(100_000)}}}}`,
  );
  const before = await snapshot();
  for (const [file, message] of [
    [surrogate, "El archivo tiene texto que no es Unicode válido (en «name»)"],
    [deep, "El archivo tiene listas u objetos anidados a más de 32 niveles"],
  ]) {
    let output = "";
    const print = (...parts: unknown[]) => (output += `${parts.map(String).join(" ")}\n`);
    expect(await importFirestoreCommand([file!], { log: print, error: print }), output).toBe(1);
    expect(output).toBe(`✖ No se pudo leer ${file}: ${message}\n`);
  }
  expect(await snapshot()).toEqual(before);
  fs.rmSync(dir, { recursive: true });
});
