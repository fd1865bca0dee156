import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, expect, test } from "vitest";

import { openEvents, type EventStream } from "../support/event-stream";
import { countOf, expectWholeOrAbsent, makeBatches, startBurst, storedBatches } from "../support/prediction-batches";
import { form, registerUser, startServerProcess, type ServerProcess } from "../support/server";

/**
 * Several processes (server.js with WEB_CONCURRENCY=2, node:cluster) on one port and one
 * database: the app must behave as one. Each request below opens a connection of its own, and
 * the primary hands connections to the processes in turn, so consecutive requests meet both.
 */

const PER_EMAIL = 3;
let server: ServerProcess;
let adminCookie: string;
const streams: EventStream[] = [];

beforeAll(async () => {
  server = await startServerProcess({ WEB_CONCURRENCY: "2", AUTH_RATE_LIMIT_PER_EMAIL: String(PER_EMAIL) });
  adminCookie = await registerUser(server, { name: "Administradora", email: "admin@quiniela.test" });
}, 60_000);
afterAll(async () => {
  for (const stream of streams) stream.close();
  await server?.close();
});

/** The processes the primary started (its children). */
function workersOf(pid: number): number[] {
  const out = execFileSync("ps", ["--ppid", String(pid), "-o", "pid="], { encoding: "utf8" });
  return out
    .split("\n")
    .map((line) => Number(line.trim()))
    .filter((child) => child > 0);
}

/** A request on a new connection (no keep-alive), so that it may reach either process. */
function onNewConnection(
  path: string,
  { method = "GET", cookie, body }: { method?: string; cookie?: string; body?: URLSearchParams } = {},
) {
  const url = new URL(path, server.url);
  return new Promise<{ status: number; location: string | undefined; setCookie: string[]; body: string }>(
    (resolve, reject) => {
      const request = http.request(
        url,
        {
          method,
          agent: false,
          headers: {
            Origin: server.url,
            ...(cookie && { Cookie: cookie }),
            ...(body && { "Content-Type": "application/x-www-form-urlencoded" }),
          },
        },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              location: response.headers.location,
              setCookie: response.headers["set-cookie"] ?? [],
              body: text,
            }),
          );
        },
      );
      request.on("error", reject);
      request.end(body?.toString());
    },
  );
}

test("WEB_CONCURRENCY=2 serves from two processes on one port", async () => {
  const workers = workersOf(server.pid);
  expect(workers).toHaveLength(2);
  const answers = await Promise.all(Array.from({ length: 6 }, () => onNewConnection("/healthz")));
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
  // The start printed one address, the primary's.
  expect(server.output().match(/Quiniela lista en/g)).toHaveLength(1);
  expect(server.output()).toContain("(2 procesos)");
});

test("a session made by one process is good on every process", async () => {
  const pages = await Promise.all(
    Array.from({ length: 6 }, () => onNewConnection("/profile", { cookie: adminCookie })),
  );
  for (const page of pages) {
    expect(page.status).toBe(200);
    expect(page.body).toContain("admin@quiniela.test");
  }
});

test(`the sign-in limit counts attempts on every process: attempt ${PER_EMAIL + 1} for one e-mail is a 429`, async () => {
  const attempt = () =>
    onNewConnection("/login", { method: "POST", body: form({ email: "admin@quiniela.test", password: "equivocada" }) });
  for (let i = 0; i < PER_EMAIL; i++) expect((await attempt()).status).toBe(401);
  const refused = await attempt();
  expect(refused.status).toBe(429);
  expect(refused.body).toContain("Demasiados intentos");
});

test("a result saved by one process reaches the pages open on every process (live updates)", async () => {
  // Six streams, one connection each: both processes hold some.
  for (let i = 0; i < 6; i++) streams.push(await openEvents(server));
  const match = await server.db
    .selectFrom("matches")
    .innerJoin("phases", "phases.id", "matches.phase_id")
    .select(["matches.id", "matches.phase_id"])
    .where("phases.name", "=", "Jornada 1")
    .orderBy("matches.id")
    .executeTakeFirstOrThrow();
  const toggled = await onNewConnection("/admin/matches", {
    method: "POST",
    cookie: adminCookie,
    body: form({ intent: "toggle-phase", phaseId: String(match.phase_id), active: "1" }),
  });
  expect(toggled.status).toBe(200);
  const saved = await onNewConnection("/admin/results", {
    method: "POST",
    cookie: adminCookie,
    body: form({ intent: "save-result", matchId: String(match.id), home: "2", away: "1" }),
  });
  expect(saved.status).toBe(200);
  await Promise.all(streams.map((stream) => stream.events(2)));
});

test("prediction batches of many players at once, on both processes: every one stored whole, none refused", async () => {
  // Jornadas 3 and 4 (untouched above) open for picks; 12 players save them in batches of 9,
  // 12 at a time, each on a connection the primary hands to either process.
  await server.db.updateTable("matches").set({ active: 1 }).execute();
  const matchIds = (
    await server.db
      .selectFrom("matches")
      .innerJoin("phases", "phases.id", "matches.phase_id")
      .select("matches.id")
      .where("phases.name", "in", ["Jornada 3", "Jornada 4"])
      .orderBy("matches.id")
      .execute()
  ).map((m) => m.id);
  expect(matchIds).toHaveLength(18);
  const batches = await makeBatches(server, { prefix: "rafaga", players: 12, size: 9, matchIds });
  const burst = startBurst(server, batches, { concurrency: 12 });
  await burst.done;
  expect(countOf(burst.outcomes, "acknowledged"), burst.outcomes.join(", ")).toBe(batches.length);
  expectWholeOrAbsent(await storedBatches(server.db, batches), burst.outcomes, "dos procesos");
});

test("a process that dies is replaced; the port keeps answering", async () => {
  const [first] = workersOf(server.pid);
  process.kill(first!, "SIGKILL");
  const deadline = Date.now() + 15_000;
  let workers = workersOf(server.pid);
  while ((workers.length < 2 || workers.includes(first!)) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    workers = workersOf(server.pid);
  }
  expect(workers).toHaveLength(2);
  expect(workers).not.toContain(first);
  const answers = await Promise.all(Array.from({ length: 4 }, () => onNewConnection("/healthz")));
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
});

test("SIGTERM to the primary ends every process", async () => {
  const workers = workersOf(server.pid);
  await server.close();
  const deadline = Date.now() + 10_000;
  while (workers.some((pid) => fs.existsSync(`/proc/${pid}`)) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(workers.filter((pid) => fs.existsSync(`/proc/${pid}`))).toEqual([]);
});

test("a WEB_CONCURRENCY that is not a number of processes stops the start with a Spanish message", () => {
  for (const value of ["0", "dos", "1.5", "65"]) {
    const run = spawnSync(process.execPath, ["server.js"], {
      env: { ...process.env, PORT: "0", WEB_CONCURRENCY: value },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(run.status, value).toBe(1);
    expect(run.stderr, value).toContain(`WEB_CONCURRENCY: '${value}' no es válido`);
  }
});
