import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A folder the browser-test run names (playwright.config.ts) where the demo season is loaded once
 * for the whole run: each server of the run that serves the demo starts on a copy of it, instead
 * of loading it again (costly in CPU, with its 20 password hashes).
 */
export const DEMO_CACHE_VARIABLE = "E2E_DEMO_CACHE";
const READY = ".listo";
const FAILED = ".fallo";

/** `npm run seed:demo` into an empty SQLite data folder, with `adminEmail` as its admin. */
function seedDemo(dataDir: string, adminEmail: string): void {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ADMIN_EMAIL: adminEmail };
  delete env.DATABASE_URL;
  execFileSync(process.execPath, ["--import", "tsx", "scripts/seed-demo.ts"], { env, stdio: "ignore" });
}

/**
 * The run's demo folder for this admin, loaded by the first process that asks (its `mkdir` is the
 * lock: atomic across the run's workers) while the others wait for its READY mark.
 */
async function sharedDemoFolder(cacheDir: string, adminEmail: string): Promise<string> {
  const folder = path.join(cacheDir, `demo-${adminEmail}`);
  try {
    fs.mkdirSync(folder, { recursive: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const deadline = Date.now() + 90_000;
    while (!fs.existsSync(path.join(folder, READY))) {
      if (fs.existsSync(path.join(folder, FAILED))) throw new Error(`no se pudo cargar la demostración en ${folder}`);
      if (Date.now() > deadline) throw new Error(`la demostración de ${folder} no terminó de cargarse`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return folder;
  }
  try {
    seedDemo(folder, adminEmail);
  } catch (error) {
    fs.writeFileSync(path.join(folder, FAILED), "");
    throw error;
  }
  fs.writeFileSync(path.join(folder, READY), "");
  return folder;
}

export interface OwnServer {
  url: string;
  /** Its data folder (the SQLite file: data/engine/db.server.ts), for a test that writes rows the screens cannot. */
  dataDir: string;
  /** Stops the server and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * The built server (BUILD_DIR, else build/) on a free port with a fresh SQLite data folder:
 * for screenshots and browser tests that change what the whole server sees. `adminEmail` is made
 * admin when it registers; sign-in limits are lifted for the many sign-ins of a script.
 * `demo`: the folder holds the demo season first (npm run seed:demo; the same every run), or a
 * copy of the run's (DEMO_CACHE_VARIABLE).
 * `env`: more settings for the server (SMTP, limits…).
 */
export async function startOwnServer(
  name: string,
  adminEmail: string,
  { demo = false, env: settings = {} }: { demo?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `quiniela-${name}-`));
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL; // SQLite in dataDir
  if (demo) {
    const shared = process.env[DEMO_CACHE_VARIABLE];
    if (shared)
      fs.cpSync(await sharedDemoFolder(shared, adminEmail), dataDir, {
        recursive: true,
        filter: (from) => !from.endsWith(READY),
      });
    else seedDemo(dataDir, adminEmail);
  }
  const child: ChildProcess = spawn(process.execPath, ["server.js"], {
    // One process, as every browser-test server (decision 010).
    env: {
      ...env,
      PORT: "0",
      WEB_CONCURRENCY: "1",
      DATA_DIR: dataDir,
      ADMIN_EMAIL: adminEmail,
      AUTH_RATE_LIMIT_PER_IP: "10000",
      LOG_REQUESTS: "false",
      ...settings,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`el servidor no arrancó:\n${output}`)), 60_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/http:\/\/localhost:(\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(`http://localhost:${match[1]}`);
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`el servidor terminó (${code}):\n${output}`)));
  });
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
