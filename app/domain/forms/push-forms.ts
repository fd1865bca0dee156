import { z } from "zod";

import { hasControlCharacters } from "#app/domain/forms/input";

/**
 * A device's Web Push subscription as the browser hands it over (`PushSubscription.toJSON()`:
 * its endpoint and two keys), checked before it is stored. The endpoint is a URL our server will
 * call later, so it must be one of the known push services (the setting PUSH_SERVICES): any
 * other address would let a player make the server call it.
 */

/** Chrome (Firebase Cloud Messaging), Firefox (Mozilla's autopush), Safari (Apple) and Edge (Windows). */
export const DEFAULT_PUSH_SERVICES = [
  "fcm.googleapis.com",
  "updates.push.services.mozilla.com",
  "web.push.apple.com",
  "*.notify.windows.com",
] as const;

export const MAX_ENDPOINT_LENGTH = 1_000;

/** How many devices one player may have notifications on at once. */
export const MAX_DEVICES_PER_PLAYER = 20;

export const PUSH_MESSAGES = {
  endpoint: "La dirección de notificaciones del navegador no es válida",
  tooLong: `La dirección de notificaciones del navegador pasa de ${MAX_ENDPOINT_LENGTH} caracteres`,
  https: "La dirección de notificaciones del navegador debe empezar con https://",
  unknownService: "Las notificaciones de este navegador van por un servicio que Quiniela no conoce",
  p256dh: "La clave de notificaciones del navegador no es válida",
  auth: "El secreto de notificaciones del navegador no es válido",
  taken: "Este dispositivo recibe las notificaciones de otra cuenta: que esa cuenta cierre sesión en él",
  notHere: "Este dispositivo no tiene notificaciones activadas",
  tooMany: `Ya tienes notificaciones activadas en ${MAX_DEVICES_PER_PLAYER} dispositivos: desactívalas en alguno antes de añadir otro`,
} as const;

/** A host name, or `*.` and a host name; the same spelling URL gives a host (lower case, no trailing dot). */
const SERVICE_ENTRY = /^(?:\*\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * PUSH_SERVICES, read: comma-separated host names, lower-cased. `*.notify.windows.com` stands for
 * every host under notify.windows.com (Windows gives each device one of many, `wns2-….notify.windows.com`),
 * never notify.windows.com itself. The entries that are not host names are returned apart.
 */
export function readPushServices(text: string): { services: string[]; invalid: string[] } {
  const entries = text
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== "");
  return {
    services: entries.filter((entry) => SERVICE_ENTRY.test(entry)),
    invalid: entries.filter((entry) => !SERVICE_ENTRY.test(entry)),
  };
}

/** Whether a URL's host (URL.hostname: lower case) is one of the push services; any port. */
export function isPushServiceHost(hostname: string, services: readonly string[]): boolean {
  return services.some((service) =>
    service.startsWith("*.")
      ? hostname.endsWith(service.slice(1)) && hostname.length > service.length - 1
      : hostname === service,
  );
}

/**
 * A subscription's endpoint: an https URL of at most 1,000 characters, without credentials, on a
 * push service. Stored as URL reads it (its `href`), the form the sender parses again.
 */
export function pushEndpointField(services: readonly string[]) {
  return z
    .string({ error: PUSH_MESSAGES.endpoint })
    .max(MAX_ENDPOINT_LENGTH, PUSH_MESSAGES.tooLong)
    .transform((value, ctx) => {
      const url = value.includes("\\") || hasControlCharacters(value) ? null : URL.parse(value);
      if (!url || url.username || url.password) {
        ctx.addIssue({ code: "custom", message: PUSH_MESSAGES.endpoint });
        return z.NEVER;
      }
      if (url.protocol !== "https:") {
        ctx.addIssue({ code: "custom", message: PUSH_MESSAGES.https });
        return z.NEVER;
      }
      if (!isPushServiceHost(url.hostname, services)) {
        ctx.addIssue({ code: "custom", message: PUSH_MESSAGES.unknownService });
        return z.NEVER;
      }
      if (url.href.length > MAX_ENDPOINT_LENGTH) {
        ctx.addIssue({ code: "custom", message: PUSH_MESSAGES.tooLong });
        return z.NEVER;
      }
      return url.href;
    });
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** Base64url text without its padding ('='), the way browsers and web-push write it. */
export function withoutPadding(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === "=") end--;
  return text.slice(0, end);
}

/** The bytes of base64url text (padding allowed), or null when it is not base64url. */
export function base64UrlBytes(text: string): Uint8Array | null {
  if (!BASE64URL.test(text)) return null;
  const bare = withoutPadding(text);
  if (bare.length % 4 === 1) return null;
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const bytes = new Uint8Array(Math.floor((bare.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let index = 0;
  for (const char of bare) {
    value = (value << 6) | alphabet.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[index++] = (value >> bits) & 0xff;
    }
  }
  return bytes;
}

// NIST P-256: y² = x³ − 3x + b over the prime p.
const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;

function bigIntOf(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

/**
 * Whether 65 bytes are an uncompressed point of the P-256 curve (0x04, x, y): the device's
 * public key, which every message is encrypted to (RFC 8291). A key off the curve could never
 * receive a message.
 */
export function isP256PublicKey(bytes: Uint8Array): boolean {
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  const x = bigIntOf(bytes.subarray(1, 33));
  const y = bigIntOf(bytes.subarray(33));
  if (x >= P || y >= P) return false;
  return (y * y - (x * x * x - 3n * x + B)) % P === 0n;
}

const p256dhField = z
  .string({ error: PUSH_MESSAGES.p256dh })
  .max(100, PUSH_MESSAGES.p256dh)
  .refine((text) => {
    const bytes = base64UrlBytes(text);
    return bytes !== null && isP256PublicKey(bytes);
  }, PUSH_MESSAGES.p256dh)
  .transform(withoutPadding);

const authField = z
  .string({ error: PUSH_MESSAGES.auth })
  .max(30, PUSH_MESSAGES.auth)
  .refine((text) => base64UrlBytes(text)?.length === 16, PUSH_MESSAGES.auth)
  .transform(withoutPadding);

/**
 * What /profile/notificaciones takes: 'subscribe' with the browser's subscription (its endpoint,
 * its `p256dh` public key: 65 bytes, and its `auth` secret: 16 bytes, both base64url);
 * 'unsubscribe', this device's (the session's), and the endpoint the browser holds when it knows
 * one (whatever its host: PUSH_SERVICES may have changed since it was stored); 'test', a
 * notification to every device of the player; 'renew', the subscription the browser renewed by
 * itself in place of the old one.
 */
export function pushFormSchema(services: readonly string[]) {
  const endpoint = pushEndpointField(services);
  return z.discriminatedUnion(
    "intent",
    [
      z.object({ intent: z.literal("subscribe"), endpoint, p256dh: p256dhField, auth: authField }),
      z.object({
        intent: z.literal("unsubscribe"),
        endpoint: z
          .string({ error: PUSH_MESSAGES.endpoint })
          .max(MAX_ENDPOINT_LENGTH, PUSH_MESSAGES.tooLong)
          .transform((value) => (value === "" ? undefined : value))
          .optional(),
      }),
      z.object({ intent: z.literal("test") }),
      // The service worker's, when the browser renewed the subscription (public/sw.js): the new
      // one, checked as a new one is, in place of the old endpoint (whatever its host).
      z.object({
        intent: z.literal("renew"),
        oldEndpoint: z
          .string({ error: PUSH_MESSAGES.endpoint })
          .max(MAX_ENDPOINT_LENGTH, PUSH_MESSAGES.tooLong)
          .transform((value) => (value === "" ? undefined : value))
          .optional(),
        endpoint,
        p256dh: p256dhField,
        auth: authField,
      }),
    ],
    { error: "Acción desconocida" },
  );
}

export type PushForm = z.output<ReturnType<typeof pushFormSchema>>;
