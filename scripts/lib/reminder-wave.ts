// The bench's reminder wave (issue 45): every player of the 10,000-user season misses the picks of
// a jornada whose first kickoff comes within 24 hours; the server claims one e-mail reminder and
// one push reminder each and delivers them to a local SMTP server and a local push service, while
// /rankings is asked for one request after another as before the wave. Reports how long the wave
// took and /rankings' p99 during it beside its idle p99 (and /healthz's, for reference).
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

import { eachChunk } from "#app/data/engine/chunks";
import { openDatabase } from "#app/data/engine/db.server";

import { BenchClient, percentile, startServer, type RunningServer } from "./bench-http";
import { RENDERED_COOKIE } from "./load";
// The integration tests' push service makes its certificate the same way; one copy of it.
import { makeCertificate } from "./local-certificate";

/**
 * The SMTP server, in a thread of its own so that receiving thousands of messages does not slow
 * the bench's own clock on /rankings: it counts what arrives (recipients, first and last arrival).
 */
const SMTP_SINK = `
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
  if (message === "count") parentPort.postMessage({ count, failures: 0, first, last });
  if (message === "stop") server.close(() => process.exit(0));
});
`;

/**
 * The push service, in a thread of its own for the same reason, on https://127.0.0.1 with the
 * certificate the server is told to trust. It does not decrypt (tests/integration/web-push.test.ts
 * proves the encryption and the token): it takes a POST to any path that carries a VAPID token and
 * an aes128gcm body (201), and counts anything else as a failure (400, as a real service refuses
 * it). Deliveries count once per endpoint, so a retried message is not counted twice.
 */
const PUSH_SINK = `
const { parentPort, workerData } = require("node:worker_threads");
const https = require("node:https");
const VAPID = /^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=[\\w-]+$/;
const endpoints = new Set();
let failures = 0, first = 0, last = 0;
const server = https.createServer({ key: workerData.key, cert: workerData.cert }, (request, response) => {
  request.on("data", () => {});
  request.on("end", () => {
    const proper = request.method === "POST" && VAPID.test(request.headers.authorization || "") &&
      request.headers["content-encoding"] === "aes128gcm";
    if (!proper) {
      failures++;
      response.writeHead(400).end();
      return;
    }
    endpoints.add(request.url);
    last = Date.now();
    if (!first) first = last;
    response.writeHead(201).end();
  });
});
server.listen(0, "127.0.0.1", () => parentPort.postMessage({ port: server.address().port }));
parentPort.on("message", (message) => {
  if (message === "count") parentPort.postMessage({ count: endpoints.size, failures, first, last });
  if (message === "stop") {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
`;

/** What a channel's local service received: deliveries, failures (push only), first and last arrival (epoch ms). */
export interface Arrivals {
  count: number;
  failures: number;
  first: number;
  last: number;
}

interface Sink {
  port: number;
  count(): Promise<Arrivals>;
  stop(): Promise<void>;
}

/** One of the sinks above, started in its worker thread; resolves once it listens. */
async function startSink(source: string, workerData: Record<string, unknown>): Promise<Sink> {
  const worker = new Worker(source, { eval: true, workerData });
  const next = <T>() => new Promise<T>((resolve) => worker.once("message", resolve));
  const { port } = await next<{ port: number }>();
  return {
    port,
    count: () => {
      const answer = next<Arrivals>();
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

interface Sinks {
  smtp: Sink;
  push: Sink;
  /** The push service's certificate (NODE_EXTRA_CA_CERTS). */
  caFile: string;
  stop(): Promise<void>;
}

/** Both channels' sinks, and the certificate the push service is served with. */
async function startSinks(): Promise<Sinks> {
  const certificate = makeCertificate();
  const smtpServer = createRequire(import.meta.url).resolve("smtp-server");
  const [smtp, push] = await Promise.all([
    startSink(SMTP_SINK, { smtpServer }),
    startSink(PUSH_SINK, { key: certificate.key.toString(), cert: certificate.cert.toString() }),
  ]);
  return {
    smtp,
    push,
    caFile: certificate.caFile,
    async stop() {
      await Promise.all([smtp.stop(), push.stop()]);
      fs.rmSync(certificate.dir, { recursive: true, force: true });
    },
  };
}

/**
 * Opens jornada `phasePosition` of the current season with no kickoff time yet and no picks (the
 * generated players picked every match: theirs of it go), and leaves reminders to the generated
 * players, the admin and the bench user (the extra accounts' switch off). Returns its matches'
 * ids and the players the wave will e-mail.
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
      .select("id")
      .where("email_reminders", "=", 1)
      .where("deleted_at", "is", null)
      .orderBy("id")
      .execute();
    return { matchIds, playerIds: players.map((player) => player.id) };
  } finally {
    await db.destroy();
  }
}

/**
 * One device for every player the wave e-mails, on the wave's push service
 * (`https://127.0.0.1:<port>/push/<n>`). A subscription belongs to the session that turned it on
 * (migration 0008), so each player gets a session of their own too. One P-256 key pair and one
 * secret serve every row: the service does not decrypt, and the app's cost per message (a key
 * agreement and an encryption) is the same for any key. In batches, in one transaction.
 */
async function subscribeDevices(
  where: { dataDir: string; databaseUrl: string | undefined },
  playerIds: readonly string[],
  origin: string,
): Promise<void> {
  const p256dh = crypto.createECDH("prime256v1").generateKeys().toString("base64url");
  const auth = crypto.randomBytes(16).toString("base64url");
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const devices = playerIds.map((userId, n) => ({ userId, n, session: `bench-push-session-${n}` }));
  const { db } = openDatabase(where);
  try {
    await db.transaction().execute((trx) =>
      eachChunk(devices, async (chunk) => {
        await trx
          .insertInto("sessions")
          .values(
            chunk.map(({ userId, session }) => ({
              id: session,
              user_id: userId,
              token: crypto.randomBytes(24).toString("base64url"),
              expires_at: expires,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
        await trx
          .insertInto("push_subscriptions")
          .values(
            chunk.map(({ userId, n, session }) => ({
              user_id: userId,
              session_id: session,
              endpoint: `${origin}/push/${n}`,
              p256dh,
              auth,
              created_at: now,
            })),
          )
          .execute();
      }),
    );
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

/** When the wave's first claim was made, and how many claims it holds by channel and status. */
async function claimsOf(where: { dataDir: string; databaseUrl: string | undefined }) {
  const { db } = openDatabase(where);
  try {
    const rows = await db
      .selectFrom("reminder_claims")
      .select([
        "channel",
        "status",
        (eb) => eb.fn.countAll<number>().as("n"),
        (eb) => eb.fn.min("created_at").as("first"),
      ])
      .groupBy(["channel", "status"])
      .orderBy("channel")
      .orderBy("status")
      .execute();
    const first = rows.map((row) => row.first as string).sort()[0];
    const byChannel: Record<string, Record<string, number>> = {};
    for (const row of rows) byChannel[row.channel] = { ...byChannel[row.channel], [row.status]: Number(row.n) };
    return { firstClaimAt: first ? Date.parse(first) : Number.NaN, byChannel };
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
  /** What the SMTP server and the push service received. */
  email: Arrivals;
  push: Arrivals;
  /** The wave's claims, by channel ('email', 'push') and status. */
  claimed: Record<string, Record<string, number>>;
  /** From the first claim to the last reminder received, of either channel. */
  waveMs: number;
  /** From the kickoffs' change (the sender checks every REMINDER_CHECK_SECONDS) to the last reminder. */
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

/** The server's settings for the wave: e-mail to the SMTP sink, Web Push to the push service only, which it trusts. */
function waveEnv(env: NodeJS.ProcessEnv, sinks: Sinks): NodeJS.ProcessEnv {
  return {
    ...env,
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(sinks.smtp.port),
    SMTP_FROM: "Quiniela <quiniela@bench.quiniela.local>",
    PUSH_SERVICES: "127.0.0.1",
    // Read by Node when a process starts: the server's processes and their threads trust the sink's certificate.
    NODE_EXTRA_CA_CERTS: sinks.caFile,
    VAPID_SUBJECT: "mailto:bench@quiniela.local",
    REMINDER_CHECK_SECONDS: "5",
  };
}

/** Both sinks' counts, every 100 ms, until every player has both reminders or `timeoutMs` has passed since `since`. */
async function watchArrivals(sinks: Sinks, players: number, since: number, timeoutMs: number) {
  let email: Arrivals = { count: 0, failures: 0, first: 0, last: 0 };
  let push: Arrivals = email;
  while (Date.now() - since < timeoutMs) {
    [email, push] = await Promise.all([sinks.smtp.count(), sinks.push.count()]);
    if (email.count >= players && push.count >= players) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { email, push };
}

/** When a channel's first and last reminders arrived, in seconds after `from`. */
function span(arrivals: Arrivals, from: number): string {
  if (arrivals.count === 0) return "ninguno";
  const after = (at: number) => ((at - from) / 1000).toFixed(1);
  return `${after(arrivals.first)}–${after(arrivals.last)} s`;
}

/** /rankings and /healthz after a warm-up as long as half of `idleMs`, before the wave. */
async function measureIdle(url: string, idleMs: number) {
  // Warm first, as every other line of the bench: a server's first renders run before V8 has compiled them.
  const warmUntil = performance.now() + idleMs / 2;
  await sampleBoth(url, () => performance.now() > warmUntil);
  const idleUntil = performance.now() + idleMs;
  return sampleBoth(url, () => performance.now() > idleUntil);
}

/**
 * The wave: the jornada opened, every reminded player given a device, the server started with
 * SMTP and Web Push, idle figures, then the kickoffs set and the wave measured until both
 * channels have every reminder.
 */
export async function reminderWave(options: WaveOptions): Promise<WaveFigures> {
  const where = { dataDir: options.dataDir, databaseUrl: options.databaseUrl };
  const { matchIds, playerIds } = await openWithoutPicks(where, options.phasePosition);
  const players = playerIds.length;
  const sinks = await startSinks();
  let server: RunningServer | undefined;
  try {
    await subscribeDevices(where, playerIds, `https://127.0.0.1:${sinks.push.port}`);
    options.log(`${players.toLocaleString("es-MX")} dispositivos suscritos al servicio push local`);
    server = await startServer(waveEnv(options.env, sinks), options.port);
    const idle = await measureIdle(server.url, options.idleMs);
    options.log(`en reposo: /rankings p99 ${idle.rankingsP99.toFixed(1)} ms (n=${idle.samples})`);
    const changedAt = Date.now();
    await setKickoffs(where, matchIds);
    let done = false;
    const arrivals = watchArrivals(sinks, players, changedAt, options.timeoutMs).finally(() => {
      done = true;
    });
    const during = await sampleBoth(server.url, () => done);
    const { email, push } = await arrivals;
    const claims = await claimsOf(where);
    const last = Math.max(email.last, push.last);
    // Which channel ended the wave, and when each began: the line's figure is the later of the two.
    options.log(
      `tras el primer reclamo: correos ${span(email, claims.firstClaimAt)}, push ${span(push, claims.firstClaimAt)}`,
    );
    return {
      players,
      email,
      push,
      claimed: claims.byChannel,
      waveMs: last - claims.firstClaimAt,
      sinceChangeMs: last - changedAt,
      idle,
      during,
    };
  } finally {
    await server?.stop();
    await sinks.stop();
  }
}
