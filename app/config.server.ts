import crypto from "node:crypto";
import net from "node:net";
import path from "node:path";
import { z } from "zod";

import {
  base64UrlBytes,
  DEFAULT_PUSH_SERVICES,
  isP256PublicKey,
  readPushServices,
  withoutPadding,
} from "#app/domain/forms/push-forms";

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** DATABASE_CONNECT_TIMEOUT_MS unless set; also what openDatabase waits when not told (scripts, tests). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString.refine(
    (url) => url === undefined || /^postgres(ql)?:\/\//.test(url),
    "DATABASE_URL debe empezar con postgres:// (sin ella se usa SQLite)",
  ),
  /** How long a request waits for a PostgreSQL connection before it fails (data/engine/db.server.ts). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number({ message: "DATABASE_CONNECT_TIMEOUT_MS debe ser un número de milisegundos" })
    .int("DATABASE_CONNECT_TIMEOUT_MS debe ser un número entero de milisegundos")
    .min(500, "DATABASE_CONNECT_TIMEOUT_MS debe ser de al menos 500 ms")
    .max(60_000, "DATABASE_CONNECT_TIMEOUT_MS debe ser de 60000 ms como máximo")
    .default(DEFAULT_CONNECT_TIMEOUT_MS),
  ADMIN_EMAIL: optionalString.transform((email) => email?.toLowerCase()),
  APP_TIMEZONE: z.string().default("America/Mexico_City"),
  /** The first season's name: the bundled Clausura 2024's own, the one form season names take (no '·'). */
  SEASON_NAME: z.string().default("Liga MX Clausura 2024"),
  BASE_URL: optionalString.refine(
    (url) => url === undefined || URL.canParse(url),
    "BASE_URL debe ser una URL completa, por ejemplo https://quiniela.example.com",
  ),
  BETTER_AUTH_SECRET: optionalString,
  TRUST_PROXY: optionalString.transform((value, ctx) => {
    if (value === undefined) return undefined;
    const trust = trustProxySetting(value);
    if (trust === undefined) {
      ctx.addIssue({
        code: "custom",
        message:
          `«${value}» no es válido. Indica cuántos proxies hay delante de la app (por ejemplo 1) o sus ` +
          "direcciones (127.0.0.1, 10.0.0.0/8, loopback…). «true» confiaría en cualquier X-Forwarded-For " +
          "y cualquiera podría fingir su IP ante los límites de intentos.",
      });
      return z.NEVER;
    }
    return trust;
  }),
  /**
   * How many days a one-time link the admin makes lasts ('Nuevo Usuario', 'Generar enlace de
   * acceso'): long enough to hand out over a chat. A player's own links keep their hour.
   */
  ADMIN_LINK_DAYS: z.coerce
    .number({ message: "ADMIN_LINK_DAYS debe ser un número de días" })
    .int("ADMIN_LINK_DAYS debe ser un número entero de días")
    .min(1, "ADMIN_LINK_DAYS debe ser de al menos 1 día")
    .max(30, "ADMIN_LINK_DAYS debe ser de 30 días como máximo")
    .default(7),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  LIVE_STREAMS_PER_CLIENT: z.coerce.number().int().min(1).default(50),
  LIVE_STREAMS_MAX: z.coerce.number().int().min(1).default(500),
  /** Slow clients (server/connections.ts): time to send a request's headers, and the whole request. */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /** Connections open at once per client address (not a trusted proxy's) and in all. */
  CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(1).default(100),
  CONNECTIONS_MAX: z.coerce.number().int().min(1).default(1000),
  /** How long a public page, as a visitor without cookies sees it, is served from memory (server/page-cache.ts); 0: never. */
  PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /**
   * Timed reminders (app/reminders/): hours before the first kickoff among a player's missing
   * picks of a phase at which they are reminded, e.g. 24,2 (whole hours, 1 to 168, at most 6).
   */
  REMINDER_HOURS: z
    .string()
    .default("24,2")
    .transform((value, ctx) => {
      const hours = reminderHours(value);
      if (hours === undefined) {
        ctx.addIssue({
          code: "custom",
          message: `«${value}» no es válido: horas enteras de 1 a 168 separadas por comas (como máximo 6), por ejemplo 24,2`,
        });
        return z.NEVER;
      }
      return hours;
    }),
  /** How often the sender looks for reminders that are due (seconds); retries back off from it. */
  REMINDER_CHECK_SECONDS: z.coerce
    .number({ message: "REMINDER_CHECK_SECONDS debe ser un número de segundos" })
    .int("REMINDER_CHECK_SECONDS debe ser un número entero de segundos")
    .min(1, "REMINDER_CHECK_SECONDS debe ser de al menos 1 segundo")
    .max(3600, "REMINDER_CHECK_SECONDS debe ser de 3600 segundos como máximo")
    .default(60),
  LOG_REQUESTS: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
});

/** REMINDER_HOURS as distinct whole hours, largest first; undefined when it is not such a list. */
function reminderHours(value: string): number[] | undefined {
  const parts = value.split(",").map((part) => part.trim());
  if (parts.length > 6 || !parts.every((part) => /^\d{1,3}$/.test(part))) return undefined;
  const hours = parts.map(Number);
  if (hours.some((hour) => hour < 1 || hour > 168) || new Set(hours).size !== hours.length) return undefined;
  return hours.sort((a, b) => b - a);
}

const NAMED_SUBNETS = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * Which proxies are trusted (server/client.ts), from TRUST_PROXY: a hop count (1 behind one
 * proxy) or the proxies' addresses. `true` (trust every hop, so the leftmost X-Forwarded-For, which the client writes)
 * is refused: rate limits would key on whatever the client claims.
 */
function trustProxySetting(value: string): number | string | undefined {
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const entries = value.split(",").map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    if (NAMED_SUBNETS.has(entry)) return true;
    const [address, bits, ...rest] = entry.split("/");
    if (rest.length > 0 || !address || net.isIP(address) === 0) return false;
    return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (net.isIPv4(address) ? 32 : 128));
  });
  return valid ? entries.join(",") : undefined;
}

/** `correo@dominio` or `Nombre <correo@dominio>`, no control characters. */
const MAILBOX =
  // eslint-disable-next-line no-control-regex
  /^(?:[^<>\u0000-\u001f\u007f]*<[^\s<>@\u0000-\u001f\u007f]+@[^\s<>@\u0000-\u001f\u007f]+>|[^\s<>@\u0000-\u001f\u007f]+@[^\s<>@\u0000-\u001f\u007f]+)$/;

export interface SmtpSettings {
  host: string;
  port: number;
  /** Implicit TLS; when false, STARTTLS if the server offers it. */
  secure: boolean;
  auth: { user: string; pass: string } | undefined;
  from: string;
}

/**
 * Outgoing e-mail ('¿Olvidaste tu contraseña?', SPEC §2.11). Without SMTP_HOST it is off and the
 * other SMTP_* settings are ignored. SMTP_SECURE=true is implicit TLS (port 465 by default);
 * otherwise the connection is upgraded with STARTTLS when the server offers it (nodemailer's way).
 */
export const SmtpEnvSchema = z
  .object({
    SMTP_HOST: optionalString,
    SMTP_PORT: optionalString
      .refine(
        (port) => port === undefined || (/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535),
        "SMTP_PORT debe ser un número de puerto (1 a 65535)",
      )
      .transform((port) => (port === undefined ? undefined : Number(port))),
    SMTP_SECURE: optionalString.refine(
      (secure) => secure === undefined || secure === "true" || secure === "false",
      "SMTP_SECURE debe ser true o false",
    ),
    SMTP_USER: optionalString,
    // Not trimmed: a password may end in a blank.
    SMTP_PASSWORD: z
      .string()
      .transform((value) => (value === "" ? undefined : value))
      .optional(),
    SMTP_FROM: optionalString.refine(
      (from) => from === undefined || MAILBOX.test(from),
      "SMTP_FROM debe ser una dirección de correo, por ejemplo Quiniela <quiniela@example.com>",
    ),
  })
  .superRefine((smtp, context) => {
    if (smtp.SMTP_HOST === undefined) return;
    if (smtp.SMTP_FROM === undefined) {
      context.addIssue({
        code: "custom",
        path: ["SMTP_FROM"],
        message: "SMTP_FROM es obligatorio cuando se da SMTP_HOST",
      });
    }
    if ((smtp.SMTP_USER === undefined) !== (smtp.SMTP_PASSWORD === undefined)) {
      context.addIssue({
        code: "custom",
        path: [smtp.SMTP_USER === undefined ? "SMTP_USER" : "SMTP_PASSWORD"],
        message: "SMTP_USER y SMTP_PASSWORD van juntos: da los dos o ninguno",
      });
    }
  })
  .transform((smtp): SmtpSettings | undefined => {
    if (smtp.SMTP_HOST === undefined || smtp.SMTP_FROM === undefined) return undefined;
    const secure = smtp.SMTP_SECURE === undefined ? smtp.SMTP_PORT === 465 : smtp.SMTP_SECURE === "true";
    return {
      host: smtp.SMTP_HOST,
      port: smtp.SMTP_PORT ?? (secure ? 465 : 587),
      secure,
      auth:
        smtp.SMTP_USER !== undefined && smtp.SMTP_PASSWORD !== undefined
          ? { user: smtp.SMTP_USER, pass: smtp.SMTP_PASSWORD }
          : undefined,
      from: smtp.SMTP_FROM,
    };
  });

/** A VAPID key pair (RFC 8292) in base64url: the public key as 65 bytes (an uncompressed P-256 point), the private one as 32. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushSettings {
  /** The hosts a subscription's endpoint may name (`*.` and a name: any host under it). */
  services: string[];
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; undefined: the install's own pair, kept in the database. */
  keys: VapidKeys | undefined;
  /** VAPID_SUBJECT: how a push service reaches whoever runs the app (`mailto:` or `https:`). */
  subject: string | undefined;
}

/** Whether VAPID_PRIVATE_KEY is a P-256 private key whose public key is VAPID_PUBLIC_KEY. */
function isKeyPair(publicKey: string, privateKey: string): boolean {
  const secret = base64UrlBytes(privateKey);
  if (secret?.length !== 32) return false;
  try {
    const ecdh = crypto.createECDH("prime256v1");
    ecdh.setPrivateKey(secret);
    return ecdh.getPublicKey("base64url") === withoutPadding(publicKey);
  } catch {
    return false;
  }
}

/**
 * Web Push (issue 45). PUSH_SERVICES: the push services a device's subscription may point at
 * (the browsers' own by default). The VAPID key pair is made once per install and kept in the
 * database, unless VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY give one (both, with VAPID_SUBJECT).
 */
export const PushEnvSchema = z
  .object({
    PUSH_SERVICES: optionalString.transform((text, ctx) => {
      if (text === undefined) return [...DEFAULT_PUSH_SERVICES];
      const { services, invalid } = readPushServices(text);
      if (invalid.length > 0 || services.length === 0) {
        ctx.addIssue({
          code: "custom",
          message: `PUSH_SERVICES lleva nombres de host separados por comas (o *.dominio para todos los de un dominio); no valen: ${invalid.join(", ") || "(vacío)"}`,
        });
        return z.NEVER;
      }
      return services;
    }),
    VAPID_PUBLIC_KEY: optionalString.refine((key) => {
      const bytes = key === undefined ? null : base64UrlBytes(key);
      return key === undefined || (bytes !== null && isP256PublicKey(bytes));
    }, "VAPID_PUBLIC_KEY debe ser una clave pública P-256 sin comprimir (65 bytes) en base64url"),
    VAPID_PRIVATE_KEY: optionalString,
    VAPID_SUBJECT: optionalString.refine(
      (subject) => subject === undefined || /^mailto:[^\s@]+@[^\s@]+$/.test(subject) || /^https:\/\/\S+$/.test(subject),
      "VAPID_SUBJECT debe ser mailto:correo@dominio o una URL https://",
    ),
  })
  .superRefine((push, context) => {
    const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = push;
    if ((publicKey === undefined) !== (privateKey === undefined)) {
      const path = [publicKey === undefined ? "VAPID_PUBLIC_KEY" : "VAPID_PRIVATE_KEY"];
      context.addIssue({
        code: "custom",
        path,
        message: "VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY van juntas: da las dos o ninguna",
      });
    } else if (publicKey !== undefined && privateKey !== undefined) {
      if (!isKeyPair(publicKey, privateKey)) {
        context.addIssue({
          code: "custom",
          path: ["VAPID_PRIVATE_KEY"],
          message: "VAPID_PRIVATE_KEY no es la clave privada (32 bytes en base64url) de VAPID_PUBLIC_KEY",
        });
      }
      if (push.VAPID_SUBJECT === undefined) {
        context.addIssue({
          code: "custom",
          path: ["VAPID_SUBJECT"],
          message: "VAPID_SUBJECT es obligatorio con las claves VAPID",
        });
      }
    }
  })
  .transform((push): PushSettings => ({
    services: push.PUSH_SERVICES,
    keys:
      push.VAPID_PUBLIC_KEY !== undefined && push.VAPID_PRIVATE_KEY !== undefined
        ? { publicKey: withoutPadding(push.VAPID_PUBLIC_KEY), privateKey: withoutPadding(push.VAPID_PRIVATE_KEY) }
        : undefined,
    subject: push.VAPID_SUBJECT,
  }));

export type Config = z.infer<typeof EnvSchema> & {
  dataDir: string;
  /** Outgoing e-mail; undefined when SMTP_HOST is not set (the feature is off). */
  smtp: SmtpSettings | undefined;
  /** Web Push: the push services allowed, and the VAPID keys when the settings give them. */
  push: PushSettings;
};

/**
 * The environment, validated: a bad setting stops the server at start with a clear message.
 * Read once per start (startRuntime) from the environment it is given, so that one process can
 * run several apps on settings of their own (the integration tests do).
 */
export function getConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  const smtp = SmtpEnvSchema.safeParse(env);
  const push = PushEnvSchema.safeParse(env);
  if (!parsed.success || !smtp.success || !push.success) {
    const issues = [...(parsed.error?.issues ?? []), ...(smtp.error?.issues ?? []), ...(push.error?.issues ?? [])];
    const problems = issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Configuración inválida:\n${problems.join("\n")}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR), smtp: smtp.data, push: push.data };
}
