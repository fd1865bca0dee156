import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import proxyAddr from "proxy-addr";

/**
 * Who the client is, and how it reached us, behind the proxies TRUST_PROXY names (config.server.ts:
 * a hop count, or the proxies' addresses). With none named, X-Forwarded-* are never believed:
 * anyone can write them, and the sign-in limits key on the client's address.
 */
export interface ClientFacts {
  /** The client's address: the socket's, or the one the trusted proxies add. */
  ip(req: IncomingMessage): string;
  /** http or https: the socket's, or X-Forwarded-Proto from a trusted proxy. */
  protocol(req: IncomingMessage): "http" | "https";
  /** The host asked for: X-Forwarded-Host from a trusted proxy, else Host. */
  host(req: IncomingMessage): string;
  /** Whether a connection from this address is one of the trusted proxies'. */
  isTrustedProxy(address: string): boolean;
}

type Trust = (address: string, hop: number) => boolean;

function compileTrust(setting: number | string | undefined): Trust | undefined {
  if (setting === undefined) return undefined;
  if (typeof setting === "number") return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting.split(",").map((entry) => entry.trim()));
}

const firstValue = (header: string | string[] | undefined) =>
  (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim() || undefined;

export function clientFacts(trustProxy: number | string | undefined): ClientFacts {
  const trust = compileTrust(trustProxy);
  const isTrustedProxy = (address: string) => trust !== undefined && trust(address, 0);
  const fromTrustedProxy = (req: IncomingMessage) => isTrustedProxy(req.socket.remoteAddress ?? "");
  return {
    isTrustedProxy,
    ip: (req) => (trust ? proxyAddr(req, trust) : req.socket.remoteAddress) ?? "unknown",
    protocol(req) {
      const own = (req.socket as TLSSocket).encrypted ? "https" : "http";
      if (!fromTrustedProxy(req)) return own;
      const forwarded = firstValue(req.headers["x-forwarded-proto"])?.toLowerCase();
      return forwarded === "https" || forwarded === "http" ? forwarded : own;
    },
    host(req) {
      const forwarded = fromTrustedProxy(req) ? firstValue(req.headers["x-forwarded-host"]) : undefined;
      return forwarded ?? req.headers.host ?? "localhost";
    },
  };
}
