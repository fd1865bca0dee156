import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * A microcache of the public pages as a visitor without cookies sees them (the standings, the
 * captured predictions, the sign-in forms): the same bytes for everyone, so each process renders
 * one at most once per `ttlMs` and answers the others from memory, as nginx's microcaching does.
 *
 * - Only a GET without a Cookie header is answered or kept: who is signed in, a toast, anything a
 *   cookie could change is never shared. Only a 200 without Set-Cookie is kept.
 * - Every answer gets its own CSP nonce: the kept page holds a gap where the nonce was, filled
 *   with this answer's (the nonce the security headers set, handed to `handle`).
 * - Pages are kept per site origin (the one the answer is for: BASE_URL, else the request's Host):
 *   they name it (their share tags' absolute URLs), so a request with another Host header never
 *   puts its origin in a page that someone else is then served.
 * - A page is at most `ttlMs` old. A write handled by this process (any other method) empties
 *   the cache when its answer ends or its client leaves, unless it was refused (4xx), and so does
 *   a live update (results, phases: every process and instance hears it); a page whose rendering
 *   began before such a change is not kept.
 */
export interface PageCacheOptions {
  /** How long a page is served from memory; 0 turns the cache off. */
  ttlMs: number;
  /** Bytes kept at most, all pages together (each query string is a page of its own). */
  maxBytes: number;
}

/** The public paths whose anonymous answer is the same for everyone (and their `.data`). */
const CACHEABLE_PATHS = new Set([
  "/rankings",
  "/rankings/historico",
  "/rankings/cambios",
  "/quiniela/quinielas-capturadas",
  "/login",
  "/register",
  "/olvide-contrasena",
]);

/**
 * Headers each answer writes for itself: the compressor's and the connection's. (Those set before
 * the cache, as the security headers and the CSP with its nonce, are not kept either.)
 */
const UNKEPT_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "vary",
  "date",
  "connection",
  "keep-alive",
  "x-cache",
]);

interface KeptPage {
  expires: number;
  bytes: number;
  headers: [string, string | number | string[]][];
  /** The body cut where the nonce was: nonce, part, nonce, part… go between them. */
  parts: Buffer[];
}

export interface PageCache {
  /**
   * Answers from memory, or lets `next` render (keeping what it renders when it may). `origin`:
   * the site's origin this answer is for (pages are kept apart per origin).
   */
  handle(req: IncomingMessage, res: ServerResponse, nonce: string | undefined, next: () => void, origin?: string): void;
  /** Forgets every page (a change was saved). */
  clear(): void;
}

function isCacheablePath(pathname: string): boolean {
  return CACHEABLE_PATHS.has(pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname);
}

/** A kept page as this answer: its headers, and its body with this answer's nonce in the gaps. */
function serve(page: KeptPage, res: ServerResponse, answerNonce: string | undefined) {
  const nonce = Buffer.from(answerNonce ?? "");
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("X-Cache", "HIT");
  const body: Buffer[] = [];
  page.parts.forEach((part, index) => {
    if (index > 0) body.push(nonce);
    body.push(part);
  });
  res.statusCode = 200;
  res.end(Buffer.concat(body));
}

/** A rendered body cut where the nonce was (the whole body when there is none). */
function cutAtNonce(body: Buffer, nonce: string | undefined): Buffer[] {
  if (!nonce) return [body];
  const parts: Buffer[] = [];
  const needle = Buffer.from(nonce);
  let from = 0;
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, from)) {
    parts.push(body.subarray(from, at));
    from = at + needle.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

/** The headers a kept page repeats: what the page set, not what each answer writes for itself. */
function keptHeaders(res: ServerResponse, earlierHeaders: ReadonlySet<string>): KeptPage["headers"] {
  return Object.entries(res.getHeaders()).filter(
    (entry): entry is [string, string | number | string[]] =>
      entry[1] !== undefined && !UNKEPT_HEADERS.has(entry[0]) && !earlierHeaders.has(entry[0]),
  );
}

/**
 * A write empties the cache once it is over. 'close' comes also when the client left before the
 * answer: the write may have committed. A write refused whole (4xx: a wrong password, a limit, a
 * bad form) changed nothing, so anyone posting refused forms cannot keep the cache empty for
 * everyone.
 */
function clearAfterWrite(req: IncomingMessage, res: ServerResponse, clear: () => void) {
  if (req.method === "HEAD" || req.method === "OPTIONS") return;
  res.on("close", () => {
    if (!(res.writableFinished && res.statusCode >= 400 && res.statusCode < 500)) clear();
  });
}

/** Copies what is written to `res` as it goes, and hands the whole body to `onEnd` as the answer ends. */
function recordAnswer(res: ServerResponse, onEnd: (chunks: Buffer[]) => void) {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const collect = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(
      typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : Buffer.from(chunk as Uint8Array),
    );
  };
  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    collect(chunk, encoding);
    return write(chunk, encoding, callback);
  }) as ServerResponse["write"];
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    collect(chunk, encoding);
    onEnd(chunks);
    return end(chunk, encoding, callback);
  }) as ServerResponse["end"];
}

export function createPageCache({ ttlMs, maxBytes }: PageCacheOptions, now: () => number = Date.now): PageCache {
  const pages = new Map<string, KeptPage>();
  let keptBytes = 0;
  const forget = (key: string) => {
    keptBytes -= pages.get(key)?.bytes ?? 0;
    pages.delete(key);
  };
  // Bumped by every change: a page rendered across one is not kept.
  let generation = 0;
  const clear = () => {
    generation++;
    pages.clear();
    keptBytes = 0;
  };

  const keep = (
    key: string,
    res: ServerResponse,
    nonce: string | undefined,
    chunks: Buffer[],
    earlierHeaders: ReadonlySet<string>,
  ) => {
    if (res.statusCode !== 200 || res.hasHeader("set-cookie")) return;
    const body = Buffer.concat(chunks);
    if (body.length > maxBytes / 4) return;
    const parts = cutAtNonce(body, nonce);
    const headers = keptHeaders(res, earlierHeaders);
    forget(key);
    // Oldest first out: a Map iterates in insertion order.
    for (const oldest of pages.keys()) {
      if (keptBytes + body.length <= maxBytes) break;
      forget(oldest);
    }
    pages.set(key, { expires: now() + ttlMs, bytes: body.length, headers, parts });
    keptBytes += body.length;
  };

  return {
    clear,
    handle(req, res, nonce, next, origin = "") {
      if (ttlMs <= 0) return next();
      if (req.method !== "GET") {
        clearAfterWrite(req, res, clear);
        return next();
      }
      const target = req.url ?? "/";
      if (req.headers.cookie !== undefined || !isCacheablePath(target.split("?")[0]!)) return next();
      const key = `${origin} ${target}`;
      const page = pages.get(key);
      if (page && page.expires > now()) return serve(page, res, nonce);
      if (page) forget(key);

      const started = generation;
      const earlierHeaders = new Set(res.getHeaderNames());
      recordAnswer(res, (chunks) => {
        if (generation === started) keep(key, res, nonce, chunks, earlierHeaders);
      });
      res.setHeader("X-Cache", "MISS");
      next();
    },
  };
}
