// `npm run seed:demo`: loads the demo season (20 coworkers, the real Clausura 2024 kickoff
// times and results, everyone's predictions, standings) into an EMPTY database, the one the
// server would use: DATA_DIR (SQLite) or DATABASE_URL (PostgreSQL), from the environment or .env.
//   DATA_DIR=./data-demo npm run seed:demo && DATA_DIR=./data-demo npm start
import fs from "node:fs";

import { startRuntime, stopRuntime, type Runtime } from "#app/runtime.server";

import { DEFAULT_ADMIN_EMAIL, DEMO_PASSWORD, DemoRefusedError, loadDemoSeason } from "./lib/demo-season";

// Same settings as the server (server.js): .env first, real environment variables win.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

const started = performance.now();
let exitCode = 0;
let runtime: Runtime | undefined;
try {
  runtime = await startRuntime();
  const { config } = runtime;
  const where = runtime.engine === "postgres" ? "PostgreSQL (DATABASE_URL)" : `SQLite en ${config.dataDir}`;
  console.log(`Cargando la temporada de demostración en ${where}…`);

  const summary = await loadDemoSeason(runtime, config.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);

  console.log(`\n✔ Temporada de demostración cargada en ${seconds} s`);
  console.log(`  Usuarios: ${summary.users}`);
  console.log(`  Temporadas: ${summary.seasons.join(", ")} (actual: ${summary.currentSeason}; las otras, terminadas)`);
  console.log(`  Partidos con horario y resultado oficial: ${summary.matches} (todas las jornadas activadas)`);
  console.log(`  Pronósticos: ${summary.predictions}`);
  console.log(`\n  Tabla de posiciones de ${summary.currentSeason} (top 3):`);
  for (const row of summary.top) {
    console.log(
      `    ${row.rank}. ${row.name} — ${row.points} pts (${row.exactHits} exactos, ${row.outcomeHits} aciertos)`,
    );
  }
  console.log(`\n  Cuentas (contraseña de todas: ${DEMO_PASSWORD}):`);
  for (const account of summary.emails) {
    console.log(`    ${account.email.padEnd(28)} ${account.nickname}${account.admin ? "  (administrador)" : ""}`);
  }
  if (!config.ADMIN_EMAIL) {
    console.log(
      `\n  Nota: ADMIN_EMAIL no está definida; ${DEFAULT_ADMIN_EMAIL} quedó como administrador en la base de datos.`,
    );
  }
} catch (error) {
  exitCode = 1;
  if (error instanceof DemoRefusedError) console.error(`✖ ${error.message}`);
  else console.error("✖ No se pudo cargar la temporada de demostración:", error);
} finally {
  if (runtime) await stopRuntime(runtime);
}
process.exit(exitCode);
