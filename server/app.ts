import crypto from "node:crypto";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import path from "node:path";
import { createRequestHandler, RouterContextProvider } from "react-router";
import serveStatic from "serve-static";
import * as serverBuild from "virtual:react-router/server-build";

import type { Config } from "#app/config.server";
import { requestInfoContext, servicesContext, servicesForRequest } from "#app/http/context";
import { runSenderThreadIfAsked } from "#app/reminders/sender-thread-main.server";
import { startRuntime as startAppRuntime, stopRuntime, type Runtime, type RuntimeOptions } from "#app/runtime.server";

import { assetsFromMemory } from "./assets";
import { clientFacts, type ClientFacts } from "./client";
import { compressWhole } from "./compress";
import { connectionLimits, createHttpServer } from "./connections";
import { connectionClosedSignal, requestUrl, sendFetchResponse, toFetchRequest } from "./fetch-bridge";
import { createPageCache } from "./page-cache";

export { stopRuntime };

// This build, loaded in the reminders' sender thread, runs the sender there (and nothing else).
runSenderThreadIfAsked();

/**
 * startRuntime (app/runtime.server.ts) with the build's own address, from which the reminders'
 * sender thread starts; the development server, which loads this file as source, has none.
 */
export function startRuntime(env: NodeJS.ProcessEnv = process.env, options: RuntimeOptions = {}): Promise<Runtime> {
  const built = import.meta.url.endsWith(".js");
  return startAppRuntime(env, { ...(built ? { senderEntry: import.meta.url } : {}), ...options });
}

/** The whole app as Node's HTTP server calls it: `http.createServer(createApp(…))`. */
export type App = (req: IncomingMessage, res: ServerResponse) => void;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Mantine sets inline style attributes; no inline script is allowed without the nonce.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    // The installed app: its service worker and its manifest, ours only.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Every answer's security headers; the CSP's script nonce (none in development), for the page to carry. */
function setSecurityHeaders(res: ServerResponse, development: boolean, https: boolean): string | undefined {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  // Served over https (BASE_URL): browsers keep to https for half a year. Not on plain http,
  // where the header would be ignored anyway, nor for subdomains, which are not ours to decide.
  if (https) res.setHeader("Strict-Transport-Security", "max-age=15552000");
  if (development) return undefined;
  const nonce = crypto.randomBytes(16).toString("base64");
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
  return nonce;
}

/**
 * Writes (POST, PUT, DELETE…) are accepted only with proof that our own pages sent them: an
 * Origin header equal to ours, or, where a browser sends no Origin, Sec-Fetch-Site: same-origin.
 * The app has no API for other clients, so a write with neither (no Origin, an empty or "null"
 * one, same-site or none) is refused too.
 */
function isCrossOriginWrite(req: IncomingMessage, siteOrigin: string): boolean {
  if (SAFE_METHODS.has(req.method ?? "GET")) return false;
  const origin = req.headers.origin;
  if (origin === undefined && isOneClickUnsubscribe(req)) return false;
  return !(origin ? origin === siteOrigin : req.headers["sec-fetch-site"] === "same-origin");
}

/**
 * The one write another program sends: a mail program's one-click unsubscribe from our reminder
 * e-mails (RFC 8058: a POST to the List-Unsubscribe address, from its own servers, with no
 * Origin and no cookie). The token in its address is its proof (routes/baja-recordatorios.tsx),
 * and all it can do is turn that player's reminder e-mails off.
 */
function isOneClickUnsubscribe(req: IncomingMessage): boolean {
  return req.method === "POST" && (req.url ?? "").split("?")[0] === "/baja-recordatorios";
}

/**
 * The site's origin as the browser sees it: BASE_URL's when set, else what the request says
 * (behind a trusted proxy, its X-Forwarded-Proto and -Host). One value for the write check above
 * and for the URL React Router gets (which checks a form's Origin against it too): a proxy that
 * passes on its own Host, or adds X-Forwarded-Host, must not make the two disagree.
 */
function siteOriginOf(req: IncomingMessage, configuredOrigin: string | undefined, client: ClientFacts): string {
  return configuredOrigin ?? `${client.protocol(req)}://${client.host(req)}`;
}

/** Memory for the public pages' microcache, all pages together. */
const PAGE_CACHE_BYTES = 16 * 1024 * 1024;

/** How long the rest of a refused body is read and dropped before the connection is cut. */
const LINGER_MS = 5_000;

/**
 * A body larger than its route accepts is answered 413 by the route without being read in full
 * (http/form.server.ts). The client may still be sending it: what comes is read and dropped for
 * a few seconds, so that it sees the answer (cutting the connection at once would reset it
 * mid-upload, before it reads the 413), then the connection is closed (as nginx's lingering close).
 */
function lingerAfterRefusedBodies(req: IncomingMessage, res: ServerResponse) {
  res.on("finish", () => {
    if (res.statusCode !== 413 || req.complete) return;
    req.removeAllListeners("data");
    req.on("data", () => {});
    req.resume();
    const cut = setTimeout(() => req.socket.destroy(), LINGER_MS);
    req.once("end", () => clearTimeout(cut));
  });
}

/** One line per request. Paths only: query strings carry secrets (reset tokens, invite codes). */
function logRequest(req: IncomingMessage, res: ServerResponse) {
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    console.log(`${req.method} ${(req.url ?? "/").split("?")[0]} ${res.statusCode} ${ms.toFixed(1)}ms`);
  });
}

/** A short Spanish answer of our own, before or outside React Router. */
function answerText(res: ServerResponse, status: number, text: string) {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.end(text);
}

/** What a request that went wrong outside React Router (which has its error pages) answers. */
function failed(res: ServerResponse, error: unknown) {
  console.error(error);
  if (res.headersSent) res.destroy();
  else answerText(res, 500, "Error interno del servidor.");
}

export interface AppOptions {
  /** The started services (startRuntime), handed to every loader and action. */
  runtime: Runtime;
  /** Folder of the browser build (build/client); omitted in development, where Vite serves it. */
  clientDir?: string;
  development?: boolean;
}

/**
 * The whole HTTP application, in the order a request meets it: its log line, compression, the
 * security headers, static files, the refusal of cross-origin writes, the public pages'
 * microcache, then React Router with the services and the request's facts in its context.
 */
export function createApp({ runtime, clientDir, development = false }: AppOptions): App {
  const { config } = runtime;
  const client = clientFacts(config.TRUST_PROXY);
  const configuredOrigin = config.BASE_URL ? new URL(config.BASE_URL).origin : undefined;
  const https = config.BASE_URL?.startsWith("https://") ?? false;
  // Production hands over the build itself: given a function, React Router re-imports the build
  // and re-derives its route tables on every request. Development keeps the function, so edited
  // routes are picked up.
  const handleRequest = createRequestHandler(
    development ? () => import("virtual:react-router/server-build") : serverBuild,
  );
  const pageCache = createPageCache({ ttlMs: development ? 0 : config.PAGE_CACHE_MS, maxBytes: PAGE_CACHE_BYTES });
  // Results and phases saved by any process or instance.
  runtime.live.subscribe(pageCache.clear, () => {});
  const staticFiles = clientDir
    ? servingStaticFiles(clientDir)
    : (_req: IncomingMessage, _res: ServerResponse, next: () => void) => next();

  const reactRouter = async (req: IncomingMessage, res: ServerResponse, nonce: string | undefined) => {
    const url = requestUrl(req.url, siteOriginOf(req, configuredOrigin, client));
    if (!url) return answerText(res, 400, "Solicitud inválida.");
    const connectionClosed = connectionClosedSignal(res);
    const context = new RouterContextProvider();
    context.set(servicesContext, servicesForRequest(runtime));
    context.set(requestInfoContext, {
      clientIp: client.ip(req),
      cspNonce: nonce,
      connectionClosed,
      dataRequest: url.pathname.endsWith(".data"),
    });
    await sendFetchResponse(res, await handleRequest(toFetchRequest(req, url, connectionClosed), context));
  };

  return (req, res) => {
    if (config.LOG_REQUESTS) logRequest(req, res);
    compressWhole(req, res, () => {
      const nonce = setSecurityHeaders(res, development, https);
      staticFiles(req, res, (error?: unknown) => {
        if (error) return failed(res, error);
        const siteOrigin = siteOriginOf(req, configuredOrigin, client);
        if (isCrossOriginWrite(req, siteOrigin))
          return answerText(res, 403, "Solicitud rechazada: origen no permitido.");
        lingerAfterRefusedBodies(req, res);
        pageCache.handle(
          req,
          res,
          nonce,
          () => reactRouter(req, res, nonce).catch((error: unknown) => failed(res, error)),
          siteOrigin,
        );
      });
    });
  };
}

/**
 * Node's HTTP server for `app` (createApp's, or development's around it), with the settings' limits
 * on slow and numerous clients (connections.ts).
 */
export function createServer(app: App, config: Config): Server {
  return createHttpServer(app, connectionLimits(config), clientFacts(config.TRUST_PROXY).isTrustedProxy);
}

/**
 * Public files a browser asks us about every time it uses its copy (revalidated: unchanged, it is
 * a short 304): the service worker, whose bytes tell a browser that a new release is out (a copy
 * kept an hour would keep the old release running), and the web manifest.
 */
const ALWAYS_REVALIDATED = new Set(["sw.js", "manifest.webmanifest"]);

/**
 * The browser build's files: `/assets/` (names carry their content's hash: kept a year) and the
 * other public files (favicon.svg…: an hour; the service worker and the manifest: always
 * revalidated). Pages never have an extension, so they skip the file-system lookup that would
 * only miss, as do React Router's `.data` requests.
 */
function servingStaticFiles(clientDir: string) {
  const assets = assetsFromMemory(
    path.join(clientDir, "assets"),
    serveStatic(clientDir, { immutable: true, maxAge: "1y", index: false }),
  );
  const publicFiles = serveStatic(clientDir, {
    maxAge: "1h",
    index: false,
    // Before serve-static's own Cache-Control, which leaves one already set alone.
    setHeaders: (res, file) => {
      if (ALWAYS_REVALIDATED.has(path.relative(clientDir, file))) res.setHeader("Cache-Control", "no-cache");
    },
  });
  return (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
    const pathname = (req.url ?? "/").split("?")[0]!;
    if (pathname.startsWith("/assets/")) return assets(req, res, next);
    const extension = path.extname(pathname);
    if (extension && extension !== ".data") return publicFiles(req, res, next);
    next();
  };
}
