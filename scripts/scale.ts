// `npm run scale`: the figures behind docs/SCALING.md. Loads a season of 10,000 users into a fresh
// PostgreSQL database, then for each instance count (1, 2, 4 by default) starts that many single-
// process servers on it behind a local nginx (round robin, keep-alive to the instances) and
// measures through the proxy: the deadline rush (200 players save the open jornada at once, every
// batch checked stored once), and /healthz and /rankings with 10 connections; with the CPU the
// app processes and PostgreSQL spent per batch and per page, and the most database connections
// open at once. Every instance is started as production starts it, with WEB_CONCURRENCY=1.
//
//   npm run scale -- --postgres postgres://postgres@127.0.0.1:5432/postgres
// Options: --instances 1,2,4  --users N (10000)  --players N (200)  --skip-build (reuse build-bench/)
// Needs nginx (Debian: apt-get install nginx-light); nothing of it is part of the app.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";

import { startRuntime, stopRuntime } from "#app/runtime.server";

import { freePort, startServer, type RunningServer } from "./lib/bench-http";
import { loadBigSeason, type BigSeason } from "./lib/big-season";
import { DEFAULT_ADMIN_EMAIL } from "./lib/demo-season";
import { RENDERED_COOKIE, rush, signIn, storedPredictions, throughput } from "./lib/load";

const ROOT = path.resolve(import.meta.dirname, "..");
const BUILD_DIR = "build-bench";
const PORTS = [3600, 3699] as const;
const PASSWORD = "quiniela2024";
const OPEN_PHASE = 17;
const CONNECTIONS = 10;
const SECONDS = 5;

const { values: options } = parseArgs({
  options: {
    postgres: { type: "string" },
    instances: { type: "string", default: "1,2,4" },
    users: { type: "string", default: "10000" },
    players: { type: "string", default: "200" },
    "skip-build": { type: "boolean", default: false },
  },
});
const POSTGRES_SERVER = options.postgres ?? process.env.BENCH_DATABASE_URL;
const INSTANCE_COUNTS = options.instances.split(",").map((n) => Number.parseInt(n, 10));
const USERS = Number.parseInt(options.users, 10);
const PLAYERS = Number.parseInt(options.players, 10);

const cleanups: (() => Promise<void> | void)[] = [];
async function cleanUp() {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()?.();
    } catch (error) {
      console.error("Limpieza incompleta:", error);
    }
  }
}
process.once("SIGINT", () => void cleanUp().then(() => process.exit(130)));

const step = (text: string) => console.log(`▶ ${text}`);

/** utime + stime of every process whose command is `name`, in ms (Linux /proc). */
function cpuMsOf(name: string): number {
  let total = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      if (command !== name) continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

async function freshDatabase(): Promise<{ url: string; name: string }> {
  const name = `quiniela_scale_${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_SERVER });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: POSTGRES_SERVER });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  const url = new URL(POSTGRES_SERVER!);
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}

/** nginx in front of the instances: one process, round robin, keep-alive connections upstream. */
async function startProxy(
  dir: string,
  instances: readonly RunningServer[],
): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort(...PORTS);
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"])
    fs.mkdirSync(path.join(dir, sub), { recursive: true });
  const upstreams = instances.map((instance) => `    server ${new URL(instance.url).host};`).join("\n");
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    conf,
    `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream quiniela {
${upstreams}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 2m;
    location / {
      proxy_pass http://quiniela;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
    }
  }
}
`,
  );
  const child: ChildProcess = spawn("nginx", ["-p", dir, "-c", conf, "-e", path.join(dir, "error.log")], {
    stdio: "inherit",
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 100) throw new Error("nginx no arrancó");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGQUIT");
      await exited;
    },
  };
}

/** The most connections the database had open at once while `work` ran (sampled every 20 ms). */
async function peakConnections<T>(databaseName: string, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  const client = new pg.Client({ connectionString: POSTGRES_SERVER });
  await client.connect();
  let peak = 0;
  let running = true;
  const sampling = (async () => {
    while (running) {
      const { rows } = await client.query<{ n: string }>(
        "select count(*) as n from pg_stat_activity where datname = $1",
        [databaseName],
      );
      peak = Math.max(peak, Number(rows[0]?.n ?? 0));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    const result = await work();
    return { result, peak };
  } finally {
    running = false;
    await sampling;
    await client.end();
  }
}

/**
 * The database's size on disk, and the predictions table's bytes per row (indexes and TOAST
 * included), compacted first (VACUUM FULL): the bulk load's re-scoring leaves a dead version of
 * every row, which a live database reuses rather than keeps.
 */
async function databaseSizes(
  databaseName: string,
): Promise<{ databaseBytes: number; predictions: number; predictionBytes: number }> {
  const url = new URL(POSTGRES_SERVER!);
  url.pathname = `/${databaseName}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query("vacuum full analyze predictions");
    const { rows } = await client.query<{ database: string; table: string; n: string }>(
      "select pg_database_size(current_database()) as database, pg_total_relation_size('predictions') as table, (select count(*) from predictions) as n",
    );
    const row = rows[0]!;
    return {
      databaseBytes: Number(row.database),
      predictions: Number(row.n),
      predictionBytes: Number(row.table) / Number(row.n),
    };
  } finally {
    await client.end();
  }
}

interface Row {
  instances: number;
  batchesPerSecond: number;
  p50: number;
  p99: number;
  stored: string;
  appCpuPerBatch: number;
  dbCpuPerBatch: number;
  peakConnections: number;
  healthz: number;
  rankings: number;
  appCpuPerPage: number;
  dbCpuPerPage: number;
}

/** The loaded database the rounds share. */
interface Dataset {
  dir: string;
  database: { url: string; name: string };
  env: NodeJS.ProcessEnv;
  season: BigSeason;
}

/** The instances of one round behind their proxy, and the CPU their processes have spent so far. */
interface Round {
  proxy: { url: string; stop: () => Promise<void> };
  appCpu: () => number;
}

/** Builds the app into BUILD_DIR, unless --skip-build finds one there. */
function buildApp() {
  if (!options["skip-build"] || !fs.existsSync(path.join(ROOT, BUILD_DIR, "server/index.js"))) {
    step(`Compilando en ${BUILD_DIR}/…`);
    const build = spawnSync("npx", ["react-router", "build"], {
      cwd: ROOT,
      env: { ...process.env, BUILD_DIR, NODE_ENV: "production" },
      encoding: "utf8",
    });
    if (build.status !== 0) throw new Error(`La compilación falló:\n${build.stdout}\n${build.stderr}`);
  }
}

/** What every instance (and our in-process runtime) reads; explicit empty values beat a local .env. */
function instanceEnv(dir: string, databaseUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dir,
    DATABASE_URL: databaseUrl,
    BUILD_DIR,
    ADMIN_EMAIL: DEFAULT_ADMIN_EMAIL,
    BASE_URL: "",
    TRUST_PROXY: "",
    LOG_REQUESTS: "false",
    AUTH_RATE_LIMIT_PER_IP: "1000000",
    AUTH_RATE_LIMIT_PER_EMAIL: "1000",
    // nginx's connections to the instances all come from one address.
    CONNECTIONS_PER_CLIENT: "100000",
    WEB_CONCURRENCY: "1",
  };
}

/** A fresh database with USERS users and one season, each round's players among its extra accounts. */
async function loadDataset(): Promise<Dataset> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quiniela-scale-"));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const database = await freshDatabase();
  const env = instanceEnv(dir, database.url);
  Object.assign(process.env, env);
  step(`Cargando ${USERS.toLocaleString("es-MX")} usuarios (una temporada, la jornada ${OPEN_PHASE} abierta)…`);
  const loader = await startRuntime();
  const season = await loadBigSeason(loader, {
    users: USERS,
    adminEmail: DEFAULT_ADMIN_EMAIL,
    benchEmail: "bench@quiniela.local",
    extraAccounts: PLAYERS * INSTANCE_COUNTS.length,
    password: PASSWORD,
    openPhase: OPEN_PHASE,
    previousSeason: false,
    seed: 167_010,
    log: (text) => console.log(`  ${text}`),
  });
  await stopRuntime(loader);
  const sizes = await databaseSizes(database.name);
  console.log(
    `  ${sizes.predictions.toLocaleString("es-MX")} pronósticos: ${sizes.predictionBytes.toFixed(0)} bytes por pronóstico con sus índices; ` +
      `la base entera ${(sizes.databaseBytes / 1024 ** 2).toFixed(0)} MB`,
  );
  return { dir, database, env, season };
}

/** The open jornada's prediction form, filled with scores that vary with i. */
function predictionsForm(openMatchIds: readonly number[]) {
  return (i: number) => {
    const fields = new URLSearchParams();
    openMatchIds.forEach((id, n) => {
      fields.append("matchId", String(id));
      fields.set(`home-${id}`, String((i + n) % 4));
      fields.set(`away-${id}`, String((i * 3 + n) % 3));
    });
    return fields;
  };
}

/** The rush of this round's players through the proxy: its figures, CPU per batch, peak connections and what was stored. */
async function measureRush(dataset: Dataset, { proxy, appCpu }: Round, emails: readonly string[]) {
  const { season, database } = dataset;
  const cookies = await signIn(
    proxy.url,
    emails.map((email) => ({ email, password: PASSWORD })),
  );
  const form = predictionsForm(season.openMatchIds);
  const before = { app: appCpu(), db: cpuMsOf("postgres") };
  const { result: figures, peak } = await peakConnections(database.name, () => rush(proxy.url, cookies, form));
  const after = { app: appCpu(), db: cpuMsOf("postgres") };
  if (figures.firstFailure) console.log(`  primera respuesta con error: ${figures.firstFailure}`);
  const stored = await storedPredictions(
    { dataDir: dataset.dir, databaseUrl: database.url },
    emails,
    season.openMatchIds,
  );
  const expected = emails.length * season.openMatchIds.length;
  return {
    batchesPerSecond: figures.batchesPerSecond,
    p50: figures.p50Ms,
    p99: figures.p99Ms,
    stored: `${stored}/${expected}${stored === expected && figures.failed === 0 ? " ✔" : " ✖"}`,
    appCpuPerBatch: (after.app - before.app) / emails.length,
    dbCpuPerBatch: (after.db - before.db) / emails.length,
    peakConnections: peak,
  };
}

/** /healthz's rate and /rankings', with the CPU per page of the latter. */
async function measurePages({ proxy, appCpu }: Round) {
  const healthz = await throughput(proxy.url, "/healthz", { connections: CONNECTIONS, seconds: SECONDS });
  const pageBefore = { app: appCpu(), db: cpuMsOf("postgres") };
  // Rendered for every request: what a page costs (the microcache would answer most of these).
  const standings = await throughput(proxy.url, "/rankings", {
    cookie: RENDERED_COOKIE,
    connections: CONNECTIONS,
    seconds: SECONDS,
  });
  const pageAfter = { app: appCpu(), db: cpuMsOf("postgres") };
  // The throughput run includes one second of warm-up: the CPU is divided over every request.
  const pages = standings.perSecond * (SECONDS + 1);
  return {
    healthz: healthz.perSecond,
    rankings: standings.perSecond,
    appCpuPerPage: (pageAfter.app - pageBefore.app) / pages,
    dbCpuPerPage: (pageAfter.db - pageBefore.db) / pages,
  };
}

/** One round: `count` instances behind nginx, the rush of players of their own, then the pages. */
async function measureInstances(dataset: Dataset, round: number, count: number): Promise<Row> {
  step(`${count} instancia(s) detrás de nginx…`);
  const instances: RunningServer[] = [];
  for (let i = 0; i < count; i++) {
    const instance = await startServer(dataset.env, await freePort(...PORTS));
    instances.push(instance);
    cleanups.push(() => instance.stop());
  }
  const proxy = await startProxy(path.join(dataset.dir, `nginx-${count}`), instances);
  try {
    const appCpu = () => instances.reduce((sum, instance) => sum + (instance.cpuMs() ?? 0), 0);
    const emails = dataset.season.extraEmails.slice(round * PLAYERS, (round + 1) * PLAYERS);
    const rushed = await measureRush(dataset, { proxy, appCpu }, emails);
    const row: Row = { instances: count, ...rushed, ...(await measurePages({ proxy, appCpu })) };
    console.log(
      `  avalancha ${row.batchesPerSecond.toFixed(0)} lotes/s · p50 ${row.p50.toFixed(0)} ms · p99 ${row.p99.toFixed(0)} ms · ` +
        `guardados ${row.stored} · /healthz ${row.healthz.toFixed(0)} pet./s · /rankings ${row.rankings.toFixed(0)} pet./s`,
    );
    return row;
  } finally {
    await proxy.stop();
    for (const instance of instances) await instance.stop();
  }
}

/** The rounds as the Markdown table of docs/SCALING.md. */
function printRows(rows: readonly Row[]) {
  console.log(
    `\nPostgreSQL, ${USERS.toLocaleString("es-MX")} usuarios, ${PLAYERS} jugadores por avalancha, ${CONNECTIONS} conexiones ` +
      `durante ${SECONDS} s por página; CPU en ms (procesos de la app / de PostgreSQL):\n`,
  );
  console.log(
    "| Instancias | Lotes/s | p50 | p99 | Guardados | CPU app/lote | CPU BD/lote | Conexiones BD (máx.) | /healthz | /rankings | CPU app/página | CPU BD/página |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const row of rows) {
    console.log(
      `| ${row.instances} | ${row.batchesPerSecond.toFixed(0)} | ${row.p50.toFixed(0)} ms | ${row.p99.toFixed(0)} ms | ${row.stored} | ` +
        `${row.appCpuPerBatch.toFixed(1)} | ${row.dbCpuPerBatch.toFixed(1)} | ${row.peakConnections} | ${row.healthz.toFixed(0)} | ` +
        `${row.rankings.toFixed(0)} | ${row.appCpuPerPage.toFixed(1)} | ${row.dbCpuPerPage.toFixed(1)} |`,
    );
  }
}

async function main() {
  if (!POSTGRES_SERVER) throw new Error("Falta --postgres postgres://… (o BENCH_DATABASE_URL)");
  if (spawnSync("nginx", ["-v"]).error) throw new Error("Falta nginx (Debian: apt-get install nginx-light)");
  console.log(`Quiniela · escala (PostgreSQL, ${os.availableParallelism()} núcleos, Node ${process.version})\n`);
  buildApp();
  const dataset = await loadDataset();
  const rows: Row[] = [];
  for (const [round, count] of INSTANCE_COUNTS.entries()) rows.push(await measureInstances(dataset, round, count));
  printRows(rows);
}

try {
  await main();
} catch (error) {
  console.error("\n✖ La medición no pudo terminar:", error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
