import crypto from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import express, { type NextFunction, type Request, type Response } from "express";
import { RouterContextProvider } from "react-router";
import { requestInfoContext, servicesContext } from "#app/http/context";
import * as serverBuild from "virtual:react-router/server-build";
import { compressWhole } from "./compress";
import { createPageCache } from "./page-cache";
import { type Runtime, startRuntime, stopRuntime } from "#app/runtime.server";

export { startRuntime, stopRuntime };

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
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

function securityHeaders(development: boolean, https: boolean) {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    // Served over https (BASE_URL): browsers keep to https for half a year. Not on plain http,
    // where the header would be ignored anyway, nor for subdomains, which are not ours to decide.
    if (https) res.setHeader("Strict-Transport-Security", "max-age=15552000");
    if (!development) {
      const nonce = crypto.randomBytes(16).toString("base64");
      res.locals.cspNonce = nonce;
      res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
    }
    next();
  };
}

/**
 * Writes (POST, PUT, DELETE…) are accepted only with proof that our own pages sent them: an
 * Origin header equal to ours, or, where a browser sends no Origin, Sec-Fetch-Site: same-origin.
 * The app has no API for other clients, so a write with neither (no Origin, an empty or "null"
 * one, same-site or none) is refused too.
 */
function refuseCrossOrigin(baseUrl: string | undefined) {
  const configured = baseUrl ? new URL(baseUrl).origin : undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const expected = configured ?? `${req.protocol}://${req.get("host")}`;
    const sameOrigin = origin ? origin === expected : req.get("sec-fetch-site") === "same-origin";
    if (!sameOrigin) {
      res.status(403).type("text/plain; charset=utf-8").send("Solicitud rechazada: origen no permitido.");
      return;
    }
    next();
  };
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
function lingerAfterRefusedBodies(req: Request, res: Response, next: NextFunction) {
  res.on("finish", () => {
    if (res.statusCode !== 413 || req.complete) return;
    req.removeAllListeners("data");
    req.on("data", () => {});
    req.resume();
    const cut = setTimeout(() => req.socket.destroy(), LINGER_MS);
    req.once("end", () => clearTimeout(cut));
  });
  next();
}

/** One line per request. Paths only: query strings carry secrets (reset tokens, invite codes). */
function logRequests(req: Request, res: Response, next: NextFunction) {
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    console.log(`${req.method} ${req.originalUrl.split("?")[0]} ${res.statusCode} ${ms.toFixed(1)}ms`);
  });
  next();
}

export interface AppOptions {
  /** The started services (startRuntime), handed to every loader and action. */
  runtime: Runtime;
  /** Folder of the browser build (build/client); omitted in development, where Vite serves it. */
  clientDir?: string;
  development?: boolean;
}

/** The whole HTTP application: logging, security, static files, then React Router. */
export function createApp({ runtime, clientDir, development = false }: AppOptions) {
  const { config } = runtime;
  const app = express();
  app.disable("x-powered-by");
  if (config.TRUST_PROXY !== undefined) app.set("trust proxy", config.TRUST_PROXY);
  if (config.LOG_REQUESTS) app.use(logRequests);
  // Whole answers compressed in one call; Server-Sent Events (/eventos) pass through as written.
  app.use(compressWhole);
  app.use(securityHeaders(development, config.BASE_URL?.startsWith("https://") ?? false));
  if (clientDir) {
    app.use("/assets", express.static(`${clientDir}/assets`, { immutable: true, maxAge: "1y" }));
    // The other public files (favicon.svg…) have an extension; pages never do, so they skip the
    // file-system lookup that would only miss.
    const publicFiles = express.static(clientDir, { maxAge: "1h" });
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  }
  app.use(refuseCrossOrigin(config.BASE_URL));
  app.use(lingerAfterRefusedBodies);
  const pageCache = createPageCache({ ttlMs: development ? 0 : config.PAGE_CACHE_MS, maxBytes: PAGE_CACHE_BYTES });
  // Results and phases saved by any process or instance.
  runtime.live.subscribe(pageCache.clear, () => {});
  app.use(pageCache.middleware);
  app.use(
    createRequestHandler({
      // Production hands over the build itself: given a function, React Router re-imports the
      // build and re-derives its route tables on every request. Development keeps the function,
      // so edited routes are picked up.
      build: development ? () => import("virtual:react-router/server-build") : serverBuild,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(servicesContext, runtime);
        context.set(requestInfoContext, {
          clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
          cspNonce: res.locals.cspNonce as string | undefined,
        });
        return context;
      },
    }),
  );
  return app;
}
