import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";

import { getConfig } from "#app/config.server";
import { openDatabase, sqliteFile } from "#app/data/engine/db.server";
import { migrateToLatest } from "#app/data/engine/migrate.server";
import { seedSeason } from "#app/data/seasons/write-season.server";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * A database as a fresh install's first start leaves it (migrated, its season seeded), made
     * once per project run: integration-setup.ts copies it for each test file. On SQLite the
     * database file; on PostgreSQL the name of a database on TEST_DATABASE_URL's server.
     */
    templateDatabase: string;
  }
}

/**
 * Global setup of the integration projects. Every test file starts its servers on a database of
 * its own, and every such start on an empty one migrates it and seeds the season: on PostgreSQL
 * about half a CPU-second (the app's and the database's) and two seconds of waiting, per file.
 * Instead that is done once here, with the app's own migrations and seed, and each file gets a
 * copy (`CREATE DATABASE … TEMPLATE`, a copy of the SQLite file), on which the server's start
 * finds nothing left to do, as on any restart. The files that test an empty database (an
 * upgrade of the previous release's) still get one (integration-setup.ts).
 */
export default async function templateDatabase(project: TestProject) {
  const engine = project.config.env?.TEST_ENGINE;
  if (engine === "postgres") {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error("TEST_DATABASE_URL is required for the PostgreSQL project");
    const name = `quiniela_template_${process.pid}_${crypto.randomBytes(4).toString("hex")}`;
    await onServer(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await migrateAndSeed(url.toString(), os.tmpdir());
    project.provide("templateDatabase", name);
    return () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "quiniela-template-"));
  await migrateAndSeed(undefined, folder);
  project.provide("templateDatabase", sqliteFile(folder));
  return () => fs.rmSync(folder, { recursive: true, force: true });
}

/** What startRuntime does first on an empty database, with the settings a test server has by default. */
async function migrateAndSeed(databaseUrl: string | undefined, dataDir: string): Promise<void> {
  const config = getConfig({ ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, BASE_URL: undefined });
  const { db } = openDatabase({ databaseUrl, dataDir });
  try {
    await migrateToLatest(db, { firstSeasonName: config.SEASON_NAME, timeZone: config.APP_TIMEZONE });
    await seedSeason(db, config.SEASON_NAME);
  } finally {
    // On SQLite this also folds the write-ahead log into the file that is copied.
    await db.destroy();
  }
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
