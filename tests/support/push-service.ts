import crypto from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import ece from "http_ece";

import { makeCertificate } from "../../scripts/lib/local-certificate";

/**
 * A Web Push service of our own, on https://127.0.0.1 with a certificate made here (openssl), for
 * the app to deliver to: a server started with NODE_EXTRA_CA_CERTS=caFile and
 * PUSH_SERVICES=127.0.0.1 trusts it as it trusts the browsers' services. It reads every message as
 * a browser would: decrypted with the device's keys (RFC 8291, aes128gcm, through http_ece), and
 * its VAPID token checked (RFC 8292: an ES256 JWT signed by the key it names).
 */

/** How a device's push service answers: 201 (taken), 404, 410 (gone), or 500 once before taking it. */
export type DeviceMode = "ok" | "missing" | "gone" | "flaky";

/** A browser's subscription, made as a browser makes it: a P-256 key pair and a 16-byte secret. */
export interface FakeDevice {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  mode: DeviceMode;
  ecdh: crypto.ECDH;
}

/** A message the service took (or refused), read. */
export interface PushDelivery {
  device: string;
  status: number;
  /** The message, decrypted and parsed (JSON). */
  message: unknown;
  /** The VAPID key the token names (`k=`), base64url. */
  vapidKey: string;
  /** The token's claims, once its signature is checked. */
  claims: { aud: string; exp: number; sub: string };
  /** The token itself (the JWT), to tell a token signed once from one signed per message. */
  token: string;
  ttl: string | undefined;
  urgency: string | undefined;
}

export interface PushService {
  /** https://127.0.0.1:PORT */
  origin: string;
  /** The certificate the app must trust (NODE_EXTRA_CA_CERTS). */
  caFile: string;
  device(mode?: DeviceMode): FakeDevice;
  /** Every request, in the order it arrived (refused ones too). */
  deliveries: PushDelivery[];
  /** What could not be read (a message that does not decrypt, a token that does not verify): should stay empty. */
  problems: string[];
  /** Waits until `count` requests for this device have arrived. */
  waitFor(deviceId: string, count: number, timeoutMs?: number): Promise<PushDelivery[]>;
  close(): Promise<void>;
}

/** The claims of a VAPID token (`vapid t=<jwt>, k=<key>`) whose ES256 signature verifies with key k. */
function verifiedVapid(authorization: string | undefined): Pick<PushDelivery, "vapidKey" | "claims" | "token"> {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`Authorization sin VAPID: ${authorization}`);
  const [, header, payload, signature, vapidKey] = match as unknown as [string, string, string, string, string];
  const point = Buffer.from(vapidKey, "base64url");
  const key = crypto.createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = Buffer.from(`${header}.${payload}`);
  const valid = crypto.verify(
    "sha256",
    signed,
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!valid) throw new Error("firma VAPID inválida");
  if (JSON.parse(Buffer.from(header, "base64url").toString()).alg !== "ES256") throw new Error("alg no es ES256");
  return {
    vapidKey,
    claims: JSON.parse(Buffer.from(payload, "base64url").toString()),
    token: `${header}.${payload}.${signature}`,
  };
}

export async function startPushService(): Promise<PushService> {
  const { dir, key, cert, caFile } = makeCertificate();
  const devices = new Map<string, FakeDevice>();
  const flaked = new Set<string>();
  const deliveries: PushDelivery[] = [];
  const problems: string[] = [];

  const answer = (device: FakeDevice): number => {
    if (device.mode === "missing") return 404;
    if (device.mode === "gone") return 410;
    if (device.mode === "flaky" && !flaked.has(device.id)) {
      flaked.add(device.id);
      return 500;
    }
    return 201;
  };

  const server = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? "")?.[1];
      const device = id ? devices.get(id) : undefined;
      if (!device || request.method !== "POST") {
        problems.push(`petición inesperada: ${request.method} ${request.url}`);
        response.writeHead(400).end();
        return;
      }
      const status = answer(device);
      try {
        const body = ece.decrypt(Buffer.concat(chunks), {
          version: "aes128gcm",
          privateKey: device.ecdh,
          authSecret: Buffer.from(device.auth, "base64url"),
        });
        const header = (name: string) => request.headers[name] as string | undefined;
        if (header("content-encoding") !== "aes128gcm")
          throw new Error(`Content-Encoding ${header("content-encoding")}`);
        deliveries.push({
          device: device.id,
          status,
          message: JSON.parse(body.toString("utf8")),
          ...verifiedVapid(header("authorization")),
          ttl: header("ttl"),
          urgency: header("urgency"),
        });
      } catch (error) {
        problems.push(`${device.id}: ${String(error)}`);
      }
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    caFile,
    deliveries,
    problems,
    device(mode = "ok") {
      const ecdh = crypto.createECDH("prime256v1");
      const id = crypto.randomBytes(9).toString("base64url");
      const device: FakeDevice = {
        id,
        endpoint: `${origin}/push/${id}`,
        p256dh: ecdh.generateKeys().toString("base64url"),
        auth: crypto.randomBytes(16).toString("base64url"),
        mode,
        ecdh,
      };
      devices.set(id, device);
      return device;
    },
    async waitFor(deviceId, count, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      const mine = () => deliveries.filter((delivery) => delivery.device === deviceId);
      while (mine().length < count) {
        if (Date.now() > until)
          throw new Error(`${deviceId}: ${mine().length} de ${count} mensajes; problemas: ${problems.join("; ")}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return mine();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
