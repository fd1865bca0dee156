import { isMainThread, parentPort, workerData } from "node:worker_threads";

import { loadOrCreateSecret } from "#app/auth/secret.server";
import { getConfig } from "#app/config.server";
import { openDatabase } from "#app/data/engine/db.server";
import { startPush, stopPush } from "#app/notify/push.server";

import { startReminders } from "./reminders.server";
import { MARK, type ThreadData } from "./sender-thread.server";

/** In the sender's thread: opens the database, starts Web Push and runs the sender until told to stop. */
export function runSenderThreadIfAsked(): void {
  if (isMainThread || !(workerData as Partial<ThreadData> | null)?.[MARK]) return;
  // The thread keeps the process's priority. A raised nice value, meant to let page renders go
  // first, starved a wave whenever pages were busy, while the same priority kept /rankings' p99
  // well inside its budget during a wave (docs/PERFORMANCE.md, the reminder wave).
  // Listened to at once: a stop asked while the sender still starts is not missed.
  const stopAsked = new Promise<void>((resolve) => parentPort?.once("message", () => resolve()));
  void runSender((workerData as ThreadData).env, stopAsked).catch((error: unknown) => {
    console.error("Recordatorios: el hilo de envío no pudo empezar", error);
    parentPort?.close();
  });
}

async function runSender(env: NodeJS.ProcessEnv, stopAsked: Promise<void>): Promise<void> {
  const config = getConfig(env);
  const handle = openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
  });
  // No retries of its own: a reminder that no device took is retried by the sender, with backoff,
  // while the wave goes on.
  const push = await startPush(handle.db, config, { retryDelaysMs: [] });
  const baseURL = config.BASE_URL ?? `http://localhost:${config.PORT}`;
  const reminders = startReminders({
    db: handle.db,
    config,
    secret: loadOrCreateSecret(config.BETTER_AUTH_SECRET, config.dataDir),
    origin: new URL(baseURL).origin,
    push,
    send: true,
    now: () => new Date(),
  });
  await stopAsked;
  try {
    await reminders.stop();
    await stopPush(push);
    await handle.db.destroy();
  } finally {
    parentPort?.close();
  }
}
