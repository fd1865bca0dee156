import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";

import { startRuntime, stopRuntime } from "#app/runtime.server";

import { DEMO_PASSWORD, loadDemoSeason } from "../../scripts/lib/demo-season";
import { loginUser, requestText, startTestServer, type TestServer } from "../support/server";

/**
 * `npm run backup` and `npm run restore` with a demo season: a copy taken while the server runs
 * brings back exactly what there was. On PostgreSQL the command points to pg_dump instead.
 */

const engine = process.env.TEST_ENGINE;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "quiniela-backup-"));
let server: TestServer | undefined;

function npmScript(script: "backup" | "restore", ...args: string[]) {
  const run = spawnSync(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    encoding: "utf8",
    env: process.env,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

async function snapshot(db: TestServer["db"]) {
  return {
    users: await db.selectFrom("users").select(["id", "email", "display_name", "role"]).orderBy("id").execute(),
    predictions: await db
      .selectFrom("predictions")
      .select(["user_id", "match_id", "home_score", "away_score", "points", "bonus"])
      .orderBy("user_id")
      .orderBy("match_id")
      .execute(),
    results: await db
      .selectFrom("matches")
      .select(["id", "home_score", "away_score", "active"])
      .orderBy("id")
      .execute(),
    standings: await db.selectFrom("standings_total").selectAll().orderBy("user_id").execute(),
    pools: await db.selectFrom("quinielas").select(["id", "name", "invite_code"]).orderBy("id").execute(),
  };
}

beforeAll(async () => {
  if (engine !== "sqlite") return;
  // The demo season, loaded as `npm run seed:demo` does, into this file's database.
  const runtime = await startRuntime();
  await loadDemoSeason(runtime);
  await stopRuntime(runtime);
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

test.runIf(engine === "sqlite")(
  "a backup taken while the app runs restores the demo season exactly",
  { timeout: 120_000 },
  async () => {
    const before = await snapshot(server!.db);
    expect(before.predictions.length).toBeGreaterThan(3000);
    expect(before.pools).toHaveLength(1);

    // The server keeps answering (and writing sessions) while the copy is taken.
    const signIn = loginUser(server!, { email: "chucho@quiniela.local", password: DEMO_PASSWORD });
    const file = path.join(work, "respaldo.sqlite");
    const backup = npmScript("backup", file);
    expect(backup.status, backup.output).toBe(0);
    expect(backup.output).toContain("Respaldo en");
    // One self-contained file: nothing of it lives in a -wal or -shm beside it.
    expect(fs.readdirSync(work)).toEqual(["respaldo.sqlite"]);
    await signIn;

    // Everything goes wrong after the backup…
    await server!.db.deleteFrom("predictions").execute();
    await server!.db.deleteFrom("quinielas").execute();
    await server!.db.updateTable("users").set({ display_name: "Borrado" }).execute();
    await server!.close();

    // …and the restore brings the season back; the replaced database is kept aside.
    const restore = npmScript("restore", file);
    expect(restore.status, restore.output).toBe(0);
    expect(fs.readdirSync(process.env.DATA_DIR!).some((name) => name.includes("antes-de-restaurar"))).toBe(true);

    server = await startTestServer();
    expect(await snapshot(server.db)).toEqual(before);
    const cookie = await loginUser(server, { email: "chucho@quiniela.local", password: DEMO_PASSWORD });
    const home = await requestText(server, "/rankings", { cookie });
    expect(home.status).toBe(200);
    expect(home.body).toContain("Chucho");
  },
);

test.runIf(engine === "sqlite")(
  "restore refuses a file that is not a Quiniela backup and changes nothing",
  async () => {
    const bogus = path.join(work, "no-es-respaldo.sqlite");
    fs.writeFileSync(bogus, "hola");
    const before = fs.statSync(path.join(process.env.DATA_DIR!, "quiniela.sqlite")).mtimeMs;
    const restore = npmScript("restore", bogus);
    expect(restore.status).toBe(1);
    expect(restore.output).toMatch(/no es (un respaldo válido de Quiniela|una base de datos SQLite)/);
    expect(fs.statSync(path.join(process.env.DATA_DIR!, "quiniela.sqlite")).mtimeMs).toBe(before);
  },
);

test.runIf(engine === "postgres")("on PostgreSQL, backup points to pg_dump and exits with code 2", () => {
  const backup = npmScript("backup");
  expect(backup.status).toBe(2);
  expect(backup.output).toContain("pg_dump");
});
