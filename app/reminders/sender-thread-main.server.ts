import fs from "node:fs";
import os from "node:os";
import { isMainThread, parentPort, workerData } from "node:worker_threads";

import { loadOrCreateSecret } from "#app/auth/secret.server";
import { getConfig } from "#app/config.server";
import { openDatabase } from "#app/data/engine/db.server";
import { startPush, stopPush } from "#app/notify/push.server";

import { startReminders } from "./reminders.server";
import { MARK, type ThreadData } from "./sender-thread.server";

/**
 * The sender's thread gives way to page renders when both want the CPU: on Linux a thread has a
 * nice value of its own, raised here for this one alone. A wave then takes what the pages leave
 * (all of it, most of the time). Elsewhere, or when refused, it keeps the process's priority.
 */
function yieldToPages(): void {
  try {
    const tid = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, 10);
  } catch {
    // Not Linux, or not allowed: the same priority as the pages.
  }
}

/** In the sender's thread: opens the database, starts Web Push and runs the sender until told to stop. */
export function runSenderThreadIfAsked(): void {
  if (isMainThread || !(workerData as Partial<ThreadData> | null)?.[MARK]) return;
  yieldToPages();
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
