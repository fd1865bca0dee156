import cluster from "node:cluster";
import { EventEmitter } from "node:events";
import { sql, type Kysely } from "kysely";
import pg from "pg";

import type { Database } from "#app/data/engine/schema";

import { createStreamSlots, type StreamSlots } from "./stream-slots";

/**
 * Live updates: when the admin saves a result, resets a match or opens or closes a phase, every
 * open standings or home page hears about it (Server-Sent Events, routes/eventos.ts) and reloads its
 * data. With PostgreSQL the news travels between instances (and their processes) through
 * LISTEN/NOTIFY; with SQLite (one instance) it stays in the process, or, when server.js runs
 * several processes (WEB_CONCURRENCY), goes through the primary process to every one of them.
 */
export type LiveTopic = "resultados";

/** The message a process of a cluster sends the primary, which hands it to every process (server.js). */
export interface ClusterLiveMessage {
  quiniela: "live";
  topic: LiveTopic;
}

const isClusterLiveMessage = (message: unknown): message is ClusterLiveMessage =>
  typeof message === "object" && message !== null && (message as { quiniela?: unknown }).quiniela === "live";

const CHANNEL = "quiniela_cambios";
/**
 * After the LISTEN connection drops, the first try to come back is soon (a database restart takes
 * a second or two), then each wait doubles up to RECONNECT_MS, so a long outage costs one attempt
 * every few seconds.
 */
const FIRST_RETRY_MS = 250;
const RECONNECT_MS = 5_000;

export interface LiveUpdates {
  /** Tells every instance; never throws (the change it announces is already saved). */
  publish(topic: LiveTopic): Promise<void>;
  /**
   * Calls back on every topic published by any instance, and once when this instance shuts down
   * (open streams end then, so the browsers reconnect elsewhere); returns the unsubscribe.
   */
  subscribe(onTopic: (topic: LiveTopic) => void, onClose: () => void): () => void;
  /** The open streams' places (routes/eventos.ts takes one per stream). */
  slots: StreamSlots;
  /** Stops listening and ends every open stream; safe to call twice. */
  close(): Promise<void>;
}

/** An instance's LISTEN connection, kept open while the instance runs. */
interface Listener {
  /** Stops listening: no attempt is made after it, and the connection ends. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * One connection per instance that LISTENs; if it drops (database restart), it comes back and
 * pages miss at most what happened meanwhile, which their next visit shows anyway. At start the
 * database has just been migrated: a failure then is a real problem, and stops the start (the
 * promise rejects) instead of retrying.
 */
async function startListener(
  databaseUrl: string,
  connectTimeoutMs: number,
  deliver: (topic: string) => void,
): Promise<Listener> {
  let closed = false;
  let listener: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  // At most one attempt is ever pending: a lost connection reports itself several ways at once
  // (an 'error', an 'end', a failed connect), and each must not start an attempt of its own —
  // they would multiply with every failure, and each surviving one would LISTEN and deliver
  // every change again.
  const retryLater = () => {
    if (closed || retry) return;
    const wait = Math.min(RECONNECT_MS, FIRST_RETRY_MS * 2 ** failures++);
    retry = setTimeout(() => {
      retry = undefined;
      void listen().catch(() => {});
    }, wait);
  };
  const listen = async (): Promise<void> => {
    // The same timeouts as the pool (db.server.ts); keepalive matters most here: a LISTEN
    // connection is silent between changes, so only the probes notice a vanished server.
    const client = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: connectTimeoutMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    let lost = false;
    const lose = (message: string) => {
      if (lost) return;
      lost = true;
      if (listener === client) listener = undefined;
      client.end().catch(() => {});
      if (closed) return;
      console.error(
        failures === 0 ? "Actualizaciones en vivo: se perdió la conexión" : "Actualizaciones en vivo: sin conexión",
        message,
      );
      retryLater();
    };
    client.on("error", (error) => lose(error.message));
    client.on("end", () => lose("la conexión terminó"));
    client.on("notification", (message) => deliver(message.payload ?? ""));
    listener = client;
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      lose((error as Error).message);
      throw error;
    }
    if (failures > 0) console.log("Actualizaciones en vivo: conexión recuperada");
    failures = 0;
  };
  const stop = async () => {
    closed = true;
    clearTimeout(retry);
    const client = listener;
    listener = undefined;
    await client?.end();
  };
  try {
    await listen();
  } catch (error) {
    closed = true;
    clearTimeout(retry);
    throw error;
  }
  return { stop };
}

export async function startLiveUpdates(
  db: Kysely<Database>,
  databaseUrl: string | undefined,
  limits: { perClient: number; total: number; connectTimeoutMs: number },
): Promise<LiveUpdates> {
  const local = new EventEmitter();
  // Every open page is a listener: no warning for a full office.
  local.setMaxListeners(0);
  const deliver = (topic: string) => {
    if (topic === "resultados") local.emit("topic", topic);
  };

  // SQLite in several processes: the primary relays (see ClusterLiveMessage).
  const relayed = !databaseUrl && cluster.isWorker && process.send !== undefined;
  const onRelayed = (message: unknown) => {
    if (isClusterLiveMessage(message)) deliver(message.topic);
  };
  if (relayed) process.on("message", onRelayed);

  const listener = databaseUrl ? await startListener(databaseUrl, limits.connectTimeoutMs, deliver) : undefined;

  return {
    slots: createStreamSlots(limits),
    async publish(topic) {
      try {
        if (databaseUrl) await sql`select pg_notify(${CHANNEL}, ${topic})`.execute(db);
        else if (relayed) process.send!({ quiniela: "live", topic } satisfies ClusterLiveMessage);
        else deliver(topic);
      } catch (error) {
        console.error("Actualizaciones en vivo: no se pudo avisar", (error as Error).message);
      }
    },
    subscribe(onTopic, onClose) {
      local.on("topic", onTopic);
      local.on("close", onClose);
      return () => {
        local.off("topic", onTopic);
        local.off("close", onClose);
      };
    },
    async close() {
      if (relayed) process.off("message", onRelayed);
      local.emit("close");
      local.removeAllListeners();
      await listener?.stop();
    },
  };
}
