// `npm run bench`: builds the app (build-bench/), loads two seasons of 10,000 users (a finished
// Apertura 2024, 170 matches, and the current Clausura 2024, 167) into a temporary database,
// serves it with the real server and times the pages and writes that have a budget, and the
// deadline rush (200 players submitting the open jornada at once, as browsers with JavaScript
// do and, for reference, without: batches per second, p50, p99, every batch stored once); then does the same with the 20-user demo season,
// and the throughput of a few pages with 10 connections beside /healthz's. Prints a PASS/FAIL
// table and the load lines; the exit code is 0 even when a budget fails (it is a report).
//
//   npm run bench                                   SQLite in a temporary folder
//   npm run bench -- --postgres postgres://postgres@127.0.0.1:5432/postgres
//                                                   fresh PostgreSQL databases, dropped after
//   (BENCH_DATABASE_URL does the same as --postgres.)
// Options: --users N (10000), --samples N (30), --warmup N (50), --skip-build (reuse build-bench/),
// --only recordatorios (the big dataset and the reminder wave's line alone), --only capturadas (the big
// dataset and the captured predictions' line alone), --only posiciones (the big dataset's page, save
// and result lines with a correction of an old jornada, beside /healthz), --only resultados (the big
// dataset's result saves alone, each one a correction that also writes 'Bitácora', beside /healthz),
// --only demo (the demo's pages, their throughput and first-load JavaScript, without the big dataset).
// Each line is measured after its warm-up requests (at most 3 s of them): a server that has been
// running serves from JIT-compiled code, and after a few requests V8 is still compiling (the
// demo pages would measure markedly slower).
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";

import { openDatabase } from "#app/data/engine/db.server";
import { startRuntime, stopRuntime } from "#app/runtime.server";

import {
  BenchClient,
  bodyText,
  freePort,
  median,
  percentile,
  startServer,
  type HttpResult,
  type RunningServer,
} from "./lib/bench-http";
import { loadBigSeason, type BigSeason } from "./lib/big-season";
import { DEFAULT_ADMIN_EMAIL, DEMO_PASSWORD, DEMO_PLAYER_EMAIL, DEMO_POOL_GUEST_EMAIL } from "./lib/demo-season";
import { FIRST_LOAD_JS_BUDGET_KB, measureFirstLoadJs } from "./lib/first-load-js";
import {
  throughput as measureThroughput,
  RENDERED_COOKIE,
  rush as runRush,
  signIn,
  storedPredictions,
  type RushMode,
} from "./lib/load";
import { reminderWave, type Arrivals } from "./lib/reminder-wave";

const ROOT = path.resolve(import.meta.dirname, "..");
const BUILD_DIR = "build-bench";
const PORTS = [3500, 3599] as const;
const BENCH_EMAIL = "bench@quiniela.local";
const ADMIN_EMAIL = DEFAULT_ADMIN_EMAIL;
const PASSWORD = "quiniela2024";
const SEED = 167_010;
/** Players who submit the open jornada at the same moment in the rush line. */
const RUSH_PLAYERS = 200;
/**
 * Rushes of RUSH_PLAYERS others before the measured one. A server that has served a while runs
 * JIT-compiled code in every process; the other lines' warm-up reaches one process only (one
 * keep-alive connection), while each player of a rush opens a connection of its own, which the
 * cluster hands to the processes in turn. A server at a deadline has taken the week's saves, and
 * the rush's rate keeps rising (its CPU per batch falling) over the first rushes, PostgreSQL's
 * longer than SQLite's. So twelve rushes (2,400 batches, 1,200 per process) come first, on both
 * engines: enough for either curve to level off. Each warm-up rush's figure is printed, so the
 * curve shows in every run (decision 009).
 */
const RUSH_WARMUPS = 12;
/** Connections and seconds per page of the throughput lines. */
const THROUGHPUT_CONNECTIONS = 10;
const THROUGHPUT_SECONDS = 5;
/** Phases 1–16 have results; phase 17 is open (active, no result, no kickoff). */
const OPEN_PHASE = 17;
/** A measured line stops early rather than run longer than this (slow pages get fewer samples). */
const LINE_TIME_LIMIT_MS = 15_000;
const COMING_SOON = "Esta sección estará disponible muy pronto.";

const { values: options } = parseArgs({
  options: {
    postgres: { type: "string" },
    users: { type: "string", default: "10000" },
    samples: { type: "string", default: "30" },
    warmup: { type: "string", default: "50" },
    "skip-build": { type: "boolean", default: false },
    only: { type: "string" },
  },
});
/** `--only recordatorios`: the reminder wave's line alone (its dataset needs no extra accounts). */
const ONLY_WAVE = options.only === "recordatorios";
/** `--only capturadas`: the captured predictions' line alone (nor does its). */
const ONLY_CAPTURED = options.only === "capturadas";
/** `--only posiciones`: what the stored positions by jornada touch (issue 46), without the rushes. */
const ONLY_POSITIONS = options.only === "posiciones";
/** `--only resultados`: the result saves alone (with their 'Bitácora' entry), and /healthz on the same server. */
const ONLY_RESULTS = options.only === "resultados";
/** `--only demo`: the demo's pages, their throughput and first-load JavaScript, without the big dataset. */
const ONLY_DEMO = options.only === "demo";
if (options.only !== undefined && !ONLY_WAVE && !ONLY_CAPTURED && !ONLY_POSITIONS && !ONLY_RESULTS && !ONLY_DEMO) {
  console.error(
    `--only: '${options.only}' no es una línea conocida (recordatorios, capturadas, posiciones, resultados, demo)`,
  );
  process.exit(1);
}
/** The extra accounts the rushes sign in as (none when they are left out). */
const RUSH_ACCOUNTS = ONLY_POSITIONS ? 0 : (2 + RUSH_WARMUPS) * RUSH_PLAYERS;
const USERS = Number.parseInt(options.users, 10);
const SAMPLES = Number.parseInt(options.samples, 10);
const WARMUP = Number.parseInt(options.warmup, 10);
const POSTGRES_SERVER = options.postgres ?? process.env.BENCH_DATABASE_URL ?? undefined;
const ENGINE = POSTGRES_SERVER ? "postgres" : "sqlite";

// ---------------------------------------------------------------------------------------------
// Clean-up: temporary folders, databases and servers go away however the bench ends.

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
process.once("SIGINT", () => {
  console.error("\nInterrumpido: limpiando…");
  void cleanUp().then(() => process.exit(130));
});

function tempDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `quiniela-bench-${label}-`));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A fresh PostgreSQL database on the given server, dropped at the end; returns its URL. */
async function tempDatabase(label: string): Promise<string | undefined> {
  if (!POSTGRES_SERVER) return undefined;
  const name = `quiniela_bench_${label}_${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
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
  const url = new URL(POSTGRES_SERVER);
  url.pathname = `/${name}`;
  return url.toString();
}

/** What the server (and our in-process runtime) reads; explicit empty values beat a local .env. */
function serverEnv(dataDir: string, databaseUrl: string | undefined): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? "",
    BUILD_DIR,
    ADMIN_EMAIL,
    BASE_URL: "",
    TRUST_PROXY: "",
    LOG_REQUESTS: "false",
    AUTH_RATE_LIMIT_PER_IP: "1000000",
    AUTH_RATE_LIMIT_PER_EMAIL: "1000",
    // The rush's players, each on a connection of their own, all come from this one address.
    CONNECTIONS_PER_CLIENT: "100000",
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const step = (text: string) => console.log(`▶ ${text}`);

// ---------------------------------------------------------------------------------------------
// Measurements

interface Line {
  dataset: string;
  title: string;
  budgetMs?: number;
  samples: number[];
  /** CPU time the server process spent on the measured requests, in ms (null if unknown). */
  cpuMs: number | null;
  /** Size of the response body (uncompressed), in KB. */
  sizeKb?: number;
  /** Why the line could not be measured ('no disponible …'). */
  unavailable?: string;
  /** A caveat on what was measured (e.g. a placeholder page). */
  note?: string;
  errors: string[];
}

const lines: Line[] = [];

interface MeasureOptions {
  dataset: string;
  title: string;
  budgetMs?: number;
  server: RunningServer;
  /** Sends request number i (warm-up included). */
  run: (i: number) => Promise<HttpResult>;
  /** Untimed preparation before request i (e.g. signing in the next user). */
  before?: (i: number) => Promise<void>;
  ok?: (res: HttpResult) => boolean;
  /** Looks at the first answer: a reason starting with 'no disponible' skips the line; another is a caveat. */
  check?: (res: HttpResult) => string | undefined;
  maxSamples?: number;
}

/**
 * Warm-up requests, then timed samples, one after another. A slow line stops early (after at
 * least 5 samples) rather than run past LINE_TIME_LIMIT_MS, and so does a slow warm-up.
 */
async function measure(spec: MeasureOptions): Promise<Line> {
  const line: Line = {
    dataset: spec.dataset,
    title: spec.title,
    budgetMs: spec.budgetMs,
    samples: [],
    cpuMs: 0,
    errors: [],
  };
  lines.push(line);
  const ok = spec.ok ?? ((res: HttpResult) => res.status === 200);
  const wanted = Math.min(SAMPLES, spec.maxSamples ?? SAMPLES);
  let i = 0;
  let phaseStarted = performance.now();
  let warming = WARMUP > 0;
  while (line.samples.length < wanted) {
    await spec.before?.(i);
    const cpuBefore = spec.server.cpuMs();
    const res = await spec.run(i);
    const cpuAfter = spec.server.cpuMs();
    if (i === 0) {
      const text = bodyText(res);
      line.sizeKb = Buffer.byteLength(text) / 1024;
      const reason = spec.check?.(res);
      if (reason?.startsWith("no disponible")) {
        line.unavailable = reason;
        console.log(`  ${spec.title}: ${reason}`);
        return line;
      }
      if (reason) line.note = reason;
    }
    if (!ok(res)) {
      const message = `HTTP ${res.status}`;
      if (!line.errors.includes(message)) line.errors.push(message);
    }
    i++;
    const elapsed = performance.now() - phaseStarted;
    if (warming) {
      if (i >= WARMUP || elapsed > LINE_TIME_LIMIT_MS / 5) {
        warming = false;
        phaseStarted = performance.now();
      }
      continue;
    }
    line.samples.push(res.ms);
    if (line.cpuMs !== null)
      line.cpuMs = cpuBefore === null || cpuAfter === null ? null : line.cpuMs + cpuAfter - cpuBefore;
    if (line.samples.length >= 5 && elapsed > LINE_TIME_LIMIT_MS) break;
  }
  const m = median(line.samples);
  const errors = line.errors.length ? ` · errores: ${line.errors.join(", ")}` : "";
  console.log(`  ${spec.title}: mediana ${m.toFixed(1)} ms, n=${line.samples.length}${errors}`);
  return line;
}

/** A page that still shows the placeholder of a screen not yet built. */
function placeholderCheck(res: HttpResult): string | undefined {
  if (res.status === 200 && bodyText(res).includes(COMING_SOON)) return "página provisional (aún sin contenido real)";
  return undefined;
}

function stateOf(line: Line): string {
  if (line.unavailable) return line.unavailable;
  if (line.errors.length > 0) return `ERROR (${line.errors.join(", ")})`;
  if (line.note) return `— ${line.note}`;
  if (line.budgetMs === undefined) return "informativo";
  return median(line.samples) <= line.budgetMs ? "PASS" : "FAIL";
}

// ---------------------------------------------------------------------------------------------
// Load lines: many requests at once

interface LoadLine {
  dataset: string;
  title: string;
  figure: string;
  /** PASS/FAIL against its goal first, when it has one. */
  note: string;
}

/** Issue 16's goals for the load lines. */
const RUSH_GOAL = { batchesPerSecond: 400, p99Ms: 500 };
/** Public pages, as a share of /healthz's rate in the same run. */
const PUBLIC_SHARE_GOAL = 0.5;
/** Twice what the signed-in pages served when the goal was set (182 and 89 req/s, decision 009). */
const SIGNED_IN_GOALS = { home: 364, pool: 178 };

const verdict = (met: boolean, goal: string) => (met ? `PASS (${goal})` : `FAIL (meta ${goal})`);

const loadLines: LoadLine[] = [];

/**
 * The deadline rush (scripts/lib/load.ts) as a load line: batches per second, p50 and p99, and
 * a check in the database that every batch was stored exactly once.
 */
async function rush(
  dataset: string,
  server: RunningServer,
  players: readonly RushPlayer[],
  form: (i: number) => URLSearchParams,
  dataDir: string,
  databaseUrl: string | undefined,
  openMatchIds: readonly number[],
  mode: RushMode,
) {
  const how =
    mode === "javascript"
      ? "con JavaScript: la acción, que trae los datos de la página"
      : "sin JavaScript: acción y página entera";
  step(`Avalancha (${how}): ${players.length} jugadores guardan la jornada a la vez…`);
  const emails = players.map((player) => player.email);
  const figures = await runRush(
    server.url,
    players.map((player) => player.cookie),
    form,
    mode,
  );
  if (figures.firstFailure) console.log(`  primera respuesta con error: ${figures.firstFailure}`);
  const stored = await storedPredictions({ dataDir, databaseUrl }, emails, openMatchIds);
  const expected = emails.length * openMatchIds.length;
  const line: LoadLine = {
    dataset,
    title: `Avalancha${mode === "javascript" ? "" : " sin JavaScript"}: ${emails.length} jugadores × ${openMatchIds.length} pronósticos a la vez`,
    figure: `${figures.batchesPerSecond.toFixed(0)} lotes/s · p50 ${figures.p50Ms.toFixed(0)} ms · p99 ${figures.p99Ms.toFixed(0)} ms`,
    note: [
      ...(mode === "javascript"
        ? [
            verdict(
              figures.batchesPerSecond >= RUSH_GOAL.batchesPerSecond &&
                figures.p99Ms <= RUSH_GOAL.p99Ms &&
                stored === expected,
              `≥ ${RUSH_GOAL.batchesPerSecond} lotes/s, p99 ≤ ${RUSH_GOAL.p99Ms} ms, todo guardado`,
            ),
          ]
        : []),
      figures.failed === 0 ? "todas 200" : `${figures.failed} con error`,
      `guardados ${stored} de ${expected}${stored === expected ? " ✔" : " ✖"}`,
    ].join(" · "),
  };
  loadLines.push(line);
  console.log(`  ${line.figure} · ${line.note}`);
}

/** A player of a rush, signed in before any rush. */
interface RushPlayer {
  email: string;
  cookie: string;
}

/**
 * Signs in every player of the rushes, before the first: in life they signed in days before the
 * deadline, and the measured rush follows the warm-up rushes without a pause, as a deadline's
 * waves do (signing 200 players in between left the server idle-ish for ten seconds or more, and
 * the rush after it ran on a colder server: decision 009).
 */
async function signInRushPlayers(server: RunningServer, emails: readonly string[]): Promise<RushPlayer[]> {
  step(`Inicio de sesión de los ${emails.length} jugadores de las avalanchas…`);
  const cookies = await signIn(
    server.url,
    emails.map((email) => ({ email, password: PASSWORD })),
  );
  return emails.map((email, i) => ({ email, cookie: cookies[i]! }));
}

/** RUSH_WARMUPS rushes of these players, unmeasured (RUSH_WARMUPS says why). */
async function warmUpForRush(
  server: RunningServer,
  players: readonly RushPlayer[],
  form: (i: number) => URLSearchParams,
) {
  step(`Calentamiento de la avalancha: ${RUSH_WARMUPS} × ${RUSH_PLAYERS} jugadores, sin medir…`);
  const cookies = players.map((player) => player.cookie);
  const rates: string[] = [];
  for (let from = 0; from < cookies.length; from += RUSH_PLAYERS) {
    const figures = await runRush(server.url, cookies.slice(from, from + RUSH_PLAYERS), (i) => form(from + i));
    if (figures.firstFailure) console.log(`  primera respuesta con error: ${figures.firstFailure}`);
    rates.push(figures.batchesPerSecond.toFixed(0));
  }
  console.log(`  lotes/s de cada una: ${rates.join(", ")}`);
}

/**
 * Requests per second with THROUGHPUT_CONNECTIONS connections for THROUGHPUT_SECONDS
 * (scripts/lib/load.ts); with `healthz`, also the share of /healthz's rate in the same run, and
 * the line's goal: a share of it, or requests per second.
 */
async function throughput(
  dataset: string,
  server: RunningServer,
  title: string,
  url: string,
  cookie: string | undefined,
  healthz?: number,
  goal?: { share: number } | { perSecond: number },
) {
  const { perSecond, errors } = await measureThroughput(server.url, url, {
    cookie,
    connections: THROUGHPUT_CONNECTIONS,
    seconds: THROUGHPUT_SECONDS,
  });
  const line: LoadLine = {
    dataset,
    title: `Rendimiento ${THROUGHPUT_CONNECTIONS} conexiones: ${title}`,
    figure: `${perSecond.toFixed(0)} pet./s`,
    note: [
      ...(goal && "share" in goal
        ? [verdict(perSecond >= goal.share * healthz!, `≥ ${goal.share * 100} % de /healthz`)]
        : []),
      ...(goal && "perSecond" in goal ? [verdict(perSecond >= goal.perSecond, `≥ ${goal.perSecond} pet./s`)] : []),
      healthz ? `${((perSecond / healthz) * 100).toFixed(0)} % de /healthz` : "referencia",
      ...(errors ? [`${errors} errores`] : []),
    ].join(" · "),
  };
  loadLines.push(line);
  console.log(`  ${line.title}: ${line.figure} (${line.note})`);
  return perSecond;
}

function printLoadLines() {
  if (loadLines.length === 0) return;
  console.log("\nCarga (muchas peticiones a la vez):");
  const width = Math.max(...loadLines.map((line) => line.title.length));
  for (const line of loadLines)
    console.log(`  ${line.dataset.padEnd(16)} │ ${line.title.padEnd(width)} │ ${line.figure} │ ${line.note}`);
}

function printTable() {
  const header = ["Datos", "Prueba", "n", "Mediana", "p95", "CPU srv/pet.", "Respuesta", "Presupuesto", "Estado"];
  const rows = lines.map((line) => {
    const measured = !line.unavailable && line.samples.length > 0;
    const ms = (value: number) => (measured ? `${value.toFixed(1)} ms` : "—");
    return [
      line.dataset,
      line.title,
      measured ? String(line.samples.length) : "—",
      ms(median(line.samples)),
      ms(percentile(line.samples, 95)),
      line.cpuMs === null ? "—" : ms(line.cpuMs / line.samples.length),
      line.sizeKb === undefined || line.unavailable ? "—" : `${line.sizeKb.toFixed(line.sizeKb < 10 ? 1 : 0)} KB`,
      line.budgetMs === undefined ? "—" : `≤ ${line.budgetMs} ms`,
      stateOf(line),
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const format = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join(" │ ")
      .trimEnd();
  console.log(format(header));
  console.log(widths.map((width) => "─".repeat(width)).join("─┼─"));
  for (const row of rows) console.log(format(row));
}

// ---------------------------------------------------------------------------------------------
// The big season

/** Checks in the database that the last result sent really was stored and scored. */
async function resultStored(
  dataDir: string,
  databaseUrl: string | undefined,
  matchId: number,
  score: readonly [number, number],
): Promise<string | undefined> {
  const { db } = openDatabase({ databaseUrl, dataDir });
  try {
    const match = await db
      .selectFrom("matches")
      .select(["home_score", "away_score"])
      .where("id", "=", matchId)
      .executeTakeFirst();
    if (match?.home_score !== score[0] || match.away_score !== score[1]) {
      return `no disponible (el resultado no se guardó: ${match?.home_score ?? "—"}-${match?.away_score ?? "—"})`;
    }
    const scored = await db
      .selectFrom("predictions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("match_id", "=", matchId)
      .where("points", "is not", null)
      .executeTakeFirstOrThrow();
    if (Number(scored.n) === 0) return "resultado guardado pero sin puntos recalculados";
    return undefined;
  } finally {
    await db.destroy();
  }
}

/** The 10,000-user database: where it lives, what was loaded and how long loading took. */
interface BigDataset {
  label: string;
  dataDir: string;
  databaseUrl: string | undefined;
  env: NodeJS.ProcessEnv;
  season: BigSeason;
  loadMs: number;
}

/** The big dataset served, with the people its lines sign in as. */
interface BigBench extends BigDataset {
  server: RunningServer;
  client: BenchClient;
  benchCookie: string;
  adminCookie: string;
}

/** Loads USERS users and two seasons into a temporary database, through an in-process runtime. */
async function loadBigDataset(): Promise<BigDataset> {
  const dataDir = tempDir("10k");
  const databaseUrl = await tempDatabase("10k");
  const env = serverEnv(dataDir, databaseUrl);
  Object.assign(process.env, env);
  step(`Cargando ${USERS.toLocaleString("es-MX")} usuarios × 2 temporadas (170 + 167 partidos)…`);
  const loadStarted = performance.now();
  const loader = await startRuntime();
  const season = await loadBigSeason(loader, {
    users: USERS,
    adminEmail: ADMIN_EMAIL,
    benchEmail: BENCH_EMAIL,
    // Two rushes (with and without JavaScript) and their warm-up, each with players of its own:
    // saved picks are final.
    extraAccounts: ONLY_WAVE || ONLY_CAPTURED ? 0 : WARMUP + SAMPLES + RUSH_ACCOUNTS,
    password: PASSWORD,
    openPhase: OPEN_PHASE,
    previousSeason: true,
    seed: SEED,
    log: (text) => console.log(`  ${text}`),
  });
  await stopRuntime(loader);
  const loadMs = performance.now() - loadStarted;
  const { usersMs, predictionsMs, refreshMs } = season.timings;
  console.log(
    `  ${USERS.toLocaleString("es-MX")} usuarios: ${seconds(usersMs)} · ` +
      `${season.predictions.toLocaleString("es-MX")} pronósticos: ${seconds(predictionsMs)} · ` +
      `refreshAllScores: ${seconds(refreshMs)} · carga total: ${seconds(loadMs)}`,
  );
  const label = `${(USERS / 1000).toLocaleString("es-MX")}k usuarios`;
  return { label, dataDir, databaseUrl, env, season, loadMs };
}

/** a. and b.: the standings pages as visitors see them, and the home page of a signed-in player. */
async function measureBigPages(big: BigBench) {
  const { label: dataset, server, client } = big;
  await measure({
    dataset,
    server,
    title: "a. GET /rankings (anónimo)",
    budgetMs: 100,
    run: () => client.request("GET", "/rankings", { cookie: RENDERED_COOKIE }),
    check: placeholderCheck,
  });
  await measure({
    dataset,
    server,
    title: "a. GET /rankings/historico (anónimo)",
    budgetMs: 100,
    run: () => client.request("GET", "/rankings/historico", { cookie: RENDERED_COOKIE }),
  });
  await measure({
    dataset,
    server,
    title: "a. GET /rankings?temporada= (terminada)",
    budgetMs: 100,
    run: () => client.request("GET", `/rankings?temporada=${big.season.previousSeasonId}`, { cookie: RENDERED_COOKIE }),
  });
  // A player's page (issue 46): a player from the middle of the table, with a season's history.
  await measure({
    dataset,
    server,
    title: "a. GET /jugador/:id (anónimo)",
    budgetMs: 50,
    run: () => client.request("GET", "/jugador/bench-user-05000", { cookie: RENDERED_COOKIE }),
  });
  await measure({
    dataset,
    server,
    title: "b. GET / (usuario con sesión)",
    run: () => client.request("GET", "/", { cookie: big.benchCookie }),
    check: placeholderCheck,
  });
}

/** The shares every revealed match shows ('Más elegido'): a page without them measures something else. */
function sharesCheck(res: HttpResult): string | undefined {
  return bodyText(res).includes("Más elegido") ? undefined : "la página no muestra los porcentajes";
}

const CAPTURED = "/quiniela/quinielas-capturadas";

/**
 * The first view after the reveal counts the jornada's picks (pick_counts, decision 026): timed
 * alone, before the line's warm-up, since every later view reads the counts.
 */
async function capturedFirstView(big: BigBench): Promise<number | null> {
  const res = await big.client.request("GET", CAPTURED, { cookie: RENDERED_COOKIE });
  console.log(
    `  d. primera vista tras la revelación (cuenta los pronósticos): ${res.ms.toFixed(1)} ms · HTTP ${res.status}`,
  );
  const id = /partido=(\d+)/.exec(bodyText(res))?.[1];
  return id ? Number(id) : null;
}

/** d.: the captured predictions of the latest revealed jornada, with what everybody picked, as a visitor sees them; its 'Todas' tab and a match's own page. */
async function measureCaptured(big: BigBench) {
  const matchId = await capturedFirstView(big);
  const get = (path: string) => () => big.client.request("GET", path, { cookie: RENDERED_COOKIE });
  const line = { dataset: big.label, server: big.server, budgetMs: 100 };
  await measure({
    ...line,
    title: "d. GET /quiniela/quinielas-capturadas (con porcentajes)",
    run: get(CAPTURED),
    check: sharesCheck,
  });
  await measure({
    ...line,
    title: "d. GET …/quinielas-capturadas?jornada=todas",
    run: get(`${CAPTURED}?jornada=todas`),
    check: sharesCheck,
  });
  if (matchId !== null)
    await measure({
      ...line,
      title: "d. GET …/quinielas-capturadas?partido=…&pagina=50",
      run: get(`${CAPTURED}?partido=${matchId}&pagina=50`),
    });
  // The admin's own view of every pick, revealed or not, of the jornada it opens on: no goal of
  // its own (issue 46's is the players' page), measured for reference.
  await measure({
    dataset: big.label,
    server: big.server,
    title: "d. GET /admin/ver-quinielas (admin)",
    run: () => big.client.request("GET", "/admin/ver-quinielas", { cookie: big.adminCookie }),
  });
}

/** `--only capturadas`: the big dataset served for the captured predictions' line alone. */
async function measureCapturedOnly(dataset: BigDataset) {
  step(`Midiendo las quinielas capturadas con ${dataset.label}…`);
  const server = await startServer(dataset.env, await freePort(...PORTS));
  cleanups.push(() => server.stop());
  const client = new BenchClient(server.url);
  cleanups.push(() => client.close());
  await measureCaptured({
    ...dataset,
    server,
    client,
    benchCookie: "",
    adminCookie: await client.login(ADMIN_EMAIL, PASSWORD),
  });
  // How fast the hour is: /healthz's rate on the same server.
  await throughput(dataset.label, server, "GET /healthz", "/healthz", undefined);
  client.close();
  await server.stop();
}

/** The open jornada's prediction form, filled with scores that vary with i. */
function predictionsForm(openMatchIds: readonly number[]) {
  return (i: number) => {
    const form = new URLSearchParams();
    openMatchIds.forEach((id, n) => {
      form.append("matchId", String(id));
      form.set(`home-${id}`, String((i + n) % 4));
      form.set(`away-${id}`, String((i * 3 + n) % 3));
    });
    return form;
  };
}

/** c.: one player at a time saves the open jornada, each a player who has not saved it yet. */
async function measurePredictionSave(big: BigBench, form: (i: number) => URLSearchParams) {
  const { client, season } = big;
  let cookie = "";
  await measure({
    dataset: big.label,
    server: big.server,
    title: `c. POST /?index (${season.openMatchIds.length} pronósticos)`,
    maxSamples: season.extraEmails.length - WARMUP - RUSH_ACCOUNTS,
    before: async (i) => {
      cookie = await client.login(season.extraEmails[i] as string, PASSWORD);
    },
    run: (i) => client.request("POST", "/?index", { cookie, form: form(i) }),
  });
}

/** The deadline rushes, with and without JavaScript, after their warm-up; the last players of the extra accounts. */
async function measureRushes(big: BigBench, form: (i: number) => URLSearchParams) {
  const { label, server, season, dataDir, databaseUrl } = big;
  const players = await signInRushPlayers(server, season.extraEmails.slice(-(2 + RUSH_WARMUPS) * RUSH_PLAYERS));
  await warmUpForRush(server, players.slice(0, RUSH_WARMUPS * RUSH_PLAYERS), form);
  await rush(
    label,
    server,
    players.slice(-RUSH_PLAYERS),
    form,
    dataDir,
    databaseUrl,
    season.openMatchIds,
    "javascript",
  );
  await rush(
    label,
    server,
    players.slice(-2 * RUSH_PLAYERS, -RUSH_PLAYERS),
    form,
    dataDir,
    databaseUrl,
    season.openMatchIds,
    "html",
  );
}

/**
 * d.: the same result form twice: as a plain form post (full page back, as the brief's contract
 * says) and as the page's fetcher sends it once hydrated (POST /admin/results.data: action only).
 */
async function measureResultSaves(
  big: BigBench,
  resultMatch = big.season.openMatchIds[0] as number,
  lines: readonly (readonly [string, string])[] = [
    ["d. POST /admin/results (resultado)", "/admin/results"],
    ["d. POST /admin/results.data (fetcher)", "/admin/results.data"],
  ],
  // Issue 16's budget is for a result of the jornada being played; a correction of an early one
  // rewrites every later jornada's stored table, and is measured for reference.
  budgetMs: number | null = 200,
) {
  const scores = [
    [1, 0],
    [2, 2],
    [0, 1],
    [3, 1],
  ] as const;
  let sent = 0;
  let lastScore: readonly [number, number] = scores[0];
  const resultForm = () => {
    lastScore = scores[sent++ % scores.length] ?? scores[0];
    return new URLSearchParams({
      intent: "save-result",
      matchId: String(resultMatch),
      home: String(lastScore[0]),
      away: String(lastScore[1]),
    });
  };
  for (const [title, target] of lines) {
    const resultLine = await measure({
      dataset: big.label,
      server: big.server,
      title,
      budgetMs: budgetMs ?? undefined,
      ok: (res) => res.status >= 200 && res.status < 400,
      run: () => big.client.request("POST", target, { cookie: big.adminCookie, form: resultForm() }),
      check: (res) =>
        res.status === 404 || res.status === 405
          ? `no disponible (HTTP ${res.status}: la acción aún no existe)`
          : undefined,
    });
    if (!resultLine.unavailable) {
      const problem = await resultStored(big.dataDir, big.databaseUrl, resultMatch, lastScore);
      if (problem?.startsWith("no disponible")) resultLine.unavailable = problem;
      else if (problem) resultLine.note = problem;
    }
  }
}

/** Serves the big dataset and measures its lines, in an order that matters (see each step). */
async function measureBigDataset(dataset: BigDataset) {
  step(`Midiendo con ${dataset.label} (calentamiento ${WARMUP}, ${SAMPLES} muestras)…`);
  const server = await startServer(dataset.env, await freePort(...PORTS));
  cleanups.push(() => server.stop());
  const client = new BenchClient(server.url);
  cleanups.push(() => client.close());
  const benchCookie = await client.login(BENCH_EMAIL, PASSWORD);
  const adminCookie = await client.login(ADMIN_EMAIL, PASSWORD);
  const big: BigBench = { ...dataset, server, client, benchCookie, adminCookie };

  if (ONLY_RESULTS) {
    await measure({
      dataset: big.label,
      server,
      title: "GET /healthz (referencia)",
      run: () => client.request("GET", "/healthz"),
    });
    await measureResultSaves(big);
    client.close();
    await server.stop();
    return;
  }
  await measureBigPages(big);
  await measureCaptured(big);
  const form = predictionsForm(dataset.season.openMatchIds);
  await measurePredictionSave(big, form);
  // Before any result: the open jornada still takes picks.
  await measureRushes(big, form);
  await measureResultSaves(big);
  client.close();
  await server.stop();
}

/** The first match of the current season's first jornada, completed long ago: a correction moves every table after it. */
async function oldMatch(big: BigDataset): Promise<number> {
  const { db } = openDatabase({ databaseUrl: big.databaseUrl, dataDir: big.dataDir });
  try {
    const row = await db
      .selectFrom("matches as m")
      .innerJoin("phases as p", "p.id", "m.phase_id")
      .innerJoin("seasons as s", "s.id", "p.season_id")
      .select("m.id")
      .where("s.is_current", "=", 1)
      .orderBy("p.position")
      .orderBy("m.id")
      .executeTakeFirstOrThrow();
    return row.id;
  } finally {
    await db.destroy();
  }
}

/**
 * `--only posiciones`: the pages that read the stored positions (movement, the season's chart),
 * a save of picks, a result in the current jornada and a correction of its first one, which
 * writes every completed jornada's table after it again; /healthz beside them as the hour's pace.
 */
async function measurePositions(dataset: BigDataset) {
  step(`Posiciones por jornada con ${dataset.label} (calentamiento ${WARMUP}, ${SAMPLES} muestras)…`);
  const server = await startServer(dataset.env, await freePort(...PORTS));
  cleanups.push(() => server.stop());
  const client = new BenchClient(server.url);
  cleanups.push(() => client.close());
  const big: BigBench = {
    ...dataset,
    server,
    client,
    benchCookie: await client.login(BENCH_EMAIL, PASSWORD),
    adminCookie: await client.login(ADMIN_EMAIL, PASSWORD),
  };
  await measure({ dataset: big.label, server, title: "GET /healthz", run: () => client.request("GET", "/healthz") });
  await measureBigPages(big);
  await measurePredictionSave(big, predictionsForm(dataset.season.openMatchIds));
  await measureResultSaves(big);
  await measureResultSaves(
    big,
    await oldMatch(dataset),
    [["d. POST /admin/results.data (corrección de la jornada 1)", "/admin/results.data"]],
    null,
  );
  client.close();
  await server.stop();
}

/** Issue 45's goal for the reminder wave: every reminder out within a minute, /rankings' p99 within twice its idle value. */
const WAVE_GOAL = { seconds: 60, p99Factor: 2 };
/** The jornada after the open one: every player misses its picks once the wave opens it. */
const WAVE_PHASE = OPEN_PHASE + 1;

/** How many of `players` a channel's service received, and what its claims came to ("10002 sent"). */
function channelNote(label: string, arrivals: Arrivals, players: number, claims: Record<string, number> = {}) {
  const refused = arrivals.failures > 0 ? ` (${arrivals.failures} rechazados: sin VAPID o sin aes128gcm)` : "";
  const statuses = Object.entries(claims).map(([status, n]) => `${n} ${status}`);
  return `${label} entregados ${arrivals.count} de ${players}${refused}, reclamos ${statuses.join(", ") || "ninguno"}`;
}

/**
 * The reminder wave (scripts/lib/reminder-wave.ts): every player's e-mail reminder and push
 * reminder claimed and delivered to a local SMTP server and a local push service, beside
 * /rankings' p99 idle and during it (and /healthz's).
 */
async function measureReminderWave(big: BigDataset) {
  step(
    `Oleada de recordatorios: ${USERS.toLocaleString("es-MX")} jugadores sin pronósticos, correo a un SMTP local y push a un servicio local…`,
  );
  const wave = await reminderWave({
    env: big.env,
    port: await freePort(...PORTS),
    dataDir: big.dataDir,
    databaseUrl: big.databaseUrl,
    phasePosition: WAVE_PHASE,
    idleMs: 10_000,
    timeoutMs: 180_000,
    log: (text) => console.log(`  ${text}`),
  });
  const { players, email, push, claimed } = wave;
  const ratio = wave.during.rankingsP99 / wave.idle.rankingsP99;
  const delivered =
    [email, push].every((arrivals) => arrivals.count === players) &&
    claimed.email?.sent === players &&
    claimed.push?.sent === players;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const line: LoadLine = {
    dataset: big.label,
    title: `Oleada de recordatorios: ${players.toLocaleString("es-MX")} jugadores por correo y push`,
    figure:
      `${seconds(wave.waveMs)} del primer reclamo a la última entrega, correo o push (${seconds(wave.sinceChangeMs)} desde el cambio) · ` +
      `/rankings p99 ${ms(wave.during.rankingsP99)} (en reposo ${ms(wave.idle.rankingsP99)}, ×${ratio.toFixed(2)}) · ` +
      `/healthz p99 ${ms(wave.during.healthzP99)} (en reposo ${ms(wave.idle.healthzP99)})`,
    note: [
      verdict(
        wave.waveMs <= WAVE_GOAL.seconds * 1000 && ratio <= WAVE_GOAL.p99Factor && delivered,
        `≤ ${WAVE_GOAL.seconds} s, p99 ≤ ${WAVE_GOAL.p99Factor}× en reposo, todos entregados por correo y push`,
      ),
      channelNote("correos", email, players, claimed.email),
      channelNote("push", push, players, claimed.push),
    ].join(" · "),
  };
  loadLines.push(line);
  console.log(`  ${line.figure} · ${line.note}`);
}

// ---------------------------------------------------------------------------------------------
// The 20-user demo

const DEMO_DATASET = "demo 20 usuarios";

/** The demo served, with its people signed in and its pool's path. */
interface DemoBench {
  server: RunningServer;
  client: BenchClient;
  playerCookie: string;
  adminCookie: string;
  guestCookie: string;
  poolPath: string;
  /** The demo player's own page, as /rankings links to it. */
  playerPath: string;
}

/** A demo page: its line's title, its path and the cookie of who asks (none: a visitor). */
type DemoPage = [title: string, path: string, cookie: string | undefined];

/** Loads the demo season into a temporary database as `npm run seed:demo` does; returns the server's environment. */
async function seedDemoDataset(): Promise<NodeJS.ProcessEnv> {
  const demoDir = tempDir("demo");
  const demoUrl = await tempDatabase("demo");
  const demoEnv = serverEnv(demoDir, demoUrl);
  step("Cargando la temporada de demostración (scripts/seed-demo.ts)…");
  const demoStarted = performance.now();
  const seeded = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/seed-demo.ts"], { cwd: ROOT, env: demoEnv });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => resolve({ code, output }));
  });
  if (seeded.code !== 0) throw new Error(`La carga de la demostración falló:\n${seeded.output}`);
  console.log(`  demostración cargada en ${seconds(performance.now() - demoStarted)}`);
  return demoEnv;
}

async function serveDemo(env: NodeJS.ProcessEnv): Promise<DemoBench> {
  const server = await startServer(env, await freePort(...PORTS));
  cleanups.push(() => server.stop());
  const client = new BenchClient(server.url);
  cleanups.push(() => client.close());
  const playerCookie = await client.login(DEMO_PLAYER_EMAIL, DEMO_PASSWORD);
  const adminCookie = await client.login(ADMIN_EMAIL, DEMO_PASSWORD);
  const guestCookie = await client.login(DEMO_POOL_GUEST_EMAIL, DEMO_PASSWORD);
  // The demo's pool, as its creator's 'Mis Quinielas' links to it.
  const poolPath = /href="(\/quiniela\/\d+)"/.exec(
    bodyText(await client.request("GET", "/quinielas", { cookie: playerCookie })),
  )?.[1];
  if (!poolPath) throw new Error("La demostración no tiene quiniela en /quinielas");
  const playerPath = /href="(\/jugador\/[^"?]+)"/.exec(
    bodyText(await client.request("GET", "/rankings", { cookie: RENDERED_COOKIE })),
  )?.[1];
  if (!playerPath) throw new Error("La tabla de la demostración no enlaza a ningún jugador");
  return { server, client, playerCookie, adminCookie, guestCookie, poolPath, playerPath };
}

/** Every page of the demo with a budget, as the person it is for sees it. */
function demoPages({ playerCookie, adminCookie, guestCookie, poolPath, playerPath }: DemoBench): DemoPage[] {
  return [
    ["GET /rankings (anónimo)", "/rankings", undefined],
    ["GET /rankings/historico (anónimo)", "/rankings/historico", undefined],
    ["GET /rankings/cambios (anónimo)", "/rankings/cambios", undefined],
    ["GET /jugador/:id (anónimo)", playerPath, undefined],
    ["GET / (jugador)", "/", playerCookie],
    ["GET /quiniela/quinielas-capturadas", "/quiniela/quinielas-capturadas", undefined],
    ["GET /admin/matches (admin)", "/admin/matches", adminCookie],
    ["GET /admin/results (admin)", "/admin/results", adminCookie],
    ["GET /admin/predictions (admin)", "/admin/predictions", adminCookie],
    ["GET /admin/estado-pronosticos (admin)", "/admin/estado-pronosticos", adminCookie],
    ["GET /admin/ver-quinielas (admin)", "/admin/ver-quinielas", adminCookie],
    ["GET /admin/activar-quinielas (admin)", "/admin/activar-quinielas", adminCookie],
    ["GET /admin/users (admin)", "/admin/users", adminCookie],
    ["GET /admin/importar-resultados (admin)", "/admin/importar-resultados", adminCookie],
    ["GET /admin/temporadas (admin)", "/admin/temporadas", adminCookie],
    ["GET /admin/bitacora (admin)", "/admin/bitacora", adminCookie],
    ["GET /quinielas (jugador)", "/quinielas", playerCookie],
    ["GET /quiniela/new (jugador)", "/quiniela/new", playerCookie],
    [`GET ${poolPath} (creador)`, poolPath, playerCookie],
    [`GET ${poolPath} (participante)`, poolPath, guestCookie],
    ["GET /profile (jugador)", "/profile", playerCookie],
    ["GET /login (anónimo)", "/login", undefined],
    ["GET /register (anónimo)", "/register", undefined],
  ];
}

async function measureDemoPages(demo: DemoBench, pages: readonly DemoPage[]) {
  for (const [title, url, cookie] of pages) {
    await measure({
      dataset: DEMO_DATASET,
      server: demo.server,
      title,
      budgetMs: 20,
      run: () => demo.client.request("GET", url, { cookie: cookie ?? RENDERED_COOKIE }),
      check: placeholderCheck,
    });
  }
}

/** /healthz's rate, then a few pages' against it or against their own goal. */
async function measureDemoThroughput({ server, playerCookie, poolPath }: DemoBench) {
  const healthz = await throughput(DEMO_DATASET, server, "GET /healthz", "/healthz", undefined);
  // Public pages as visitors without cookies ask for them (the microcache answers), and, for
  // reference, /rankings rendered for every request.
  const publicShare = { share: PUBLIC_SHARE_GOAL };
  for (const [title, url, cookie, goal] of [
    ["GET /rankings (anónimo)", "/rankings", undefined, publicShare],
    ["GET /rankings (renderizada cada vez)", "/rankings", RENDERED_COOKIE, undefined],
    ["GET /quiniela/quinielas-capturadas", "/quiniela/quinielas-capturadas", undefined, publicShare],
    ["GET /login (anónimo)", "/login", undefined, publicShare],
    ["GET / (jugador)", "/", playerCookie, { perSecond: SIGNED_IN_GOALS.home }],
    [`GET ${poolPath} (creador)`, poolPath, playerCookie, { perSecond: SIGNED_IN_GOALS.pool }],
  ] as const) {
    await throughput(DEMO_DATASET, server, title, url, cookie, healthz, goal);
  }
}

/** Every page of the demo, as the same person sees it (the goal is for any page). */
async function measureDemoFirstLoadJs(demo: DemoBench, pages: readonly DemoPage[]) {
  step("JavaScript de la primera carga en un teléfono (Chromium)…");
  const firstLoads = await measureFirstLoadJs(
    demo.server.url,
    pages.map(([, path, cookie]) => ({ path, cookie })),
  );
  for (const [index, load] of (firstLoads ?? []).entries()) {
    const line: LoadLine = {
      dataset: DEMO_DATASET,
      title: `JS de primera carga: ${pages[index]![0].replace(/^GET /, "")}`,
      figure: `${load.kb.toFixed(0)} KB en ${load.files} archivos`,
      note:
        load.kb <= FIRST_LOAD_JS_BUDGET_KB
          ? `PASS (≤ ${FIRST_LOAD_JS_BUDGET_KB} KB)`
          : `FAIL (> ${FIRST_LOAD_JS_BUDGET_KB} KB)`,
    };
    loadLines.push(line);
    console.log(`  ${line.title}: ${line.figure} (${line.note})`);
  }
  if (!firstLoads) console.log("  ⚠ sin Chromium (CHROMIUM_PATH): no se midió el JavaScript de la primera carga");
}

async function measureDemoDataset() {
  const env = await seedDemoDataset();
  step("Midiendo con la demostración (20 usuarios)…");
  const demo = await serveDemo(env);
  const pages = demoPages(demo);
  await measureDemoPages(demo, pages);
  await measureDemoThroughput(demo);
  await measureDemoFirstLoadJs(demo, pages);
  demo.client.close();
  await demo.server.stop();
}

// ---------------------------------------------------------------------------------------------
// The run

const engineName = () => (ENGINE === "postgres" ? "PostgreSQL" : "SQLite");
const machineLoad = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" / ");

/** Builds the app into BUILD_DIR, unless --skip-build finds one there. */
function buildApp() {
  if (options["skip-build"] && fs.existsSync(path.join(ROOT, BUILD_DIR, "server/index.js"))) {
    step(`Compilación omitida (--skip-build): se usa ${BUILD_DIR}/`);
    return;
  }
  step(`Compilando en ${BUILD_DIR}/…`);
  const started = performance.now();
  const build = spawnSync("npx", ["react-router", "build"], {
    cwd: ROOT,
    env: { ...process.env, BUILD_DIR, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`La compilación falló:\n${build.stdout}\n${build.stderr}`);
  console.log(`  compilado en ${seconds(performance.now() - started)}`);
}

/** What failed, missed its goal, answered with errors or could not be measured, or that all is well. */
function printVerdicts() {
  const failed = lines.filter((line) => stateOf(line) === "FAIL");
  const missing = lines.filter((line) => line.unavailable || line.note);
  const broken = lines.filter((line) => !line.unavailable && line.errors.length > 0);
  if (failed.length > 0) console.log(`✖ ${failed.length} línea(s) fuera de presupuesto.`);
  // Load lines have goals too (the rush, throughput, first-load JavaScript: PASS/FAIL in the note).
  const missedGoals = loadLines.filter((line) => line.note.startsWith("FAIL"));
  if (missedGoals.length > 0) console.log(`✖ ${missedGoals.length} línea(s) de carga fuera de su meta.`);
  if (broken.length > 0) console.log(`✖ ${broken.length} línea(s) con respuestas de error.`);
  if (missing.length > 0) console.log(`⚠ ${missing.length} línea(s) no disponibles o con páginas provisionales.`);
  if (failed.length + broken.length + missing.length + missedGoals.length === 0)
    console.log("✔ Todo dentro de presupuesto.");
}

function printReport(big: BigDataset, benchStarted: number, startLoad: string) {
  const load = machineLoad();
  console.log(
    `\nResultados (${engineName()}). Mediana y p95: tiempo de pared de la petición HTTP ` +
      "en loopback (keep-alive, brotli como Chromium; documento completo salvo .data); PASS/FAIL según la mediana. CPU srv/pet.: CPU " +
      "del proceso del servidor por petición, menos sensible a la carga de la máquina" +
      `${ENGINE === "postgres" ? " (sin la CPU de PostgreSQL)" : ""}. Respuesta: tamaño sin comprimir.` +
      `${ENGINE === "postgres" ? " Los presupuestos están definidos para SQLite." : ""}\n`,
  );
  printTable();
  printLoadLines();
  console.log(
    `\nCarga de ${big.season.predictions.toLocaleString("es-MX")} pronósticos: ${seconds(big.loadMs)} · ` +
      `bench completo: ${seconds(performance.now() - benchStarted)} · carga de la máquina (1/5/15 min): ${load} ` +
      `al final, ${startLoad} al inicio`,
  );
  printVerdicts();
}

async function main() {
  const benchStarted = performance.now();
  const startLoad = machineLoad();
  console.log(`Quiniela · bench (${engineName()}, ${os.cpus().length} núcleos, Node ${process.version})\n`);
  buildApp();
  if (ONLY_DEMO) {
    await measureDemoDataset();
    printTable();
    printLoadLines();
    printVerdicts();
    console.log(`bench: ${seconds(performance.now() - benchStarted)} · carga de la máquina: ${machineLoad()}`);
    return;
  }
  const big = await loadBigDataset();
  if (ONLY_POSITIONS) {
    await measurePositions(big);
    printTable();
    console.log(`bench: ${seconds(performance.now() - benchStarted)} · carga de la máquina: ${machineLoad()}`);
    return;
  }
  if (ONLY_WAVE) {
    await measureReminderWave(big);
    printLoadLines();
    printVerdicts();
    console.log(`bench: ${seconds(performance.now() - benchStarted)} · carga de la máquina: ${machineLoad()}`);
    return;
  }
  if (ONLY_CAPTURED) {
    await measureCapturedOnly(big);
    printTable();
    printLoadLines();
    printVerdicts();
    console.log(`bench: ${seconds(performance.now() - benchStarted)} · carga de la máquina: ${machineLoad()}`);
    return;
  }
  await measureBigDataset(big);
  if (ONLY_RESULTS) {
    printTable();
    printVerdicts();
    console.log(`bench: ${seconds(performance.now() - benchStarted)} · carga de la máquina: ${machineLoad()}`);
    return;
  }
  await measureReminderWave(big);
  await measureDemoDataset();
  printReport(big, benchStarted, startLoad);
}

try {
  await main();
} catch (error) {
  console.error("\n✖ El bench no pudo terminar:", error);
} finally {
  await cleanUp();
}
process.exit(0);
