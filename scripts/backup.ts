// `npm run backup [FILE]`: a consistent copy of the SQLite database, safe while the app runs
// (SQLite's online backup API copies a snapshot page by page; writers are not stopped).
// Without FILE it goes to DATA_DIR/backups/quiniela-<date>.sqlite. With PostgreSQL
// (DATABASE_URL) use pg_dump instead: the command says how and exits with code 2.
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";

import { getConfig } from "#app/config.server";
import { sqliteFile } from "#app/data/engine/db.server";

// Same settings as the server (server.js): .env first, real environment variables win.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

const config = getConfig();
if (config.DATABASE_URL) {
  console.error("La base de datos es PostgreSQL (DATABASE_URL): respáldala con pg_dump, por ejemplo");
  console.error('  pg_dump --format=custom --file=quiniela.dump "$DATABASE_URL"');
  console.error('y restáurala con  pg_restore --clean --if-exists --dbname="$DATABASE_URL" quiniela.dump');
  process.exit(2);
}

const source = sqliteFile(config.dataDir);
if (!fs.existsSync(source)) {
  console.error(`No hay base de datos en ${source} (¿DATA_DIR correcto?).`);
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
const target = path.resolve(process.argv[2] ?? path.join(config.dataDir, "backups", `quiniela-${stamp}.sqlite`));
if (fs.existsSync(target)) {
  console.error(`${target} ya existe: elige otro nombre.`);
  process.exit(1);
}
fs.mkdirSync(path.dirname(target), { recursive: true });

const started = performance.now();
const database = new SQLite(source, { fileMustExist: true });
try {
  await database.backup(target);
} finally {
  database.close();
}
// One self-contained file (no -wal/-shm beside it); the app turns WAL back on when it opens it.
const copy = new SQLite(target);
copy.pragma("journal_mode = DELETE");
const check = copy.pragma("quick_check", { simple: true });
const users = (copy.prepare("select count(*) as n from users").get() as { n: number }).n;
copy.close();
if (check !== "ok") {
  console.error(`La copia ${target} no pasó la verificación: ${String(check)}`);
  process.exit(1);
}
const size = (fs.statSync(target).size / 1024 / 1024).toFixed(1);
console.log(
  `✔ Respaldo en ${target} (${size} MB, ${users} usuarios) en ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
