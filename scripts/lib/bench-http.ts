import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import net from "node:net";
import zlib from "node:zlib";

export interface HttpResult {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Wall time from sending the request to the last byte of the body, in milliseconds. */
  ms: number;
}

/**
 * What Chromium asks for: the server answers brotli to it, as it does to phones. Not gzip alone,
 * which no browser asks for (decision 016).
 */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** The headers of the bench's requests, a browser's: its encodings, and a write carries the site's Origin. */
function requestHeaders(
  url: URL,
  method: "GET" | "POST",
  cookie: string | undefined,
  body: Buffer | undefined,
): string {
  const lines = [
    `${method} ${url.pathname}${url.search} HTTP/1.1`,
    `Host: ${url.host}`,
    "Connection: keep-alive",
    "Accept: text/html,application/xhtml+xml",
    `Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}`,
    "User-Agent: quiniela-bench",
  ];
  if (cookie) lines.push(`Cookie: ${cookie}`);
  if (method !== "GET") lines.push(`Origin: ${url.origin}`);
  if (body) lines.push("Content-Type: application/x-www-form-urlencoded", `Content-Length: ${body.length}`);
  return `${lines.join("\r\n")}\r\n\r\n`;
}

const HEADERS_END = Buffer.from("\r\n\r\n");
const LAST_CHUNK = Buffer.from("0\r\n\r\n");

/**
 * An answer as read off the wire so far: its status, headers and body, framed by Content-Length
 * or chunked (the server sends one or the other); null while more bytes are to come.
 */
function parseAnswer(received: Buffer): Omit<HttpResult, "ms"> | null {
  const headersEnd = received.indexOf(HEADERS_END);
  if (headersEnd < 0) return null;
  const [statusLine = "", ...lines] = received.subarray(0, headersEnd).toString("latin1").split("\r\n");
  const headers: IncomingHttpHeaders = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === "set-cookie") headers["set-cookie"] = [...(headers["set-cookie"] ?? []), value];
    else headers[name] = value;
  }
  const status = Number(statusLine.split(" ")[1]);
  const rest = received.subarray(headersEnd + HEADERS_END.length);
  if (headers["transfer-encoding"] === "chunked") {
    if (rest.length < LAST_CHUNK.length || !rest.subarray(rest.length - LAST_CHUNK.length).equals(LAST_CHUNK))
      return null;
    const parts: Buffer[] = [];
    for (let at = 0; ;) {
      const lineEnd = rest.indexOf("\r\n", at);
      const size = Number.parseInt(rest.subarray(at, lineEnd).toString("latin1"), 16);
      if (!size) break;
      parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    return { status, headers, body: Buffer.concat(parts) };
  }
  const length = Number(headers["content-length"] ?? 0);
  return rest.length < length ? null : { status, headers, body: rest.subarray(0, length) };
}

interface Pending {
  resolve(result: HttpResult): void;
  reject(error: Error): void;
  started: number;
  what: string;
}

/**
 * A keep-alive HTTP client for the bench, as a browser tab holds one connection: requests one
 * after another, each written whole and its answer read by its framing, timed from the first
 * byte sent (the connecting, for a new connection) to the last byte received. A connection the
 * server closed (its keep-alive timeout, 5 s) is opened again for the next request.
 *
 * Not Node's HTTP client: the load lines' generator runs on the two cores the server is measured
 * on, and an Agent, its sockets, parser and request objects cost it a sizeable share of what a
 * rush batch may cost the whole machine; this client, less than half of that (decision 009).
 */
export class BenchClient {
  private socket: net.Socket | null = null;
  private received: Buffer = Buffer.alloc(0);
  private pending: Pending | null = null;

  constructor(readonly baseUrl: string) {}

  request(
    method: "GET" | "POST",
    path: string,
    { cookie, form }: { cookie?: string; form?: URLSearchParams } = {},
  ): Promise<HttpResult> {
    if (this.pending) return Promise.reject(new Error("BenchClient: una petición a la vez"));
    const url = new URL(path, this.baseUrl);
    const body = form ? Buffer.from(form.toString()) : undefined;
    const head = Buffer.from(requestHeaders(url, method, cookie, body), "latin1");
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject, started: performance.now(), what: `${method} ${path}` };
      const socket = this.connection();
      socket.setTimeout(120_000);
      socket.write(body ? Buffer.concat([head, body]) : head);
    });
  }

  private connection(): net.Socket {
    if (this.socket) return this.socket;
    const url = new URL(this.baseUrl);
    const socket = net.connect(Number(url.port), url.hostname);
    socket.setNoDelay(true);
    // A connection given up (drop) may still report; only the current one's events count.
    const current = () => this.socket === socket;
    socket.on("data", (chunk: Buffer) => current() && this.take(chunk));
    socket.on("timeout", () => socket.destroy(new Error(`Sin respuesta en 120 s: ${this.pending?.what ?? ""}`)));
    socket.on("error", (error) => current() && this.fail(error));
    socket.on("close", () => {
      if (!current()) return;
      this.socket = null;
      this.fail(new Error(`La conexión se cerró antes de la respuesta: ${this.pending?.what ?? ""}`));
    });
    this.socket = socket;
    return socket;
  }

  private take(chunk: Buffer) {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    const pending = this.pending;
    const answer = pending && parseAnswer(this.received);
    if (!pending || !answer) return;
    this.pending = null;
    this.received = Buffer.alloc(0);
    this.socket?.setTimeout(0);
    // The server says it closes this connection (a refused body, say): the next request opens another.
    if (answer.headers.connection === "close") this.drop();
    pending.resolve({ ...answer, ms: performance.now() - pending.started });
  }

  private fail(error: Error) {
    const pending = this.pending;
    this.pending = null;
    this.received = Buffer.alloc(0);
    pending?.reject(error);
  }

  private drop() {
    const socket = this.socket;
    this.socket = null;
    socket?.destroy();
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
    this.drop();
  }
}

/** The response body as text (decompressed when needed: the server answers brotli or gzip). */
export function bodyText(res: HttpResult): string {
  const encoding = res.headers["content-encoding"];
  const body =
    encoding === "br"
      ? zlib.brotliDecompressSync(res.body)
      : encoding === "gzip"
        ? zlib.gunzipSync(res.body)
        : res.body;
  return body.toString("utf8");
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
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Nearest-rank percentile. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}
