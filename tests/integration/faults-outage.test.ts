import { sql } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";

import { createUser } from "../support/accounts";
import {
  countOf,
  expectWholeOrAbsent,
  makeBatches,
  postBatch,
  startBurst,
  storedBatches,
} from "../support/prediction-batches";
import { startScratchPostgres, type ScratchPostgres } from "../support/scratch-postgres";
import {
  form,
  leakedInternals,
  requestText,
  startServerProcess,
  TEST_APPLICATION_NAME,
  userIdOf,
  type ServerProcess,
  type TestServer,
} from "../support/server";

/**
 * PostgreSQL restarted, then frozen, while the app serves. The app runs over a scratch cluster of
 * this test's own (the shared server is never touched), which the test stops and starts again,
 * and later freezes. During the outage every request is answered at once — the Spanish error page
 * or 503, never a hang, never a crash — and /healthz says 503; when the database is back, the same
 * process serves again by itself, live updates (LISTEN/NOTIFY) included. PostgreSQL only: SQLite
 * is a file in the app's own process, it has no outage of its own.
 */

const postgres = process.env.TEST_ENGINE === "postgres";
/** An answer during the outage must come within this (the app waits for no database). */
const PROMPT_MS = 3_000;
/**
 * The app's DATABASE_CONNECT_TIMEOUT_MS here: a frozen server is waited for this long, then the
 * request fails. Shorter than the default 5 s, which this step, run alone at the end of
 * `npm test`, would otherwise wait out.
 */
const CONNECT_TIMEOUT_MS = 1_500;
let cluster: ScratchPostgres | undefined;
let server: ServerProcess | undefined;
const streams: AbortController[] = [];

beforeAll(async () => {
  if (!postgres) return;
  cluster = await startScratchPostgres();
  server = await startServerProcess({
    DATABASE_URL: cluster.url,
    DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
  });
}, 60_000);
afterAll(async () => {
  // A test that failed while the cluster was frozen: let it go first, so the app can shut down.
  cluster?.thaw();
  for (const stream of streams) stream.abort();
  await server?.close();
  cluster?.destroy();
});

/** Opens /eventos as a browser's EventSource does; `events()` counts the 'resultados' so far. */
async function openEvents(target: TestServer) {
  const controller = new AbortController();
  streams.push(controller);
  const response = await target.request("/eventos", {
    headers: { Accept: "text/event-stream" },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let received = "";
  let ended = false;
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        received += value;
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  return {
    events: () => received.match(/^event: resultados$/gm)?.length ?? 0,
    ended: () => ended,
    text: () => received,
  };
}

/** Polls `check` every 50 ms until it holds; fails after `limitMs`. Returns the time it took. */
async function waitFor(what: string, check: () => Promise<boolean> | boolean, limitMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return performance.now() - started;
    if (performance.now() - started > limitMs) throw new Error(`${what}: no ocurrió en ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The app's LISTEN connections on the cluster, as PostgreSQL sees them. */
async function listeners(db: TestServer["db"]): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_stat_activity
    where query ilike 'listen %' and application_name <> ${TEST_APPLICATION_NAME}`.execute(db);
  return rows[0]!.n;
}

test.runIf(postgres)(
  "PostgreSQL restarted while the app serves: quick Spanish errors and 503 during the outage, recovery by itself, live updates included",
  { timeout: 60_000 },
  async () => {
    const app = server!;
    const admin = await createUser(app, { name: "Administradora", email: "admin@quiniela.test" });
    const player = await createUser(app, { name: "Jugadora", email: "jugadora@quiniela.test" });
    const jornada1 = await app.db
      .selectFrom("matches")
      .innerJoin("phases", "phases.id", "matches.phase_id")
      .select(["matches.id", "matches.phase_id"])
      .where("phases.name", "=", "Jornada 1")
      .orderBy("matches.id")
      .execute();
    const [, second, third] = jornada1;
    const toggle = await requestText(app, "/admin/matches", {
      method: "POST",
      cookie: admin,
      body: form({ intent: "toggle-phase", phaseId: String(jornada1[0]!.phase_id), active: "1" }),
    });
    expect(toggle.status).toBe(200);
    const pick = (matchId: number, home: number, away: number) =>
      form({ matchId: String(matchId), [`home-${matchId}`]: String(home), [`away-${matchId}`]: String(away) });
    // The other jornadas, open for a burst of batches that the outage cuts through.
    const others = await app.db
      .updateTable("matches")
      .set({ active: 1 })
      .where("phase_id", "<>", jornada1[0]!.phase_id)
      .returning("id")
      .execute();
    const batches = await makeBatches(app, {
      prefix: "corte",
      players: 4,
      size: 3,
      matchIds: others.map((m) => m.id).sort((a, b) => a - b),
    });

    // A page open before the outage keeps its event stream; the pool holds idle connections.
    const stream = await openEvents(app);
    await waitFor("la app escucha", () => listeners(app.db).then((n) => n === 1), 10_000);
    const warm = await Promise.all(Array.from({ length: 6 }, () => requestText(app, "/", { cookie: player })));
    expect(warm.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);

    // The database stops in the middle of a burst of prediction batches.
    let underWay!: () => void;
    const acknowledged = new Promise<void>((resolve) => (underWay = resolve));
    const burst = startBurst(app, batches, { concurrency: 8, onAcknowledged: () => underWay() });
    await acknowledged;
    await cluster!.stop();
    await burst.stop();
    const slowest = Math.max(...burst.durations.filter((d) => d !== undefined));
    // Every batch under way got its answer, promptly: saved, or the error.
    const otherwise = burst.outcomes.filter((o) => o !== "acknowledged" && o !== "refused 500" && o !== "unsent");
    expect(otherwise, app.output()).toEqual([]);
    expect(countOf(burst.outcomes, "refused 500"), "la ráfaga no llegó a la caída").toBeGreaterThan(0);
    expect(slowest).toBeLessThan(PROMPT_MS);

    // During the outage: every answer comes at once, says so in Spanish, and leaks nothing.
    const save = { method: "POST", cookie: player, body: pick(second!.id, 1, 0) };
    const probes: { name: string; path: string; init?: Parameters<typeof requestText>[2] }[] = [
      { name: "inicio", path: "/", init: { cookie: player } },
      { name: "posiciones", path: "/rankings" },
      { name: "posiciones con sesión", path: "/rankings", init: { cookie: player } },
      { name: "guardar pronóstico", path: "/_root.data?index", init: save },
      { name: "guardar pronóstico sin JavaScript", path: "/?index", init: save },
      { name: "healthz", path: "/healthz" },
      { name: "inicio otra vez", path: "/", init: { cookie: player } },
    ];
    const outage = [];
    for (const probe of probes) {
      const started = performance.now();
      const answer = await requestText(app, probe.path, probe.init).catch((error: Error) => {
        throw new Error(`${probe.name}: sin respuesta (${error.message}); el servidor dijo:\n${app.output()}`);
      });
      outage.push({ name: probe.name, status: answer.status, ms: performance.now() - started, body: answer.body });
    }
    for (const answer of outage) {
      expect(answer.ms, answer.name).toBeLessThan(PROMPT_MS);
      expect([500, 503], `${answer.name}: ${answer.status}`).toContain(answer.status);
      expect(leakedInternals(answer.body), answer.name).toEqual([]);
      if (answer.name === "healthz") expect(JSON.parse(answer.body)).toEqual({ status: "database unreachable" });
      // A data request (the browser with JavaScript) shows the same page from what it gets.
      else if (answer.name === "guardar pronóstico") expect(answer.body).toContain("Unexpected Server Error");
      else expect(answer.body, answer.name).toContain("Algo salió mal");
    }
    // The outage lasts until the app has tried to LISTEN again and failed at least once, so
    // that what comes back is the retry of a retry.
    const retried = () => app.output().includes("Actualizaciones en vivo: sin conexión");
    await waitFor("un intento fallido de volver a escuchar", retried, 15_000);

    // Back: the app needs no restart, the next requests get through.
    await cluster!.start();
    await waitFor("/healthz 200 de nuevo", async () => (await requestText(app, "/healthz")).status === 200, 5_000);
    // Pages and writes work again, in the same process.
    const home = await requestText(app, "/", { cookie: player });
    expect(home.status, home.body).toBe(200);
    expect(home.body).toContain("Jugadora");
    const saved = await requestText(app, "/?index", { method: "POST", cookie: player, body: pick(second!.id, 2, 1) });
    expect(saved.status).toBe(200);
    const playerId = await userIdOf(app, "jugadora@quiniela.test");
    const stored = await app.db
      .selectFrom("predictions")
      .select(["match_id", "home_score", "away_score"])
      .where("user_id", "=", playerId)
      .execute();
    expect(stored).toEqual([{ match_id: second!.id, home_score: 2, away_score: 1 }]);

    // The burst's batches: whole or absent, the acknowledged ones whole; one that got the error
    // page can be sent again (saved now, or refused as already saved when it was in fact stored).
    const afterOutage = await storedBatches(app.db, batches);
    expectWholeOrAbsent(afterOutage, burst.outcomes, "tras la caída");
    for (const [i, batch] of batches.entries()) {
      if (burst.outcomes[i] !== "refused 500") continue;
      const again = await postBatch(app, batch);
      await again.text();
      expect(again.status, `lote ${i}`).toBe(afterOutage.states[i] === "whole" ? 409 : 200);
    }
    const final = await storedBatches(app.db, batches);
    expect(final.states).toEqual(burst.outcomes.map((o) => (o === "unsent" ? "absent" : "whole")));

    // Live updates: the app LISTENs again (one connection, not one per failed retry; its attempts
    // are at most 5 s apart), and a result saved now reaches the stream opened before the outage,
    // once.
    await waitFor("la app escucha de nuevo", () => listeners(app.db).then((n) => n >= 1), 8_000);
    expect(await listeners(app.db)).toBe(1);
    const before = stream.events();
    const result = await requestText(app, "/admin/results", {
      method: "POST",
      cookie: admin,
      body: form({ intent: "save-result", matchId: String(third!.id), home: "3", away: "0" }),
    });
    expect(result.status).toBe(200);
    await waitFor("el aviso del resultado", () => stream.events() > before, 5_000);
    // A second change: once its news is in, so would be a doubled first one (a second listener
    // left behind by a retry would deliver everything twice).
    const reset = await requestText(app, "/admin/matches", {
      method: "POST",
      cookie: admin,
      body: form({ intent: "reset", matchId: String(third!.id) }),
    });
    expect(reset.status).toBe(200);
    await waitFor("el aviso del segundo cambio", () => stream.events() >= before + 2, 5_000);
    expect(stream.events(), stream.text()).toBe(before + 2);
    expect(stream.ended()).toBe(false);
  },
);

test.runIf(postgres)(
  "PostgreSQL frozen (nothing answers): /healthz says 503 within 2 s, a page gives the error page once DATABASE_CONNECT_TIMEOUT_MS has passed; all well once it answers",
  { timeout: 30_000 },
  async () => {
    const app = server!;
    const player = await createUser(app, { name: "Paciente", email: "paciente@quiniela.test" });
    // The app's pooled connections are ended (its LISTEN connection is left alone), so that what
    // follows needs new ones; the pool notes each end.
    const ended = () => app.output().split("Base de datos: se perdió una conexión").length - 1;
    const endedBefore = ended();
    const { rows } = await sql<{ pid: number }>`
      select pg_terminate_backend(pid), pid from pg_stat_activity
      where backend_type = 'client backend' and application_name <> ${TEST_APPLICATION_NAME}
        and query not ilike 'listen %'`.execute(app.db);
    expect(rows.length).toBeGreaterThan(0);
    await waitFor("el pool nota las conexiones cerradas", () => ended() >= endedBefore + rows.length, 10_000);

    cluster!.freeze();
    try {
      const timed = async (path: string, cookie?: string) => {
        const started = performance.now();
        const answer = await requestText(app, path, { cookie });
        return { ...answer, ms: performance.now() - started };
      };
      const [health, home] = await Promise.all([timed("/healthz"), timed("/", player)]);
      expect(health.status).toBe(503);
      expect(health.ms).toBeLessThan(PROMPT_MS);
      expect(home.status).toBe(500);
      expect(home.body).toContain("Algo salió mal");
      expect(leakedInternals(home.body)).toEqual([]);
      // The configured wait, not the default 5 s nor an earlier failure of another kind.
      expect(home.ms).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 50);
      expect(home.ms).toBeLessThan(CONNECT_TIMEOUT_MS + 2_000);
    } finally {
      cluster!.thaw();
    }
    await waitFor("/healthz 200 de nuevo", async () => (await requestText(app, "/healthz")).status === 200, 10_000);
    expect((await requestText(app, "/", { cookie: player })).status).toBe(200);
  },
);
