import { isMainThread, parentPort, workerData } from "node:worker_threads";

import { loadOrCreateSecret } from "#app/auth/secret.server";
import { getConfig } from "#app/config.server";
import { openDatabase } from "#app/data/engine/db.server";

import { startReminders } from "./reminders.server";
import { MARK, type ThreadData } from "./sender-thread.server";

/** In the sender's thread: opens the database and runs the sender until told to stop. */
export function runSenderThreadIfAsked(): void {
  if (isMainThread || !(workerData as Partial<ThreadData> | null)?.[MARK]) return;
  const { env } = workerData as ThreadData;
  const config = getConfig(env);
  const handle = openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
  });
  const baseURL = config.BASE_URL ?? `http://localhost:${config.PORT}`;
  const reminders = startReminders({
    db: handle.db,
    config,
    secret: loadOrCreateSecret(config.BETTER_AUTH_SECRET, config.dataDir),
    origin: new URL(baseURL).origin,
    send: true,
    now: () => new Date(),
  });
  parentPort?.once("message", () => {
    void reminders
      .stop()
      .then(() => handle.db.destroy())
      .finally(() => parentPort?.close());
  });
}
