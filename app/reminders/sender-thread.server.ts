import readline from "node:readline";
import { Worker } from "node:worker_threads";

/**
 * The sender in a thread of its own. A page render holds its process's event loop for as long as
 * it runs (a table of thousands of players takes a while); a sender sharing that loop waits behind
 * every render for each step of its SMTP conversations, and a wave of reminders crawls while pages
 * are asked. In a thread it has its own loop (and its own database connection): the wave and the
 * pages go on side by side, and neither waits for the other.
 *
 * The thread runs the server build itself (its `import.meta.url`), which starts the sender when
 * it finds itself in such a thread (`runSenderThreadIfAsked`, sender-thread-main.server.ts, called at the
 * build's top level).
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
