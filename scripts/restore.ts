// `npm run restore FILE`: puts a backup made by `npm run backup` back as the app's SQLite
// database. Stop the app first. The current database is kept beside it
// (quiniela.sqlite.antes-de-restaurar-<date>); the app migrates an older backup when it starts.
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";

import { getConfig } from "#app/config.server";
import { sqliteFile } from "#app/data/engine/db.server";

if (fs.existsSync(".env")) process.loadEnvFile(".env");

const config = getConfig();
if (config.DATABASE_URL) {
  console.error(
    'La base de datos es PostgreSQL (DATABASE_URL): restaura con pg_restore --clean --if-exists --dbname="$DATABASE_URL" ARCHIVO',
  );
  process.exit(2);
}
const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.error("Uso: npm run restore ARCHIVO   (un respaldo de npm run backup)");
  process.exit(1);
}

// A Quiniela database that SQLite finds sound, or nothing is touched.
const backup = new SQLite(file, { readonly: true, fileMustExist: true });
try {
  const check = backup.pragma("quick_check", { simple: true });
  const tables = new Set(
    (backup.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map(
      (t) => t.name,
    ),
  );
  if (check !== "ok" || !["users", "matches", "predictions", "kysely_migration"].every((t) => tables.has(t))) {
    console.error(`${file} no es un respaldo válido de Quiniela.`);
    process.exit(1);
  }
} catch {
  console.error(`${file} no es una base de datos SQLite.`);
  process.exit(1);
} finally {
  backup.close();
}

const target = sqliteFile(config.dataDir);
fs.mkdirSync(config.dataDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
if (fs.existsSync(target)) {
  // Fold the write-ahead log into the file, then keep the whole current database aside.
  const current = new SQLite(target, { fileMustExist: true });
  current.pragma("wal_checkpoint(TRUNCATE)");
  current.close();
  const kept = `${target}.antes-de-restaurar-${stamp}`;
  fs.copyFileSync(target, kept);
  console.log(`La base actual queda en ${kept}`);
}
// Copy beside the target, then rename: the database is the old one or the new one, never half.
const incoming = `${target}.restaurando`;
fs.copyFileSync(file, incoming);
for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${target}${suffix}`, { force: true });
fs.renameSync(incoming, target);
console.log(`✔ Restaurado ${path.resolve(file)} en ${target}. Arranca la app: npm start`);
