// Serves Quiniela: `node server.js` (production build) or `node server.js --dev` (Vite, live reload).
import cluster from "node:cluster";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

// Settings may live in .env (see .env.example); real environment variables win.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

const development = process.argv.includes("--dev");
// Without this, `npm start` would serve React's development build (several times slower, and
// chattier in errors): React reads NODE_ENV when the build first imports it, just below.
process.env.NODE_ENV ??= development ? "development" : "production";

const port = Number.parseInt(process.env.PORT || "3000", 10);

/**
 * How many processes serve (WEB_CONCURRENCY, default: one per core). Node renders pages on one
 * core per process; several processes share the port (node:cluster) and the database (SQLite in
 * WAL mode takes readers and one writer at a time from any process; sessions and rate limits
 * live in it). Live updates cross processes through the primary (app/live/updates.server.ts).
 */
function processCount() {
  const value = process.env.WEB_CONCURRENCY;
  if (development) return 1;
  if (value === undefined || value === "") return os.availableParallelism();
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 64) {
    console.error(
      `Configuración inválida:\nWEB_CONCURRENCY: '${value}' no es válido (un número de procesos, de 1 a 64)`,
    );
    process.exit(1);
  }
  return count;
}

const processes = cluster.isPrimary ? processCount() : 1;
/**
 * The variable by which the primary names the one process of its cluster that sends the
 * reminders (app/reminders/); a lone process sends them itself. Across instances a lease in the
 * database lets one sender work at a time.
 */
const SENDER_VARIABLE = "QUINIELA_REMINDER_SENDER";
const sendsReminders = cluster.isPrimary || process.env[SENDER_VARIABLE] === "1";
if (processes > 1) await runPrimary(processes);
else await serve({ announce: cluster.isPrimary });

/** One process serving the app; `announce` prints the address (the primary does, for a cluster). */
async function serve({ announce }) {
  let app;
  let createServer;
  let stop;
  let endStreams;
  if (development) {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    const entry = () => viteDevServer.ssrLoadModule("./server/app.ts");
    const { startRuntime, createApp, createServer: createAppServer } = await entry();
    const runtime = await startRuntime(process.env, { sendReminders: true });
    const devApp = createApp({ runtime, development: true });
    createServer = (handler) => createAppServer(handler, runtime.config);
    // Vite's own files first (modules, styles, live reload), then the app.
    app = (req, res) => viteDevServer.middlewares(req, res, () => devApp(req, res));
  } else {
    const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
    const server = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
    // The start-up notices (no admin yet…) once, from the first process of a cluster, not from each.
    const runtime = await server.startRuntime(process.env, {
      notices: !cluster.isWorker || cluster.worker?.id === 1,
      sendReminders: sendsReminders,
    });
    app = server.createApp({ runtime, clientDir: path.join(buildDir, "client") });
    createServer = (handler) => server.createServer(handler, runtime.config);
    stop = () => server.stopRuntime(runtime);
    // First step of a shutdown: open event streams end, so the listener can close.
    endStreams = () => runtime.live.close();
  }

  // Node's server with the limits on slow and numerous clients (server/connections.ts).
  const listener = createServer(app).listen(port, () => {
    if (announce) console.log(`Quiniela lista en http://localhost:${listener.address().port}`);
  });

  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      listener.close(async () => {
        await stop?.();
        process.exit(0);
      });
      // Event streams never end by themselves: end them so the close above does not wait for them.
      void endStreams?.();
      setTimeout(() => process.exit(0), 5000).unref();
    });
  }
}

/**
 * The primary of a cluster: starts one process first (it migrates and seeds the database alone,
 * and sends the reminders), the others once it listens; relays live updates between them; starts
 * a new process when one dies; ends them all on SIGINT/SIGTERM. It serves nothing itself.
 */
async function runPrimary(count) {
  let stopping = false;
  let senderId;
  // The first process sends the reminders; when the sender dies, the process started in its place does.
  const fork = (sender = false) => {
    const worker = cluster.fork({ [SENDER_VARIABLE]: sender ? "1" : "" });
    if (sender) senderId = worker.id;
    worker.on("message", (message) => {
      if (message?.quiniela !== "live") return;
      for (const other of Object.values(cluster.workers ?? {})) other?.send(message);
    });
    return worker;
  };
  const listening = (worker) =>
    new Promise((resolve, reject) => {
      worker.once("listening", resolve);
      worker.once("exit", (code) => reject(new Error(`el proceso terminó al iniciar (${code})`)));
    });

  let address;
  try {
    address = await listening(fork(true));
    await Promise.all(Array.from({ length: count - 1 }, () => listening(fork())));
  } catch {
    // The process printed why (a setting, the database); the others stop with it.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGKILL");
    process.exit(1);
  }
  console.log(`Quiniela lista en http://localhost:${address.port} (${count} procesos)`);

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`Un proceso del servidor terminó (${signal ?? code}); se inicia otro.`);
    const wasSender = worker.id === senderId;
    setTimeout(() => fork(wasSender), 1000);
  });
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGTERM");
      setTimeout(() => process.exit(0), 6000).unref();
    });
  }
}
