import crypto from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { RouterContextProvider } from "react-router";
import { getConfig } from "#app/config.server";
import { requestInfoContext } from "#app/http/context";
import * as serverBuild from "virtual:react-router/server-build";
import { endLiveStreams, startRuntime, stopRuntime } from "#app/runtime.server";

export { endLiveStreams, startRuntime, stopRuntime };

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

function securityHeaders(development: boolean) {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (!development) {
      const nonce = crypto.randomBytes(16).toString("base64");
      res.locals.cspNonce = nonce;
      res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
    }
    next();
  };
}

/**
 * Writes (POST, PUT, DELETE…) are accepted only from our own pages: a browser sends Origin on
 * them, and Sec-Fetch-Site when it knows the request crosses sites.
 */
function refuseCrossOrigin(baseUrl: string | undefined) {
  const configured = baseUrl ? new URL(baseUrl).origin : undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const expected = configured ?? `${req.protocol}://${req.get("host")}`;
    const crossSite = origin ? origin !== expected : req.get("sec-fetch-site") === "cross-site";
    if (crossSite) {
      res.status(403).type("text/plain; charset=utf-8").send("Solicitud rechazada: origen no permitido.");
      return;
    }
    next();
  };
}

function logRequests(req: Request, res: Response, next: NextFunction) {
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    console.log(`${req.method} ${req.originalUrl} ${res.statusCode} ${ms.toFixed(1)}ms`);
  });
  next();
}

export interface AppOptions {
  /** Folder of the browser build (build/client); omitted in development, where Vite serves it. */
  clientDir?: string;
  development?: boolean;
}

/** The whole HTTP application: logging, security, static files, then React Router. */
export function createApp({ clientDir, development = false }: AppOptions = {}) {
  const config = getConfig();
  const app = express();
  app.disable("x-powered-by");
  if (config.TRUST_PROXY) app.set("trust proxy", config.TRUST_PROXY === "true" ? true : config.TRUST_PROXY);
  if (config.LOG_REQUESTS) app.use(logRequests);
  // Server-Sent Events (/eventos) must reach the browser as they are written, never buffered.
  app.use(
    compression({
      filter: (req, res) =>
        !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
    }),
  );
  app.use(securityHeaders(development));
  if (clientDir) {
    app.use("/assets", express.static(`${clientDir}/assets`, { immutable: true, maxAge: "1y" }));
    // The other public files (favicon.svg…) have an extension; pages never do, so they skip the
    // file-system lookup that would only miss.
    const publicFiles = express.static(clientDir, { maxAge: "1h" });
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  }
  app.use(refuseCrossOrigin(config.BASE_URL));
  app.use(
    createRequestHandler({
      // Production hands over the build itself: given a function, React Router re-imports the
      // build and re-derives its route tables on every request. Development keeps the function,
      // so edited routes are picked up.
      build: development ? () => import("virtual:react-router/server-build") : serverBuild,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
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
