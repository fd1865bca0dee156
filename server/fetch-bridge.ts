import type { IncomingMessage, ServerResponse } from "node:http";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";

/**
 * Node's request and answer as the Fetch API's, for React Router's handler, and back. (What
 * `@react-router/express` did over Express; `@react-router/node` keeps the two stream helpers.)
 */

/**
 * The URL a request asked for, on our origin: its path and query string as they came (`//x` is a
 * path here, never another host), or those of an absolute-form target. Null when no URL can be
 * made of it (a Host header that is no host).
 */
export function requestUrl(target: string | undefined, origin: string): URL | null {
  const pathAndQuery = !target
    ? "/"
    : target.startsWith("/")
      ? target
      : URL.canParse(target)
        ? pathOf(new URL(target))
        : null;
  if (pathAndQuery === null || !URL.canParse(`${origin}${pathAndQuery}`)) return null;
  return new URL(`${origin}${pathAndQuery}`);
}

const pathOf = (url: URL) => `${url.pathname}${url.search}`;

/**
 * A signal that aborts when the client leaves before the answer is sent. It is held by the
 * answer's own listener, so it lives as long as the connection does, whoever else forgets it.
 */
export function connectionClosedSignal(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * The Fetch request of a Node request, at `url`. Its body is read as React Router asks for it,
 * with Node's backpressure: a body larger than its route accepts is not read beyond the limit
 * (http/form.server.ts). Its signal is `connectionClosed` (connectionClosedSignal).
 */
export function toFetchRequest(req: IncomingMessage, url: URL, connectionClosed: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? "GET";
  const init: RequestInit & { duplex?: "half" } = { method, headers, signal: connectionClosed };
  if (method !== "GET" && method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url, init);
}

/**
 * Whether a shared cache (a proxy, a CDN) may keep an answer: anything but `private` or
 * `no-store` lets it (`public`, `s-maxage`, a bare `max-age`, or no Cache-Control at all).
 */
function sharedCacheMayKeep(cacheControl: string | null): boolean {
  const directives = (cacheControl ?? "").split(",").map((directive) => directive.trim().toLowerCase().split("=")[0]);
  return !directives.includes("private") && !directives.includes("no-store");
}

/**
 * The Cache-Control an answer leaves with. One that sets a cookie is for its one browser: a cache
 * that kept it would hand the cookie (a session's, renewed on the way) to whoever asks next. So
 * whatever a route said, such an answer leaves as `private, no-store`. Every answer that can set
 * a cookie passes here (static files and the microcache's kept pages never carry one).
 */
export function cacheControlOf(headers: Headers): string | null {
  const given = headers.get("Cache-Control");
  return headers.getSetCookie().length > 0 && sharedCacheMayKeep(given) ? "private, no-store" : given;
}

/**
 * Sends a Fetch answer through Node's. Headers are set one by one, not written at once, so that
 * the steps around (compression, the microcache) still see and add to them; an event stream's
 * headers leave at once.
 */
export async function sendFetchResponse(res: ServerResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  const headers = new Map<string, string[]>();
  // Iterating Headers gives each Set-Cookie on its own, and every name in lower case.
  for (const [name, value] of response.headers) headers.set(name, [...(headers.get(name) ?? []), value]);
  const cacheControl = cacheControlOf(response.headers);
  if (cacheControl !== null) headers.set("cache-control", [cacheControl]);
  for (const [name, values] of headers) res.setHeader(name, values.length === 1 ? values[0]! : values);
  if (response.headers.get("Content-Type")?.startsWith("text/event-stream")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    // The client left mid-answer: nothing to tell anyone.
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
