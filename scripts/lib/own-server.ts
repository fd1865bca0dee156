import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface OwnServer {
  url: string;
  /** Stops the server and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * The built server (BUILD_DIR, else build/) on a free port with a fresh SQLite data folder:
 * for screenshots and browser tests that change what the whole server sees. `adminEmail` is made
 * admin when it registers; sign-in limits are lifted for the many sign-ins of a script.
 * `demo`: the folder holds the demo season first (npm run seed:demo; the same every run).
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
    execFileSync(process.execPath, ["--import", "tsx", "scripts/seed-demo.ts"], {
      env: { ...env, DATA_DIR: dataDir, ADMIN_EMAIL: adminEmail },
      stdio: "ignore",
    });
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
