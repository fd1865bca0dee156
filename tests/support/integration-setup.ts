import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, inject } from "vitest";

import { sqliteFile } from "#app/data/engine/db.server";

/**
 * Runs before each integration test file (a worker runs several files one after the other, with
 * its modules loaded once: vitest.config.ts): gives the file a database of its own on the engine
 * of its project (a SQLite file, or a new PostgreSQL database), as a fresh install's first start
 * leaves it (a copy of template-database.ts's), and sets anew every variable of the environment
 * the server reads at start.
 */
// Modules stay loaded from one file to the next, the app's own too: none keeps a setting or a
// connection (startRuntime reads the environment it is given, every time), so a file's database
// and environment below are all it needs afresh.

const engine = process.env.TEST_ENGINE;
// Inside the project run's folder (run-folder.ts), which goes when the run ends even if this
// file's afterAll never runs.
const dataDir = fs.mkdtempSync(path.join(inject("runFolder"), "file-"));
/**
 * The files whose subject is what the server's start does to a database it finds (the previous
 * release's, loaded into an empty one): they get an empty database, as an install would.
 */
const EMPTY_DATABASE = ["upgrade.test.ts"];
const template = EMPTY_DATABASE.includes(path.basename(expect.getState().testPath ?? ""))
  ? undefined
  : inject("templateDatabase");

process.env.NODE_ENV = "production";
process.env.DATA_DIR = dataDir;
process.env.ADMIN_EMAIL = "admin@quiniela.test";
process.env.LOG_REQUESTS = "false";
// One process per server (its pid is the server: memory, kill -9); cluster.test.ts runs several.
process.env.WEB_CONCURRENCY = "1";
process.env.BETTER_AUTH_SECRET = crypto.randomBytes(32).toString("hex");
delete process.env.DATABASE_URL;
delete process.env.BASE_URL;

let dropDatabase: (() => Promise<void>) | undefined;

if (engine === "sqlite" && template) fs.copyFileSync(template, sqliteFile(dataDir));

if (engine === "postgres") {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is required for the PostgreSQL project");
  const name = `quiniela_test_${process.pid}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}

afterAll(async () => {
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
