// The bench's reminder wave (issue 45): every player of the 10,000-user season misses the picks of
// a jornada whose first kickoff comes within 24 hours; the server claims one e-mail reminder each
// and delivers them to a local SMTP server, while /rankings is asked for one request after another
// as before the wave. Reports how long the wave took and /rankings' p99 during it beside its idle
// p99 (and /healthz's, for reference).
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

import { openDatabase } from "#app/data/engine/db.server";

import { BenchClient, percentile, startServer, type RunningServer } from "./bench-http";
import { RENDERED_COOKIE } from "./load";

/**
 * The SMTP server, in a thread of its own so that receiving thousands of messages does not slow
 * the bench's own clock on /rankings: it counts what arrives (recipients, first and last arrival).
 */
const SINK = `
const { parentPort, workerData } = require("node:worker_threads");
const { SMTPServer } = require(workerData.smtpServer);
let count = 0, first = 0, last = 0;
const server = new SMTPServer({
  secure: false, disabledCommands: ["STARTTLS", "AUTH"], logger: false,
  onData(stream, session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      count += session.envelope.rcptTo.length;
      last = Date.now();
      if (!first) first = last;
      callback();
    });
  },
});
server.listen(0, "127.0.0.1", () => parentPort.postMessage({ port: server.server.address().port }));
parentPort.on("message", (message) => {
  if (message === "count") parentPort.postMessage({ count, first, last });
  if (message === "stop") server.close(() => process.exit(0));
});
`;

interface SinkCount {
  count: number;
  first: number;
  last: number;
}

interface Sink {
  port: number;
  count(): Promise<SinkCount>;
  stop(): Promise<void>;
}

async function startSink(): Promise<Sink> {
  const smtpServer = createRequire(import.meta.url).resolve("smtp-server");
  const worker = new Worker(SINK, { eval: true, workerData: { smtpServer } });
  const next = <T>() => new Promise<T>((resolve) => worker.once("message", resolve));
  const { port } = await next<{ port: number }>();
  return {
    port,
    count: () => {
      const answer = next<SinkCount>();
      worker.postMessage("count");
      return answer;
    },
    stop: async () => {
      const exited = new Promise((resolve) => worker.once("exit", resolve));
      worker.postMessage("stop");
      await exited;
    },
  };
}

/**
 * Opens jornada `phasePosition` of the current season with no kickoff time yet and no picks (the
 * generated players picked every match: theirs of it go), and leaves reminders to the generated
 * players, the admin and the bench user (the extra accounts' switch off). Returns its matches'
 * ids and how many players will be reminded.
 */
async function openWithoutPicks(where: { dataDir: string; databaseUrl: string | undefined }, phasePosition: number) {
  const { db } = openDatabase(where);
  try {
    const phase = await db
      .selectFrom("phases as p")
      .innerJoin("seasons as s", "s.id", "p.season_id")
      .select("p.id")
      .where("s.is_current", "=", 1)
      .where("p.position", "=", phasePosition)
      .executeTakeFirstOrThrow();
    const matches = await db
      .selectFrom("matches")
      .select("id")
      .where("phase_id", "=", phase.id)
      .orderBy("id")
      .execute();
    const matchIds = matches.map((match) => match.id);
    await db.deleteFrom("predictions").where("match_id", "in", matchIds).execute();
    await db
      .updateTable("matches")
      .set({ active: 1, kickoff_at: null, home_score: null, away_score: null })
      .where("phase_id", "=", phase.id)
      .execute();
    await db
      .updateTable("users")
      .set({ email_reminders: 0 })
      .where("email", "like", "bench-%@quiniela.local")
      .execute();
    const players = await db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("email_reminders", "=", 1)
      .where("deleted_at", "is", null)
      .executeTakeFirstOrThrow();
    return { matchIds, players: Number(players.n) };
  } finally {
    await db.destroy();
  }
}

/** The kickoffs that make the wave due: the first in 23 hours, the others an hour apart after it. */
async function setKickoffs(where: { dataDir: string; databaseUrl: string | undefined }, matchIds: readonly number[]) {
  const { db } = openDatabase(where);
  try {
    for (const [i, id] of matchIds.entries()) {
      const at = new Date(Date.now() + (23 + i) * 3_600_000).toISOString();
      await db.updateTable("matches").set({ kickoff_at: at }).where("id", "=", id).execute();
    }
  } finally {
    await db.destroy();
  }
}

/** When the wave's first claim was made, and how many claims it holds by status. */
async function claimsOf(where: { dataDir: string; databaseUrl: string | undefined }) {
  const { db } = openDatabase(where);
  try {
    const rows = await db
      .selectFrom("reminder_claims")
      .select(["status", (eb) => eb.fn.countAll<number>().as("n"), (eb) => eb.fn.min("created_at").as("first")])
      .groupBy("status")
      .execute();
    const first = rows.map((row) => row.first as string).sort()[0];
    return {
      firstClaimAt: first ? Date.parse(first) : Number.NaN,
      byStatus: Object.fromEntries(rows.map((row) => [row.status, Number(row.n)])),
    };
  } finally {
    await db.destroy();
  }
}

/** Request times of `path`, one request after another, until `until()` says stop. */
async function sample(client: BenchClient, path: string, until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!until()) {
    const res = await client.request("GET", path, { cookie: RENDERED_COOKIE });
    if (res.status === 200) times.push(res.ms);
  }
  return times;
}

/** /rankings and /healthz side by side, each on a connection of its own, while `until()` is false. */
async function sampleBoth(url: string, until: () => boolean) {
  const rankings = new BenchClient(url);
  const healthz = new BenchClient(url);
  try {
    const [r, h] = await Promise.all([sample(rankings, "/rankings", until), sample(healthz, "/healthz", until)]);
    return { rankingsP99: percentile(r, 99), healthzP99: percentile(h, 99), samples: r.length };
  } finally {
    rankings.close();
    healthz.close();
  }
}

export interface WaveFigures {
  players: number;
  delivered: number;
  claimed: Record<string, number>;
  /** From the first claim to the last message received. */
  waveMs: number;
  /** From the kickoffs' change (the sender checks every REMINDER_CHECK_SECONDS) to the last message. */
  sinceChangeMs: number;
  idle: { rankingsP99: number; healthzP99: number; samples: number };
  during: { rankingsP99: number; healthzP99: number; samples: number };
}

export interface WaveOptions {
  env: NodeJS.ProcessEnv;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  phasePosition: number;
  idleMs: number;
  timeoutMs: number;
  log: (line: string) => void;
}

/** The wave: the jornada opened, the server started with SMTP, idle figures, then the kickoffs set and the wave measured. */
export async function reminderWave(options: WaveOptions): Promise<WaveFigures> {
  const where = { dataDir: options.dataDir, databaseUrl: options.databaseUrl };
  const { matchIds, players } = await openWithoutPicks(where, options.phasePosition);
  const sink = await startSink();
  let server: RunningServer | undefined;
  try {
    server = await startServer(
      {
        ...options.env,
        SMTP_HOST: "127.0.0.1",
        SMTP_PORT: String(sink.port),
        SMTP_FROM: "Quiniela <quiniela@bench.quiniela.local>",
        REMINDER_CHECK_SECONDS: "5",
      },
      options.port,
    );
    // Warm first, as every other line of the bench: a server's first renders run before V8 has compiled them.
    const warmUntil = performance.now() + options.idleMs / 2;
    await sampleBoth(server.url, () => performance.now() > warmUntil);
    const idleUntil = performance.now() + options.idleMs;
    const idle = await sampleBoth(server.url, () => performance.now() > idleUntil);
    options.log(`en reposo: /rankings p99 ${idle.rankingsP99.toFixed(1)} ms (n=${idle.samples})`);
    const changedAt = Date.now();
    await setKickoffs(where, matchIds);
    let received: SinkCount = { count: 0, first: 0, last: 0 };
    let done = false;
    const watcher = (async () => {
      while (!done && Date.now() - changedAt < options.timeoutMs) {
        received = await sink.count();
        if (received.count >= players) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      done = true;
    })();
    const during = await sampleBoth(server.url, () => done);
    await watcher;
    const claims = await claimsOf(where);
    return {
      players,
      delivered: received.count,
      claimed: claims.byStatus,
      waveMs: received.last - claims.firstClaimAt,
      sinceChangeMs: received.last - changedAt,
      idle,
      during,
    };
  } finally {
    await server?.stop();
    await sink.stop();
  }
}
