import { type ChildProcess, spawn } from "node:child_process";
import type { Kysely } from "kysely";
import { openDatabase } from "#app/data/db.server";
import type { Database } from "#app/data/schema";

export interface TestServer {
  url: string;
  engine: "sqlite" | "postgres";
  /** Our own connection to the server's database, to check what was (not) written. */
  db: Kysely<Database>;
  /** fetch against the server, never following redirects (tests look at them). */
  request(path: string, init?: RequestInit & { cookie?: string }): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Starts the real, built server (`node server.js`: migrations, seed, middleware and all) on a
 * free port, over the database integration-setup.ts prepared for this test file.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const child = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const url = await waitForUrl(child);
  const { db, engine } = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR! });
  return {
    url,
    engine,
    db,
    request(path, { cookie, headers, ...init } = {}) {
      const merged = new Headers(headers);
      if (cookie) merged.set("Cookie", cookie);
      if (init.method && init.method !== "GET" && !merged.has("Origin")) merged.set("Origin", url);
      return fetch(`${url}${path}`, { redirect: "manual", ...init, headers: merged });
    },
    async close() {
      await db.destroy();
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

function waitForUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/http:\/\/localhost:(\d+)/);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`el servidor terminó (${code}):\n${output}`)));
  });
}

/** The cookies a response sets, as one Cookie header value for the next request. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

export function form(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}

/** Registers through /register as a person would; returns the session cookie. */
export async function registerUser(
  server: TestServer,
  { name, email, password = "secreto123" }: { name: string; email: string; password?: string },
): Promise<string> {
  const response = await server.request("/register", {
    method: "POST",
    body: form({ name, email, password, confirmPassword: password }),
  });
  if (response.status !== 302) throw new Error(`registro falló: ${response.status} ${await response.text()}`);
  return cookiesFrom(response)
    .split("; ")
    .filter((cookie) => cookie.includes("session_token"))
    .join("; ");
}
