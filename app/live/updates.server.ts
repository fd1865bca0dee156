import { EventEmitter } from "node:events";
import { type Kysely, sql } from "kysely";
import pg from "pg";
import type { Database } from "#app/data/schema";

/**
 * Live updates: when the admin saves a result, resets a match or opens or closes a phase, every
 * open standings or home page hears about it (Server-Sent Events, routes/live.ts) and reloads its
 * data. With PostgreSQL the news travels between instances through LISTEN/NOTIFY; with SQLite
 * (one instance) it stays in the process.
 */
export type LiveTopic = "resultados";

const CHANNEL = "quiniela_cambios";
const RECONNECT_MS = 5_000;

export interface LiveUpdates {
  /** Tells every instance; never throws (the change it announces is already saved). */
  publish(topic: LiveTopic): Promise<void>;
  /**
   * Calls back on every topic published by any instance, and once when this instance shuts down
   * (open streams end then, so the browsers reconnect elsewhere); returns the unsubscribe.
   */
  subscribe(onTopic: (topic: LiveTopic) => void, onClose: () => void): () => void;
  /** Stops listening and ends every open stream; safe to call twice. */
  close(): Promise<void>;
}

export async function startLiveUpdates(
  db: Kysely<Database>,
  databaseUrl: string | undefined,
): Promise<LiveUpdates> {
  const local = new EventEmitter();
  // Every open page is a listener: no warning for a full office.
  local.setMaxListeners(0);
  const deliver = (topic: string) => {
    if (topic === "resultados") local.emit("topic", topic);
  };

  let closed = false;
  let listener: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  // One connection per instance that LISTENs; if it drops (database restart), it comes back and
  // pages miss at most what happened meanwhile, which their next visit shows anyway.
  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    const reconnect = () => {
      if (closed || listener !== client) return;
      listener = undefined;
      client.end().catch(() => {});
      retry = setTimeout(() => void listen().catch(reconnectLater), RECONNECT_MS);
    };
    client.on("error", (error) => {
      console.error("Actualizaciones en vivo: se perdió la conexión", error.message);
      reconnect();
    });
    client.on("end", reconnect);
    client.on("notification", (message) => deliver(message.payload ?? ""));
    listener = client;
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
  };
  const reconnectLater = (error: Error) => {
    console.error("Actualizaciones en vivo: sin conexión", error.message);
    if (!closed) retry = setTimeout(() => void listen().catch(reconnectLater), RECONNECT_MS);
  };
  if (databaseUrl) await listen();

  return {
    async publish(topic) {
      try {
        if (databaseUrl) await sql`select pg_notify(${CHANNEL}, ${topic})`.execute(db);
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
      closed = true;
      clearTimeout(retry);
      local.emit("close");
      local.removeAllListeners();
      const client = listener;
      listener = undefined;
      await client?.end();
    },
  };
}
