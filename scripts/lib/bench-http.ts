import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import zlib from "node:zlib";

export interface HttpResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Wall time from sending the request to the last byte of the body, in milliseconds. */
  ms: number;
}

/**
 * A keep-alive HTTP client for the bench: one connection, requests one after another, timed
 * from the first byte sent to the last byte received. It asks for gzip like a browser does.
 */
export class BenchClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  constructor(readonly baseUrl: string) {}

  request(
    method: "GET" | "POST",
    path: string,
    { cookie, form }: { cookie?: string; form?: URLSearchParams } = {},
  ): Promise<HttpResult> {
    const url = new URL(path, this.baseUrl);
    const body = form ? Buffer.from(form.toString()) : undefined;
    const headers: http.OutgoingHttpHeaders = {
      Accept: "text/html,application/xhtml+xml",
      "Accept-Encoding": "gzip",
      "User-Agent": "quiniela-bench",
    };
    if (cookie) headers.Cookie = cookie;
    if (method !== "GET") headers.Origin = new URL(this.baseUrl).origin;
    if (body) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      headers["Content-Length"] = body.length;
    }
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const req = http.request(url, { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - started }),
        );
        res.on("error", reject);
      });
      req.setTimeout(120_000, () => req.destroy(new Error(`Sin respuesta en 120 s: ${method} ${path}`)));
      req.on("error", reject);
      req.end(body);
    });
  }

  /** Signs in through POST /login as a person would; returns the session cookie(s). */
  async login(email: string, password: string): Promise<string> {
    const res = await this.request("POST", "/login", { form: new URLSearchParams({ email, password }) });
    const cookies = (res.headers["set-cookie"] ?? [])
      .map((line) => line.split(";")[0] ?? "")
      .filter((pair) => pair.includes("session") && !pair.endsWith("="));
    if (res.status >= 400 || cookies.length === 0) {
      throw new Error(`No se pudo iniciar sesión como ${email} (HTTP ${res.status})`);
    }
    return cookies.join("; ");
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The response body as text (gunzipped when needed). */
export function bodyText(res: HttpResult): string {
  return res.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(res.body).toString("utf8") : res.body.toString("utf8");
}

/** A free port in the range given (the bench uses 3500–3599). */
export async function freePort(from: number, to: number): Promise<number> {
  const span = to - from + 1;
  const offset = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = from + ((offset + i) % span);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No hay puertos libres entre ${from} y ${to}`);
}

export interface RunningServer {
  url: string;
  /** CPU time the server's processes have used so far, in ms (Linux /proc), or null elsewhere. */
  cpuMs(): number | null;
  stop(): Promise<void>;
}

/** The fields of /proc/<pid>/stat after the command name (state, ppid, …), or null. */
function statFields(pid: number | string): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/**
 * utime + stime of the server, in ms (clock ticks are 1/100 s on Linux): its process and, with
 * several processes (WEB_CONCURRENCY), the ones it started.
 */
function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  const cpu = (fields: string[]) => (Number(fields[11]) + Number(fields[12])) * 10;
  const own = statFields(pid);
  if (!own) return null;
  let total = cpu(own);
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields && Number(fields[1]) === pid) total += cpu(fields);
  }
  return total;
}

/** Starts `node server.js` with the given environment and waits for 'Quiniela lista en …'. */
export async function startServer(env: NodeJS.ProcessEnv, port: number): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, ["server.js"], {
    env: { ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`El servidor no arrancó en 60 s:\n${output}`)), 60_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Quiniela lista en")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`El servidor terminó (código ${code}):\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    cpuMs: () => processCpuMs(child.pid),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 8_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Nearest-rank percentile. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}
