import { execFile, execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/**
 * A PostgreSQL cluster of a test's own, in a temporary folder, that the test may stop and start
 * at will (a database outage) without touching the shared server the other tests use. Needs
 * PostgreSQL's server binaries (PG_BIN, else /usr/lib/postgresql/<newest>/bin, else the PATH).
 * initdb refuses to run as root: as root, every command runs as the `postgres` user, which owns
 * the folder.
 */
export interface ScratchPostgres {
  /** postgres:// URL of the cluster's `postgres` database, over TCP on 127.0.0.1. */
  url: string;
  port: number;
  /** A fast shutdown, as a restart or an operator does: sessions are ended, the port closes. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /**
   * SIGSTOP to every process of the cluster: a server that hangs (or a network that drops every
   * packet) — connections stay open and nothing answers. `thaw()` lets it go on.
   */
  freeze(): void;
  thaw(): void;
  /** Stops the cluster if it runs and deletes its folder; safe to call twice. */
  destroy(): void;
}

function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).filter((name) => fs.existsSync(path.join(root, name, "bin", "initdb")))
    : [];
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : "";
}

/** Whether a scratch cluster can be made here (the binaries exist). */
export function scratchPostgresAvailable(): boolean {
  const dir = binDir();
  return dir ? fs.existsSync(path.join(dir, "initdb")) : spawnSync("initdb", ["--version"]).status === 0;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The ids of a process's children (Linux /proc). */
function childrenOf(parent: number): number[] {
  return fs.readdirSync("/proc").flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      // The fields after the command (in parentheses, which may hold spaces): state, parent id.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      return ppid === parent ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

export async function startScratchPostgres(): Promise<ScratchPostgres> {
  const asRoot = process.getuid?.() === 0;
  const bin = (name: string) => (binDir() ? path.join(binDir(), name) : name);
  const commandLine = (name: string, args: string[]): [string, string[]] =>
    asRoot ? ["runuser", ["-u", "postgres", "--", bin(name), ...args]] : [bin(name), args];
  const run = (name: string, args: string[]) =>
    execFileSync(...commandLine(name, args), { stdio: "pipe", timeout: 60_000 });
  // Stopping and starting do not block the test's event loop: requests may be under way meanwhile.
  const runAsync = async (name: string, args: string[]) => {
    await promisify(execFile)(...commandLine(name, args), { timeout: 60_000 });
  };

  // Short path: the folder also holds the Unix socket, whose path may not exceed ~100 bytes.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qpg-"));
  const data = path.join(dir, "data");
  const log = path.join(dir, "postgres.log");
  if (asRoot) execFileSync("chown", ["postgres:", dir]);
  let running = false;
  let frozen: number[] = [];
  const thaw = () => {
    for (const pid of frozen) {
      try {
        process.kill(pid, "SIGCONT");
      } catch {
        // gone
      }
    }
    frozen = [];
  };
  const destroy = () => {
    thaw();
    if (running) {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {
        // already gone
      }
      running = false;
    }
    fs.rmSync(dir, { recursive: true, force: true });
    process.off("exit", destroy);
  };
  // If the test process ends without its afterAll (a crash), the cluster does not outlive it.
  process.on("exit", destroy);

  try {
    // --no-sync and fsync=off: a scratch cluster is thrown away, it need not survive a power cut
    // (a fast shutdown still writes everything out, so a restart loses nothing).
    await runAsync("initdb", [
      "-D",
      data,
      "-U",
      "postgres",
      "--auth=trust",
      "--encoding=UTF8",
      "--no-sync",
      "--no-instructions",
    ]);
    const port = await freePort();
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
    const start = async () => {
      await runAsync("pg_ctl", ["-D", data, "-l", log, "-o", options, "-w", "-t", "30", "start"]);
      running = true;
    };
    await start();
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      port,
      start,
      async stop() {
        await runAsync("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"]);
        running = false;
      },
      freeze() {
        const postmaster = Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
        // The postmaster first, so that it starts no process after the list below is read; a
        // child that ends meanwhile (a backend whose client left) has nothing left to freeze.
        process.kill(postmaster, "SIGSTOP");
        frozen = [postmaster];
        for (const pid of childrenOf(postmaster)) {
          try {
            process.kill(pid, "SIGSTOP");
            frozen.push(pid);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
          }
        }
      },
      thaw,
      destroy,
    };
  } catch (error) {
    const logText = fs.existsSync(log) ? fs.readFileSync(log, "utf8") : "";
    destroy();
    throw new Error(`no se pudo arrancar el PostgreSQL de prueba: ${(error as Error).message}\n${logText}`);
  }
}
