import readline from "node:readline";
import { Worker } from "node:worker_threads";
import type { Kysely } from "kysely";

import type { Database } from "#app/data/engine/schema";
import { hasReminderWork } from "#app/data/reminders/sender-work.server";

/**
 * The sender in a thread of its own. A page render holds its process's event loop for as long as
 * it runs (a table of thousands of players takes a while); a sender sharing that loop waits behind
 * every render for each step of its SMTP conversations, and a wave of reminders crawls while pages
 * are asked. In a thread it has its own loop (and its own database connection): the wave and the
 * pages go on side by side, and neither waits for the other.
 *
 * The thread runs the server build itself (its `import.meta.url`), which starts the sender when
 * it finds itself in such a thread (`runSenderThreadIfAsked`, sender-thread-main.server.ts, called
 * at the build's top level). Loading the build costs a moment of CPU and some memory, so the thread
 * runs only while there is something to send (`startSenderOnDemand`).
 */

export const MARK = "quinielaReminderSender";

export interface ThreadData {
  [MARK]: true;
  env: Record<string, string | undefined>;
}

export interface SenderThread {
  stop(): Promise<void>;
}

/** Starts the thread from the server build at `entry` with these settings. */
export function startSenderThread(entry: string, env: NodeJS.ProcessEnv): SenderThread {
  const data: ThreadData = { [MARK]: true, env: { ...env } };
  const worker = new Worker(new URL(entry), { workerData: data, stdout: true, stderr: true });
  // Its lines reach this thread's console, as the rest of the app's do.
  readline.createInterface({ input: worker.stdout }).on("line", (line) => console.log(line));
  readline.createInterface({ input: worker.stderr }).on("line", (line) => console.error(line));
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  worker.on("error", (error) => console.error("Recordatorios: el hilo de envío falló", error));
  return {
    async stop() {
      worker.postMessage("stop");
      // A thread stuck in a long SMTP timeout is not waited for past the shutdown's own limit.
      const timer = setTimeout(() => void worker.terminate(), 4_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface OnDemandSettings {
  db: Kysely<Database>;
  /** The server build's address, and the settings the thread starts with. */
  entry: string;
  env: NodeJS.ProcessEnv;
  /** REMINDER_HOURS (largest first) and REMINDER_CHECK_SECONDS, in ms. */
  hours: readonly number[];
  checkMs: number;
  now: () => Date;
}

/**
 * The sender's thread while there is work for it (data/reminders/sender-work.server.ts: a claim
 * waiting, or a kickoff within the largest of REMINDER_HOURS), asked every few seconds; it stops
 * after ten checks without any. So a reminder claimed anywhere (the admin's button in another
 * process, a retry) is taken within seconds, and an install between jornadas runs no thread.
 */
export function startSenderOnDemand({ db, entry, env, hours, checkMs, now }: OnDemandSettings): SenderThread {
  const pollMs = Math.min(checkMs, 5_000);
  const idleMs = 10 * checkMs;
  const horizonMs = Math.max(...hours) * 3_600_000;
  let thread: SenderThread | undefined;
  let idleSince: number | undefined;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failing = false;

  const look = async () => {
    try {
      const at = now().getTime();
      if (await hasReminderWork(db, new Date(at), horizonMs)) {
        idleSince = undefined;
        thread ??= startSenderThread(entry, env);
      } else if (thread) {
        idleSince ??= at;
        if (at - idleSince >= idleMs) {
          const ending = thread;
          thread = undefined;
          await ending.stop();
        }
      }
      failing = false;
    } catch (error) {
      // The database away: said once; the next look tries again.
      if (!failing) console.error("Recordatorios: no se pudo revisar si hay envíos pendientes", error);
      failing = true;
    }
  };
  let looking = look();
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      looking = look().finally(schedule);
    }, pollMs);
    timer.unref();
  };
  void looking.finally(schedule);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await looking;
      await thread?.stop();
    },
  };
}
