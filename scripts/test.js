// `npm test`: type check, lint, build, unit + integration tests (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set), then browser tests in the system Chromium. Stops at the first failure.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { chromiumPath } from "./lib/chromium-path.js";

const chromium = chromiumPath();
if (!fs.existsSync(chromium)) {
  console.error(
    `No se encontró Chromium en ${chromium}: instálalo con 'apt-get install -y chromium-headless-shell' (o 'chromium') o define CHROMIUM_PATH.`,
  );
  process.exit(1);
}

const steps = [
  ["Tipos", "npx", ["react-router", "typegen"]],
  ["Tipos", "npx", ["tsc"]],
  ["Lint", "npx", ["eslint", "."]],
  ["Compilación", "npx", ["react-router", "build"]],
  ["Unitarias e integración", "npx", ["vitest", "run"]],
  ["Navegador", "npx", ["playwright", "test"]],
];

if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL no está definida: las pruebas de integración corren solo en SQLite.");
}

/** Seconds per step (the same name adds up), printed at the end: the suite's time is watched. */
const took = new Map();
const started = performance.now();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
  // Always a production build, whatever NODE_ENV the caller has.
  const env = name === "Compilación" ? { ...process.env, NODE_ENV: "production" } : process.env;
  const stepStarted = performance.now();
  const result = spawnSync(command, args, { stdio: "inherit", env });
  took.set(name, (took.get(name) ?? 0) + performance.now() - stepStarted);
  if (result.status !== 0) {
    console.error(`\n✖ Falló: ${name}`);
    process.exit(result.status ?? 1);
  }
}
const parts = [...took].map(([name, ms]) => `${name} ${seconds(ms)}`).join(" · ");
console.log(`\n✔ Todas las pruebas pasaron en ${seconds(performance.now() - started)} (${parts})`);
