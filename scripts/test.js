// `npm test`: type check, lint, build, unit + integration tests (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set), then browser tests in the system Chromium.
//
// Independent steps run side by side: the type check, the lint and the build at once; the test
// runs as soon as the build they drive is there; the files that measure time (vitest.config.ts)
// last, alone, on a machine no other step keeps busy. Each step's output is printed whole when it
// ends (so that two steps' lines never mix); the first step that fails stops the others.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

import { chromiumPath } from "./lib/chromium-path.js";

const chromium = chromiumPath();
if (!fs.existsSync(chromium)) {
  console.error(
    `No se encontró Chromium en ${chromium}: instálalo con 'apt-get install -y chromium-headless-shell' (o 'chromium') o define CHROMIUM_PATH.`,
  );
  process.exit(1);
}

if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL no está definida: las pruebas de integración corren solo en SQLite.");
}

/**
 * The steps, each after the ones it needs. Integration and browser tests drive the built server;
 * the type check reads the route types typegen writes. The build is always a production one,
 * whatever NODE_ENV the caller has.
 */
const STEPS = [
  // TypeScript 7, the compiler in Go (decision 014); `typescript` (5.9) stays for typescript-eslint.
  // One checker: its default of four checks in parallel, which pays on an idle machine, costs a
  // third more CPU, and here every other step is waiting for a core (docs/PERFORMANCE.md).
  {
    name: "Tipos",
    run: [
      ["react-router", "typegen"],
      ["node", "node_modules/typescript-7/bin/tsc", "--checkers", "1"],
    ],
  },
  { name: "Lint", run: [["eslint", "."]] },
  // One format for the whole tree (decision 020): an unformatted file fails here; `npm run format` mends it.
  { name: "Formato", run: [["prettier", "--check", "--log-level", "warn", "."]] },
  { name: "Compilación", run: [["react-router", "build"]], env: { NODE_ENV: "production" } },
  { name: "Unitarias e integración", after: ["Compilación"], run: [["vitest", "run", "--project", "!*-timed"]] },
  { name: "Navegador", after: ["Compilación"], run: [["playwright", "test"]] },
  // A 100-ms budget beside the browser suite is a budget for the browser suite: measured alone.
  {
    name: "Integración cronometrada",
    after: ["Tipos", "Lint", "Formato", "Unitarias e integración", "Navegador"],
    run: [["vitest", "run", "--project", "*-timed"]],
  },
];

const started = performance.now();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const running = new Set();
/** Seconds per step, printed at the end: the suite's time is watched. */
const took = new Map();

/**
 * Runs one of the project's tools (node_modules/.bin, as npm would: without npx's own start-up),
 * or a script with this Node (`node`), with its output kept.
 */
function runCommand([tool, ...args], env) {
  return new Promise((resolve) => {
    // Its own process group, so that a failure elsewhere stops it with everything it started.
    const executable = tool === "node" ? process.execPath : path.join("node_modules", ".bin", tool);
    const child = spawn(executable, args, {
      env: { ...process.env, ...(process.stdout.isTTY && { FORCE_COLOR: "1" }), ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    running.add(child);
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code, signal) => {
      running.delete(child);
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(output) });
    });
    child.on("error", (error) => {
      running.delete(child);
      resolve({ code: 1, output: Buffer.from(String(error)) });
    });
  });
}

/**
 * Stops every running step and what it started, then waits (a few seconds at most) for them to
 * end. SIGINT, as Ctrl-C would: on SIGTERM Playwright ends without stopping its web server, which
 * then holds the port and fails the next run.
 */
async function stopEverything() {
  const ended = [...running].map((child) => new Promise((resolve) => child.once("close", resolve)));
  for (const child of running) {
    try {
      process.kill(-child.pid, "SIGINT");
    } catch {
      // Already gone.
    }
  }
  await Promise.race([Promise.all(ended), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
}

const finished = new Map();
/** Set once a step fails (or the run is interrupted): nothing more starts, nothing else is reported. */
let stopping = false;
async function runStep(step) {
  await Promise.all((step.after ?? []).map((name) => finished.get(name)));
  const stepStarted = performance.now();
  console.log(`▶ ${step.name}: ${step.run.map((command) => command.join(" ")).join(" && ")}`);
  for (const command of step.run) {
    if (stopping) return;
    const { code, output } = await runCommand(command, step.env);
    // Another step failed and stopped this one: that failure is the one reported.
    if (stopping) return;
    if (code !== 0) {
      stopping = true;
      process.stdout.write(`\n── ${step.name} ──\n`);
      process.stdout.write(output);
      console.error(`\n✖ Falló: ${step.name}`);
      await stopEverything();
      process.exit(code);
    }
    process.stdout.write(`\n── ${step.name}: ${command.join(" ")} ──\n`);
    process.stdout.write(output);
  }
  took.set(step.name, performance.now() - stepStarted);
  console.log(`✔ ${step.name} (${seconds(took.get(step.name))})`);
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    stopping = true;
    await stopEverything();
    process.exit(1);
  });
}

for (const step of STEPS) finished.set(step.name, runStep(step));
await Promise.all(finished.values());

const parts = STEPS.map(({ name }) => `${name} ${seconds(took.get(name))}`).join(" · ");
console.log(`\n✔ Todas las pruebas pasaron en ${seconds(performance.now() - started)} (a la vez: ${parts})`);
