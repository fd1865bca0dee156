import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page } from "@playwright/test";
import { ADMIN } from "./support";

/**
 * A server of a spec file's own, for changes the whole server sees (the roster closes
 * registration, a finished season or a new current one changes every page): the spec files
 * running in parallel on the shared server never see them.
 */
export interface PrivateServer {
  url: string;
  close(): Promise<void>;
}

/** The built server (BUILD_DIR), on a free port with a fresh data folder (SQLite). */
export async function startPrivateServer(name: string): Promise<PrivateServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `quiniela-e2e-${name}-`));
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL; // SQLite in dataDir
  const child: ChildProcess = spawn(process.execPath, ["server.js"], {
    env: {
      ...env,
      PORT: "0",
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      AUTH_RATE_LIMIT_PER_IP: "10000",
      LOG_REQUESTS: "false",
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
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new browser context on `baseURL`, signed out, in the players' locale and time zone. */
export async function signedOutPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale: "es-MX", timezoneId: "America/Mexico_City" });
  return { context, page: await context.newPage() };
}

/**
 * Signs `request` in as the admin, registering the account first when it does not exist yet. Two
 * workers may race to register it (admin-access.spec.ts does the same): a refused registration
 * means the other one won, so sign in again. `origin`: the server's own.
 */
export async function signInAsAdminOn(request: APIRequestContext, origin: string): Promise<void> {
  const headers = { Origin: origin };
  const signIn = () => request.post("/login", { headers, form: { email: ADMIN.email, password: ADMIN.password }, maxRedirects: 0 });
  if ((await signIn()).status() === 302) return;
  const registered = await request.post("/register", {
    headers,
    form: { name: ADMIN.name, email: ADMIN.email, password: ADMIN.password, confirmPassword: ADMIN.password },
    maxRedirects: 0,
  });
  if (registered.status() !== 302) expect((await signIn()).status(), "inicio de sesión del administrador").toBe(302);
  // Takes the flash toast, so it does not cover the first page.
  await request.get("/");
}
