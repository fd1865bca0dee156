// `npm run import:firestore -- FILE [--temporada "Nombre"] [--dry-run|--simular]`: loads a JSON
// export of the original app's Firestore (users, matches, predictions, rankings, quinielas) into
// the database the server uses (DATA_DIR or DATABASE_URL, from the environment or .env), as a
// season of its own (default 'Importada <fecha>'), all or nothing. Imported users get no
// password: the command prints one set-password link per new account.
import fs from "node:fs";
import { createResetLink, RESET_LINK_TTL_SECONDS } from "#app/auth/password-reset.server";
import { getConfig } from "#app/config.server";
import { type ImportReport, ImportRefusedError, importFirestoreExport } from "#app/data/firestore-import.server";
import { normalizeExport } from "#app/import/firestore-values";
import { startRuntime, stopRuntime } from "#app/runtime.server";

// Same settings as the server (server.js): .env first, real environment variables win.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

const args = process.argv.slice(2);
const dryRun = args.some((arg) => arg === "--dry-run" || arg === "--simular");
// --temporada "Nombre" (or --temporada=Nombre): the name of the season the import creates.
const seasonFlag = args.findIndex((arg) => arg === "--temporada" || arg.startsWith("--temporada="));
const seasonName =
  seasonFlag === -1
    ? undefined
    : args[seasonFlag]!.includes("=")
      ? args[seasonFlag]!.slice("--temporada=".length)
      : args[seasonFlag + 1];
const files = args.filter((arg, index) => !arg.startsWith("--") && !(seasonFlag !== -1 && index === seasonFlag + 1 && !args[seasonFlag]!.includes("=")));
if (files.length !== 1 || (seasonFlag !== -1 && !seasonName?.trim())) {
  console.error('Uso: npm run import:firestore -- ARCHIVO.json [--temporada "Nombre"] [--dry-run|--simular]');
  process.exit(2);
}
const file = files[0]!;

let raw: unknown;
try {
  raw = JSON.parse(fs.readFileSync(file, "utf8"));
} catch (error) {
  console.error(`✖ No se pudo leer ${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const normalized = normalizeExport(raw);
if (!normalized.ok) {
  console.error(`✖ ${normalized.message}`);
  process.exit(1);
}

function printReport(report: ImportReport) {
  const { counts, skipped, warnings } = report.plan;
  const line = (label: string, value: string | number) => console.log(`  ${label.padEnd(28)} ${value}`);
  line("Usuarios nuevos:", counts.usersNew);
  line("Usuarios existentes (correo):", counts.usersReused);
  line("Fases nuevas:", counts.phasesNew ? `${counts.phasesNew} (${report.plan.phases.map((phase) => phase.name).join(", ")})` : 0);
  line("Partidos nuevos:", counts.matchesNew);
  line("Partidos ya existentes:", counts.matchesMatched);
  line("Resultados cargados:", counts.results);
  line("Pronósticos nuevos:", counts.predictionsNew);
  line("Pronósticos ya existentes:", counts.predictionsPresent);
  line("Quinielas nuevas:", counts.quinielasNew);
  line("Quinielas ya existentes:", counts.quinielasPresent);
  line("Registros omitidos:", skipped.length);
  for (const skip of skipped) console.log(`    - ${skip.collection}/${skip.id}: ${skip.reason}`);
  if (warnings.length > 0) {
    console.log("\n  Avisos:");
    for (const warning of warnings) console.log(`    - ${warning}`);
  }
  if (report.plan.rankings.length > 0) {
    console.log("\n  Comparación con la colección rankings del archivo:");
    if (report.rankingDifferences.length === 0) console.log("    Los totales coinciden.");
    for (const diff of report.rankingDifferences) {
      console.log(`    - ${diff.name}: ${diff.theirs} pts en el archivo, ${diff.ours} pts aquí`);
    }
    if (report.rankingsUnmatched > 0) console.log(`    (${report.rankingsUnmatched} fila(s) no corresponden a ningún usuario importado)`);
  }
}

let exitCode = 0;
try {
  const runtime = await startRuntime();
  const config = getConfig();
  const where = runtime.engine === "postgres" ? "PostgreSQL (DATABASE_URL)" : `SQLite en ${config.dataDir}`;
  console.log(`${dryRun ? "Simulación de la importación" : "Importando"} ${file} en ${where}…\n`);

  const report = await importFirestoreExport(runtime.db, runtime.engine, normalized.data, {
    dryRun,
    adminEmail: config.ADMIN_EMAIL,
    seasonName: seasonName?.trim(),
  });
  const season = await runtime.db.selectFrom("seasons").select("name").where("id", "=", report.seasonId).executeTakeFirst();
  console.log(`  Temporada: ${season?.name ?? seasonName ?? "(simulación)"}\n`);
  printReport(report);

  if (dryRun) {
    console.log("\n✔ Simulación terminada: no se escribió nada.");
  } else {
    console.log("\n✔ Importación terminada (una sola transacción; tabla de posiciones recalculada).");
    await runtime.live.publish("resultados");
    if (report.createdUsers.length > 0) {
      const origin = new URL(config.BASE_URL ?? `http://localhost:${config.PORT}`).origin;
      const hours = RESET_LINK_TTL_SECONDS / 3600;
      console.log(`\n  Enlaces para definir contraseña (uno por usuario nuevo, válidos ${hours} hora):`);
      for (const user of report.createdUsers) {
        console.log(`    ${user.email.padEnd(32)} ${await createResetLink(runtime.auth, user.email, origin)}`);
      }
      console.log("  Cuando caduquen, el administrador genera otro en /admin/users → 'Generar enlace de acceso'.");
    }
  }
} catch (error) {
  exitCode = 1;
  if (error instanceof ImportRefusedError) console.error(`✖ ${error.message}`);
  else console.error("✖ La importación falló y no se guardó nada:", error instanceof Error ? error.message : error);
} finally {
  await stopRuntime();
}
process.exit(exitCode);
