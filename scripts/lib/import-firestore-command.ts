// The command behind `npm run import:firestore` (scripts/import-firestore.ts), as a function: its
// arguments in, its report through `out`, its exit code back. The integration tests run it in their
// own process (a child process with tsx would pay its own start on every run).
import fs from "node:fs";

import { adminLinkSeconds, createResetLink } from "#app/auth/links/password-reset.server";
import {
  importFirestoreExport,
  ImportRefusedError,
  type ImportReport,
} from "#app/data/transfer/firestore-import.server";
import { readJsonFile } from "#app/domain/files/json-file";
import { ProblemList } from "#app/domain/files/problems";
import { EXPORT_MAX_DEPTH, normalizeExport } from "#app/import/firestore-values";
import { startRuntime, stopRuntime, type Runtime } from "#app/runtime.server";

/** Where the command writes: the console, or what a test collects. */
export interface Printer {
  log(...parts: unknown[]): void;
  error(...parts: unknown[]): void;
}

/** Runs the import with the command line's arguments; resolves to the exit code (0, 1, or 2 for a bad call). */
export async function importFirestoreCommand(args: readonly string[], out: Printer = console): Promise<number> {
  const dryRun = args.some((arg) => arg === "--dry-run" || arg === "--simular");
  // --temporada "Nombre" (or --temporada=Nombre): the name of the season the import creates.
  const seasonFlag = args.findIndex((arg) => arg === "--temporada" || arg.startsWith("--temporada="));
  const seasonName =
    seasonFlag === -1
      ? undefined
      : args[seasonFlag]!.includes("=")
        ? args[seasonFlag]!.slice("--temporada=".length)
        : args[seasonFlag + 1];
  const files = args.filter(
    (arg, index) =>
      !arg.startsWith("--") && !(seasonFlag !== -1 && index === seasonFlag + 1 && !args[seasonFlag]!.includes("=")),
  );
  if (files.length !== 1 || (seasonFlag !== -1 && !seasonName?.trim())) {
    out.error('Uso: npm run import:firestore -- ARCHIVO.json [--temporada "Nombre"] [--dry-run|--simular]');
    return 2;
  }
  const file = files[0]!;

  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    out.error(`✖ No se pudo leer ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  // Read as the app reads an uploaded file: no nesting past the export's own, only well-formed text.
  const problems = new ProblemList();
  const json = readJsonFile(text, problems, { maxDepth: EXPORT_MAX_DEPTH });
  if (!json) {
    for (const problem of problems.report()) out.error(`✖ No se pudo leer ${file}: ${problem}`);
    return 1;
  }
  const normalized = normalizeExport(json.value);
  if (!normalized.ok) {
    out.error(`✖ ${normalized.message}`);
    return 1;
  }

  let exitCode = 0;
  let runtime: Runtime | undefined;
  try {
    runtime = await startRuntime();
    const { config } = runtime;
    const where = runtime.engine === "postgres" ? "PostgreSQL (DATABASE_URL)" : `SQLite en ${config.dataDir}`;
    out.log(`${dryRun ? "Simulación de la importación" : "Importando"} ${file} en ${where}…\n`);

    const report = await importFirestoreExport(runtime.db, runtime.engine, normalized.data, {
      dryRun,
      adminEmail: config.ADMIN_EMAIL,
      seasonName: seasonName?.trim(),
    });
    const season = await runtime.db
      .selectFrom("seasons")
      .select("name")
      .where("id", "=", report.seasonId)
      .executeTakeFirst();
    out.log(`  Temporada: ${season?.name ?? seasonName ?? "(simulación)"}\n`);
    printReport(report, out);

    if (dryRun) {
      out.log("\n✔ Simulación terminada: no se escribió nada.");
    } else {
      out.log("\n✔ Importación terminada (una sola transacción; tabla de posiciones recalculada).");
      await runtime.live.publish("resultados");
      if (report.createdUsers.length > 0) await printLinks(runtime, report.createdUsers, out);
    }
  } catch (error) {
    exitCode = 1;
    if (error instanceof ImportRefusedError) out.error(`✖ ${error.message}`);
    else out.error("✖ La importación falló y no se guardó nada:", error instanceof Error ? error.message : error);
  } finally {
    if (runtime) await stopRuntime(runtime);
  }
  return exitCode;
}

/**
 * One set-password link per account the import created. They are links the admin hands out, like
 * those of 'Nuevo Usuario': they last ADMIN_LINK_DAYS, one use each.
 */
async function printLinks(runtime: Runtime, users: readonly { email: string }[], out: Printer) {
  const { config } = runtime;
  const origin = new URL(config.BASE_URL ?? `http://localhost:${config.PORT}`).origin;
  const days = config.ADMIN_LINK_DAYS;
  const life = days === 1 ? "1 día" : `${days} días`;
  out.log(`\n  Enlaces para definir contraseña (uno por usuario nuevo, válidos ${life}, de un solo uso):`);
  for (const user of users) {
    const link = await createResetLink(runtime.auth, user.email, origin, adminLinkSeconds(days));
    out.log(`    ${user.email.padEnd(32)} ${link}`);
  }
  out.log("  Cuando caduquen, el administrador genera otro en /admin/users → 'Generar enlace de acceso'.");
}

function printReport(report: ImportReport, out: Printer) {
  const { counts, skipped, warnings } = report.plan;
  const line = (label: string, value: string | number) => out.log(`  ${label.padEnd(28)} ${value}`);
  line("Usuarios nuevos:", counts.usersNew);
  line("Usuarios existentes (correo):", counts.usersReused);
  line(
    "Fases nuevas:",
    counts.phasesNew ? `${counts.phasesNew} (${report.plan.phases.map((phase) => phase.name).join(", ")})` : 0,
  );
  line("Partidos nuevos:", counts.matchesNew);
  line("Partidos ya existentes:", counts.matchesMatched);
  line("Resultados cargados:", counts.results);
  line("Pronósticos nuevos:", counts.predictionsNew);
  line("Pronósticos ya existentes:", counts.predictionsPresent);
  line("Quinielas nuevas:", counts.quinielasNew);
  line("Quinielas ya existentes:", counts.quinielasPresent);
  line("Registros omitidos:", skipped.length);
  for (const skip of skipped) out.log(`    - ${skip.collection}/${skip.id}: ${skip.reason}`);
  if (warnings.length > 0) {
    out.log("\n  Avisos:");
    for (const warning of warnings) out.log(`    - ${warning}`);
  }
  if (report.plan.rankings.length > 0) {
    out.log("\n  Comparación con la colección rankings del archivo:");
    if (report.rankingDifferences.length === 0) out.log("    Los totales coinciden.");
    for (const diff of report.rankingDifferences) {
      out.log(`    - ${diff.name}: ${diff.theirs} pts en el archivo, ${diff.ours} pts aquí`);
    }
    if (report.rankingsUnmatched > 0)
      out.log(`    (${report.rankingsUnmatched} fila(s) no corresponden a ningún usuario importado)`);
  }
}
