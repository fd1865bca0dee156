// `npm test`: type check, lint and build side by side (none needs another), then unit + integration
// tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), then browser tests in the system
// Chromium. Stops at the first failure.
import { spawn } from "node:child_process";
import fs from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  console.error(`No se encontró Chromium en ${chromium}: instálalo con 'apt-get install -y chromium' o define CHROMIUM_PATH.`);
  process.exit(1);
}

/**
 * Stages run one after the other; the steps of a stage run at the same time, their output held
 * and printed whole when each ends (never interleaved). A step is a name and its commands, run in order.
 */
const stages = [
  [
    ["Tipos", [["npx", ["react-router", "typegen"]], ["npx", ["tsc"]]]],
    ["Lint", [["npx", ["eslint", "."]]]],
    // Always a production build, whatever NODE_ENV the caller has.
    ["Compilación", [["npx", ["react-router", "build"]]], { NODE_ENV: "production" }],
  ],
  [["Unitarias e integración", [["npx", ["vitest", "run"]]]]],
  [["Navegador", [["npx", ["playwright", "test"]]]]],
];

if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL no está definida: las pruebas de integración corren solo en SQLite.");
}

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/** Runs one command; its output is shown live when it runs alone, held otherwise. */
function run(command, args, env, live) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: live ? "inherit" : ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => resolve({ status: 1, output: `${output}${error.message}\n` }));
    child.on("exit", (status) => resolve({ status: status ?? 1, output }));
  });
}

/** One step: its commands in order, stopping at the first that fails; its time (the stage's steps overlap). */
async function runStep([name, commands, extraEnv = {}], live) {
  const started = performance.now();
  let output = "";
  for (const [command, args] of commands) {
    if (live) console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
    else output += `\n▶ ${name}: ${command} ${args.join(" ")}\n`;
    const result = await run(command, args, { ...process.env, ...extraEnv }, live);
    output += result.output;
    if (result.status !== 0) return { name, status: result.status, output, ms: performance.now() - started };
  }
  return { name, status: 0, output, ms: performance.now() - started };
}

const took = [];
const started = performance.now();
for (const stage of stages) {
  const live = stage.length === 1;
  const stageStarted = performance.now();
  const results = await Promise.all(stage.map((step) => runStep(step, live)));
  for (const result of results) {
    if (!live) process.stdout.write(result.output);
    took.push(`${result.name} ${seconds(result.ms)}`);
  }
  if (!live) console.log(`\n(${stage.map(([name]) => name).join(", ")}: a la vez, ${seconds(performance.now() - stageStarted)})`);
  const failed = results.find((result) => result.status !== 0);
  if (failed) {
    console.error(`\n✖ Falló: ${failed.name}`);
    process.exit(failed.status);
  }
}
console.log(`\n✔ Todas las pruebas pasaron en ${seconds(performance.now() - started)} (${took.join(" · ")})`);
