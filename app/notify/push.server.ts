import crypto from "node:crypto";
import https from "node:https";
import type { Kysely } from "kysely";
import type { RequestDetails } from "web-push";

import type { Config, VapidKeys } from "#app/config.server";
import type { Database } from "#app/data/engine/schema";
import { readOrCreatePushKeys } from "#app/data/push/push-keys.server";
import { forgetPushDevice, pushDevicesOf, type PushDevice } from "#app/data/push/subscriptions.server";
import { isPushServiceHost } from "#app/domain/forms/push-forms";

/** What a notification shows (public/sw.js): its title, its text, and the page a tap opens (a path of ours). */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
}

export interface PushOptions {
  /** How long the push service keeps the message for a device that is off; 6 hours unless told. */
  ttlSeconds?: number;
  urgency?: "very-low" | "low" | "normal" | "high";
  /** A newer message of the same topic replaces one still waiting at the push service (base64url, ≤ 32 characters). */
  topic?: string;
}

/** How each of the player's devices fared: delivered, gone (404/410: its row deleted), failed (after its retries). */
export interface PushReport {
  devices: number;
  delivered: number;
  gone: number;
  failed: number;
}

/** Web Push as a running app has it (services.push): the VAPID pair and the sends under way. */
export interface PushSender {
  /** The VAPID public key: what a browser subscribes with (`applicationServerKey`). */
  publicKey: string;
  /** @internal */
  state: SenderState;
}

interface SenderState {
  vapid: VapidKeys & { subject: string };
  services: readonly string[];
  /** Keeps connections to the push services open between messages; Node's trust store plus NODE_EXTRA_CA_CERTS. */
  agent: https.Agent;
  /** Waits between attempts, in milliseconds: as many retries as entries. */
  retryDelaysMs: readonly number[];
  /** Outgoing requests at once; more wait their turn. */
  slots: { free: number; waiting: (() => void)[] };
  /** Deliveries under way, so that stopping the app can let them end. */
  running: Set<Promise<unknown>>;
  stopped: AbortController;
  /** The signed VAPID header per push service (its origin), reused until `renewAt` (ms). */
  vapidHeaders: Map<string, { authorization: string; renewAt: number }>;
}

const DEFAULT_TTL_SECONDS = 6 * 60 * 60;
const REQUEST_TIMEOUT_MS = 10_000;
const CONCURRENT_REQUESTS = 16;
/**
 * How long a signed VAPID token is valid (its `exp`; RFC 8292 allows up to 24 h) and how long
 * before that a new one is signed. Signing costs more than encrypting a message, and a wave of
 * reminders goes to a handful of push services: one token per service, not one per message.
 */
const VAPID_TOKEN_SECONDS = 12 * 60 * 60;
const VAPID_RENEW_BEFORE_MS = 60 * 60 * 1000;
/** Retries after a 5xx, a 429 or a network error: 1 s, 5 s, 30 s. */
const RETRY_DELAYS_MS = [1_000, 5_000, 30_000];
/** A push service's Retry-After is followed up to this long. */
const MAX_RETRY_AFTER_MS = 120_000;

type WebPush = typeof import("web-push");
let webPush: Promise<WebPush> | undefined;

/**
 * web-push and what it loads (asn1.js, jws…) take a noticeable part of a process's start: loaded
 * with the first message instead, by the one process that sends it.
 */
function loadWebPush(): Promise<WebPush> {
  webPush ??= import("web-push").then((module) => (module as WebPush & { default?: WebPush }).default ?? module);
  return webPush;
}

/** A new VAPID pair, as web-push makes one (a private key of exactly 32 bytes). */
function newVapidKeys(): VapidKeys {
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  const privateKey = Buffer.alloc(32);
  const made = ecdh.getPrivateKey();
  made.copy(privateKey, 32 - made.length);
  return { publicKey: ecdh.getPublicKey("base64url"), privateKey: privateKey.toString("base64url") };
}

/**
 * Who the push services may reach about our messages (the JWT's `sub`): VAPID_SUBJECT, else the
 * public https address, else the admin's e-mail. Apple refuses a localhost address.
 */
function vapidSubject(config: Pick<Config, "push" | "BASE_URL" | "ADMIN_EMAIL">): string {
  if (config.push.subject) return config.push.subject;
  const base = config.BASE_URL ? URL.parse(config.BASE_URL) : null;
  if (base?.protocol === "https:" && base.hostname !== "localhost") return base.origin;
  return `mailto:${config.ADMIN_EMAIL ?? "quiniela@localhost"}`;
}

/** Web Push for a starting app: the settings' VAPID pair, or the install's from the database (made by the first process to start). */
export async function startPush(
  db: Kysely<Database>,
  config: Pick<Config, "push" | "BASE_URL" | "ADMIN_EMAIL">,
  { retryDelaysMs = RETRY_DELAYS_MS }: { retryDelaysMs?: readonly number[] } = {},
): Promise<PushSender> {
  const keys = config.push.keys ?? (await readOrCreatePushKeys(db, newVapidKeys));
  const state: SenderState = {
    vapid: { ...keys, subject: vapidSubject(config) },
    services: config.push.services,
    agent: new https.Agent({ keepAlive: true, maxSockets: CONCURRENT_REQUESTS, timeout: REQUEST_TIMEOUT_MS }),
    retryDelaysMs,
    slots: { free: CONCURRENT_REQUESTS, waiting: [] },
    running: new Set(),
    stopped: new AbortController(),
    vapidHeaders: new Map(),
  };
  return { publicKey: keys.publicKey, state };
}

/**
 * The `Authorization` header for a push service (`audience`, its origin): a VAPID token signed with
 * the install's key, valid for VAPID_TOKEN_SECONDS and signed again an hour before it ends. The
 * push service checks `exp` against the real time, so this reads the real clock, not a test's.
 */
function vapidAuthorization(webPush: WebPush, state: SenderState, audience: string, now: number): string {
  const kept = state.vapidHeaders.get(audience);
  if (kept && kept.renewAt > now) return kept.authorization;
  const expiresAt = Math.floor(now / 1000) + VAPID_TOKEN_SECONDS;
  const { subject, publicKey, privateKey } = state.vapid;
  const authorization = webPush.getVapidHeaders(
    audience,
    subject,
    publicKey,
    privateKey,
    "aes128gcm",
    expiresAt,
  ).Authorization;
  state.vapidHeaders.set(audience, { authorization, renewAt: expiresAt * 1000 - VAPID_RENEW_BEFORE_MS });
  return authorization;
}

/**
 * Sends a notification to every device of a player, each on its own. Never throws and never
 * holds up its caller's answer unless awaited: a request that sends answers without awaiting it.
 * A device its push service answers 404 or 410 is deleted; a 5xx, a 429 or a network error is
 * retried with growing waits, then logged.
 */
export function sendPush(
  services: { db: Kysely<Database>; push: PushSender },
  userId: string,
  message: PushMessage,
  options: PushOptions = {},
): Promise<PushReport> {
  const { db, push } = services;
  const sending = (async () => {
    const devices = await pushDevicesOf(db, userId);
    const payload = JSON.stringify(message);
    const outcomes = await Promise.all(devices.map((device) => deliver(db, push.state, device, payload, options)));
    return {
      devices: devices.length,
      delivered: outcomes.filter((outcome) => outcome === "delivered").length,
      gone: outcomes.filter((outcome) => outcome === "gone").length,
      failed: outcomes.filter((outcome) => outcome === "failed").length,
    };
  })().catch((error: unknown) => {
    console.error("No se pudo enviar la notificación", error);
    return { devices: 0, delivered: 0, gone: 0, failed: 0 };
  });
  push.state.running.add(sending);
  void sending.finally(() => push.state.running.delete(sending));
  return sending;
}

/** Stopping the app: no retry waits any longer, sends under way end, connections close. */
export async function stopPush(push: PushSender): Promise<void> {
  push.state.stopped.abort();
  await Promise.allSettled([...push.state.running]);
  push.state.agent.destroy();
}

type Outcome = "delivered" | "gone" | "failed";

/** One device: the message encrypted for it (RFC 8291) and signed (VAPID), posted until it is taken, gone, refused, or the retries run out. */
async function deliver(
  db: Kysely<Database>,
  state: SenderState,
  device: PushDevice,
  payload: string,
  options: PushOptions,
): Promise<Outcome> {
  const endpoint = URL.parse(device.endpoint);
  const host = endpoint?.hostname ?? "?";
  // Checked when stored; again here, since PUSH_SERVICES may have changed since.
  if (endpoint?.protocol !== "https:" || !isPushServiceHost(endpoint.hostname, state.services)) {
    console.warn(`Notificación no enviada: ${host} no está en PUSH_SERVICES`);
    return "failed";
  }
  let request: RequestDetails;
  try {
    const webPush = await loadWebPush();
    request = webPush.generateRequestDetails(
      { endpoint: endpoint.href, keys: { p256dh: device.p256dh, auth: device.auth } },
      payload,
      {
        // Signed here, once per push service for hours, instead of by web-push for each message
        // (no vapidDetails: nothing here sets web-push's global ones either).
        headers: { Authorization: vapidAuthorization(webPush, state, endpoint.origin, Date.now()) },
        TTL: options.ttlSeconds ?? DEFAULT_TTL_SECONDS,
        urgency: options.urgency ?? "normal",
        topic: options.topic,
        contentEncoding: "aes128gcm",
      },
    );
  } catch (error) {
    console.error(`Notificación no cifrada para ${host}`, error);
    return "failed";
  }
  for (let attempt = 0; ; attempt++) {
    const answer = await withSlot(state, () => post(state.agent, endpoint, request));
    if (answer.status !== undefined && answer.status >= 200 && answer.status < 300) return "delivered";
    if (answer.status === 404 || answer.status === 410) {
      await forgetPushDevice(db, device);
      return "gone";
    }
    const retryable = answer.status === undefined || answer.status === 429 || answer.status >= 500;
    const what = answer.status === undefined ? String(answer.error) : `HTTP ${answer.status}`;
    const wait = state.retryDelaysMs[attempt];
    if (!retryable || wait === undefined || state.stopped.signal.aborted) {
      console.warn(`Notificación no entregada a ${host} (${what}, intento ${attempt + 1})`);
      return "failed";
    }
    console.warn(`Notificación a ${host}: ${what}; se reintenta (intento ${attempt + 1})`);
    if (!(await pause(Math.max(wait, answer.retryAfterMs ?? 0), state.stopped.signal))) return "failed";
  }
}

/** Runs `work` when one of the outgoing slots is free. */
async function withSlot<T>(state: SenderState, work: () => Promise<T>): Promise<T> {
  if (state.slots.free > 0) state.slots.free--;
  else await new Promise<void>((resolve) => state.slots.waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = state.slots.waiting.shift();
    if (next) next();
    else state.slots.free++;
  }
}

/** Waits, unless the app stops first: true when the whole wait passed. */
function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (whole: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener("abort", stopped);
      resolve(whole);
    };
    const stopped = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal.addEventListener("abort", stopped);
  });
}

interface PushAnswer {
  status?: number;
  retryAfterMs?: number;
  error?: unknown;
}

/**
 * POSTs the prepared message to the endpoint (the URL parsed as it was checked), over TLS that
 * trusts Node's certificates and NODE_EXTRA_CA_CERTS, nothing weaker. The answer's body is
 * not kept. Network errors and timeouts come back as an answer without a status.
 */
function post(agent: https.Agent, endpoint: URL, request: RequestDetails): Promise<PushAnswer> {
  return new Promise((resolve) => {
    const outgoing = https.request(
      {
        agent,
        method: "POST",
        hostname: endpoint.hostname.replace(/^\[|\]$/g, ""),
        port: endpoint.port || 443,
        path: `${endpoint.pathname}${endpoint.search}`,
        headers: request.headers,
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ status: response.statusCode, retryAfterMs: retryAfterMs(response.headers["retry-after"]) }),
        );
        response.on("error", (error) => resolve({ error }));
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error("sin respuesta a tiempo")));
    outgoing.on("error", (error) => resolve({ error }));
    outgoing.end(request.body);
  });
}

/** Retry-After in seconds (or an HTTP date), capped; undefined when absent or unreadable. */
function retryAfterMs(header: string | undefined): number | undefined {
  if (!header) return undefined;
  const ms = /^\d+$/.test(header) ? Number(header) * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : undefined;
}
