import { spawn, type ChildProcess } from "node:child_process";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Kysely } from "kysely";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { expect } from "vitest";

import { openDatabase } from "#app/data/engine/db.server";
import type { Database } from "#app/data/engine/schema";

export interface TestServer {
  url: string;
  engine: "sqlite" | "postgres";
  /** Our own connection to the server's database, to check what was (not) written. */
  db: Kysely<Database>;
  /** The environment the server started with (its secret, its admin e-mail…). */
  env: NodeJS.ProcessEnv;
  /** fetch against the server, never following redirects (tests look at them). */
  request(path: string, init?: RequestInit & { cookie?: string }): Promise<Response>;
  /** Stops it as an operator would (event streams end, connections close, services stop); safe to call again. */
  close(): Promise<void>;
}

/** A server in a process of its own: what a test of the process itself needs. */
export interface ServerProcess extends TestServer {
  /** The server process, e.g. to read its memory (/proc/<pid>/status) or find its workers. */
  pid: number;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** `kill -9`: the process ends at once, wherever it is; no shutdown code runs. */
  crash(): Promise<void>;
}

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
type ServerBuild = typeof import("../../server/app");
/**
 * The built server, imported once per test worker: Node keeps it (vitest.config.ts leaves the
 * build to Node's own loader), so every file's servers run code that is already loaded and warm.
 */
let serverBuild: Promise<ServerBuild> | undefined;

/**
 * Starts the real, built app (migrations, seed, middleware and all: what `node server.js` runs
 * in each of its processes) in this test process, on a free port, over the database
 * integration-setup.ts prepared for this test file; `env` adds or overrides settings for it alone.
 * A process costs far more CPU to start: tests that need one (its pid, its output,
 * kill -9, the cluster) use startServerProcess.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const serverEnv = settings(env);
  serverBuild ??= import(pathToFileURL(path.join(buildDir, "server/index.js")).href) as Promise<ServerBuild>;
  const build = await serverBuild;
  // As a lone `node server.js` process: it sends the reminders (when SMTP_* give it a channel).
  const runtime = await build.startRuntime(serverEnv, { sendReminders: true });
  const app = build.createApp({ runtime, clientDir: path.join(buildDir, "client") });
  const listener = await new Promise<http.Server>((resolve, reject) => {
    const server = build.createServer(app, runtime.config);
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
  const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  const { db, engine } = ownConnection(serverEnv);
  let closing: Promise<void> | undefined;
  return {
    url,
    engine,
    db,
    env: serverEnv,
    request: requester(url),
    close() {
      closing ??= (async () => {
        await db.destroy();
        // As server.js on SIGTERM: event streams end, the listener closes, then the services stop.
        await runtime.live.close();
        await new Promise<void>((resolve) => {
          listener.close(() => resolve());
          listener.closeIdleConnections();
          setTimeout(() => listener.closeAllConnections(), 1_000).unref();
        });
        await build.stopRuntime(runtime);
      })();
      return closing;
    },
  };
}

/**
 * Starts the real, built server as an operator does (`node server.js`), in a process of its own,
 * on a free port, over the database integration-setup.ts prepared for this test file.
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const serverEnv = settings(env);
  const child = spawn(process.execPath, ["server.js"], { env: serverEnv, stdio: ["ignore", "pipe", "pipe"] });
  let printed = "";
  child.stdout?.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  const url = await waitForUrl(child);
  const { db, engine } = ownConnection(serverEnv);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  let gone = false;
  return {
    url,
    engine,
    db,
    env: serverEnv,
    pid: child.pid!,
    output: () => printed,
    request: requester(url),
    async close() {
      if (gone) return;
      gone = true;
      await db.destroy();
      child.kill("SIGTERM");
      await exited;
    },
    async crash() {
      if (gone) return;
      gone = true;
      child.kill("SIGKILL");
      await exited;
      await db.destroy();
    },
  };
}

/** A server's settings: this file's environment, a free port, and what the test adds or overrides. */
function settings(env: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, PORT: "0", ...env };
}

/** The test's own connection to the server's database (the file's, unless the test points it elsewhere). */
function ownConnection(serverEnv: NodeJS.ProcessEnv) {
  return openDatabase({ databaseUrl: testConnection(serverEnv.DATABASE_URL), dataDir: serverEnv.DATA_DIR! });
}

function requester(url: string): TestServer["request"] {
  return (path, { cookie, headers, ...init } = {}) => {
    const merged = new Headers(headers);
    if (cookie) merged.set("Cookie", cookie);
    if (init.method && init.method !== "GET" && !merged.has("Origin")) merged.set("Origin", url);
    return fetch(`${url}${path}`, { redirect: "manual", ...init, headers: merged });
  };
}

/** The test's own PostgreSQL connections are named, so that pg_stat_activity tells them from the app's. */
export const TEST_APPLICATION_NAME = "quiniela-pruebas";

function testConnection(databaseUrl: string | undefined): string | undefined {
  if (!databaseUrl) return undefined;
  const url = new URL(databaseUrl);
  url.searchParams.set("application_name", TEST_APPLICATION_NAME);
  return url.toString();
}

function waitForUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/http:\/\/localhost:(\d+)/);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`el servidor terminó (${code}):\n${output}`)));
  });
}

/** The cookies a response sets, as one Cookie header value for the next request. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

export function form(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}

/** Registers through /register as a person would; returns the session cookie. */
export async function registerUser(
  server: TestServer,
  { name, email, password = "secreto123" }: { name: string; email: string; password?: string },
): Promise<string> {
  const response = await server.request("/register", {
    method: "POST",
    body: form({ name, email, password, confirmPassword: password }),
  });
  if (response.status !== 302) throw new Error(`registro falló: ${response.status} ${await response.text()}`);
  return cookiesFrom(response)
    .split("; ")
    .filter((cookie) => cookie.includes("session_token"))
    .join("; ");
}

/** Only the session cookie of a response (Better Auth's `…session_token`), as a Cookie header value. */
export function sessionCookie(response: { headers: Headers }): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((cookie) => cookie.includes("session_token"))
    .join("; ");
}

/** Signs in through POST /login as a person would; returns the session cookie. */
export async function loginUser(
  server: TestServer,
  { email, password = "secreto123" }: { email: string; password?: string },
): Promise<string> {
  const response = await server.request("/login", { method: "POST", body: form({ email, password }) });
  const body = await response.text();
  if (response.status !== 302) throw new Error(`inicio de sesión falló: ${response.status} ${body}`);
  return sessionCookie(response);
}

export interface TextResponse {
  status: number;
  headers: Headers;
  /** The Location header, for redirects. */
  location: string | null;
  body: string;
}

/**
 * server.request, with the body read to the end. Tests should read every body: a response left
 * unread keeps its connection busy, and close() then waits for the server's shutdown timeout.
 */
export async function requestText(
  server: TestServer,
  path: string,
  init?: Parameters<TestServer["request"]>[1],
): Promise<TextResponse> {
  const response = await server.request(path, init);
  const body = await response.text();
  return { status: response.status, headers: response.headers, location: response.headers.get("location"), body };
}

/** POSTs a URL-encoded form (or the text of one, however large) as a browser without JavaScript would; reads the whole body. */
export function postForm(
  server: TestServer,
  path: string,
  body: URLSearchParams | string,
  cookie?: string,
): Promise<TextResponse> {
  return requestText(server, path, {
    method: "POST",
    body: String(body),
    cookie,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
}

/** Makes every match of the current season's phase with this name active: the phase's id and its matches' ids, in order. */
export async function activatePhase(
  server: Pick<TestServer, "db">,
  phaseName: string,
): Promise<{ phaseId: number; matchIds: number[] }> {
  const phase = await server.db
    .selectFrom("phases")
    .select("id")
    .where("season_id", "=", await currentSeasonId(server))
    .where("name", "=", phaseName)
    .executeTakeFirstOrThrow();
  await server.db.updateTable("matches").set({ active: 1 }).where("phase_id", "=", phase.id).execute();
  const matches = await server.db
    .selectFrom("matches")
    .select("id")
    .where("phase_id", "=", phase.id)
    .orderBy("id")
    .execute();
  return { phaseId: phase.id, matchIds: matches.map((match) => match.id) };
}

/**
 * Moves a match's kickoff `hours` from now (negative: it has kicked off, so its picks are
 * revealed; far ahead: it stays open), written straight as no form would.
 */
export async function kickoffIn(server: Pick<TestServer, "db">, matchId: number, hours: number): Promise<void> {
  await server.db
    .updateTable("matches")
    .set({ kickoff_at: new Date(Date.now() + hours * 3_600_000).toISOString() })
    .where("id", "=", matchId)
    .execute();
}

/** The current season's id (a fresh install's: the seeded Clausura 2024). */
export async function currentSeasonId(server: Pick<TestServer, "db">): Promise<number> {
  return (await server.db.selectFrom("seasons").select("id").where("is_current", "=", 1).executeTakeFirstOrThrow()).id;
}

/** The id of the user with this e-mail. */
/** The first match (by id) of the phase with this name, and its phase. */
export function firstMatchOf(
  server: Pick<TestServer, "db">,
  phaseName: string,
): Promise<{ id: number; phase_id: number }> {
  return server.db
    .selectFrom("matches")
    .innerJoin("phases", "phases.id", "matches.phase_id")
    .select(["matches.id", "matches.phase_id"])
    .where("phases.name", "=", phaseName)
    .orderBy("matches.id")
    .executeTakeFirstOrThrow();
}

export async function userIdOf(server: TestServer, email: string): Promise<string> {
  const row = await server.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return row.id;
}

/** Traces of the server's internals (SQL, stack frames, file paths) that no response may carry. */
export const INTERNAL_MARKERS = [
  "SqliteError",
  "DatabaseError",
  "at async",
  "node_modules",
  "SELECT ",
  'select "',
  process.cwd(),
];

/** The internal markers found in a response body; an empty list when nothing leaks. */
export function leakedInternals(body: string): string[] {
  return INTERNAL_MARKERS.filter((marker) => body.includes(marker));
}

/** The loader data of one route from a `.data` request, decoded as the browser does. */
export async function routeData(
  server: TestServer,
  path: string,
  routeId: string,
  cookie?: string,
): Promise<{ raw: string; data: unknown }> {
  const response = await server.request(path, { cookie });
  expect(response.status).toBe(200);
  const raw = await response.text();
  const decoded = await decodeViaTurboStream(new Response(raw).body!, globalThis);
  await decoded.done;
  const routes = decoded.value as Record<string, { data?: unknown }>;
  expect(routes[routeId], `${routeId} en ${Object.keys(routes).join(", ")}`).toBeDefined();
  return { raw, data: routes[routeId]!.data };
}
