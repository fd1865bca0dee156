import type { IncomingMessage } from "node:http";
import { expect, test } from "vitest";

import { clientFacts } from "./client";

/** Who the client is behind the proxies TRUST_PROXY names (server/client.ts). */

function request(remoteAddress: string, headers: Record<string, string> = {}): IncomingMessage {
  return {
    socket: { remoteAddress },
    headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
  } as unknown as IncomingMessage;
}

const forwarded = {
  "X-Forwarded-For": "203.0.113.9, 198.51.100.7",
  "X-Forwarded-Proto": "https",
  "X-Forwarded-Host": "quiniela.example",
  Host: "10.0.0.5:3000",
};

test("with no proxy named, X-Forwarded-* are never believed", () => {
  const client = clientFacts(undefined);
  const req = request("127.0.0.1", forwarded);
  expect(client.ip(req)).toBe("127.0.0.1");
  expect(client.protocol(req)).toBe("http");
  expect(client.host(req)).toBe("10.0.0.5:3000");
});

test("behind one proxy: the address it adds (not what the client wrote), its protocol and host", () => {
  const client = clientFacts(1);
  const req = request("127.0.0.1", forwarded);
  expect(client.ip(req)).toBe("198.51.100.7");
  expect(client.protocol(req)).toBe("https");
  expect(client.host(req)).toBe("quiniela.example");
});

test("behind named proxies: only a request from one of them is believed", () => {
  const client = clientFacts("loopback, 10.0.0.0/8");
  expect(client.ip(request("10.1.2.3", forwarded))).toBe("198.51.100.7");
  expect(client.protocol(request("10.1.2.3", forwarded))).toBe("https");
  const direct = request("192.0.2.44", forwarded);
  expect(client.ip(direct)).toBe("192.0.2.44");
  expect(client.protocol(direct)).toBe("http");
  expect(client.host(direct)).toBe("10.0.0.5:3000");
});

test("a forwarded protocol other than http or https is not taken", () => {
  expect(clientFacts(1).protocol(request("127.0.0.1", { "X-Forwarded-Proto": "javascript" }))).toBe("http");
});
