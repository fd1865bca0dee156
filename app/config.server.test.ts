import crypto from "node:crypto";
import { expect, test } from "vitest";

import { getConfig, PushEnvSchema, SmtpEnvSchema } from "./config.server";

function problems(env: Record<string, string>) {
  const parsed = SmtpEnvSchema.safeParse(env);
  expect(parsed.success).toBe(false);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

test("without SMTP_HOST e-mail is off, whatever else is set (empty values count as unset)", () => {
  expect(SmtpEnvSchema.parse({})).toBeUndefined();
  expect(SmtpEnvSchema.parse({ SMTP_HOST: "", SMTP_FROM: "quiniela@example.com", SMTP_USER: "ana" })).toBeUndefined();
});

test("SMTP_HOST and SMTP_FROM are enough: port 587 with STARTTLS when offered, no login", () => {
  expect(
    SmtpEnvSchema.parse({ SMTP_HOST: " smtp.example.com ", SMTP_FROM: "Quiniela <quiniela@example.com>" }),
  ).toEqual({
    host: "smtp.example.com",
    port: 587,
    secure: false,
    auth: undefined,
    from: "Quiniela <quiniela@example.com>",
  });
});

test("implicit TLS: SMTP_SECURE=true defaults to port 465, and port 465 alone means implicit TLS", () => {
  const base = { SMTP_HOST: "smtp.example.com", SMTP_FROM: "quiniela@example.com" };
  expect(SmtpEnvSchema.parse({ ...base, SMTP_SECURE: "true" })).toMatchObject({ port: 465, secure: true });
  expect(SmtpEnvSchema.parse({ ...base, SMTP_PORT: "465" })).toMatchObject({ port: 465, secure: true });
  expect(SmtpEnvSchema.parse({ ...base, SMTP_PORT: "2525", SMTP_SECURE: "false" })).toMatchObject({
    port: 2525,
    secure: false,
  });
});

test("user and password go together; the password is kept as given (not trimmed)", () => {
  const base = { SMTP_HOST: "smtp.example.com", SMTP_FROM: "quiniela@example.com" };
  expect(SmtpEnvSchema.parse({ ...base, SMTP_USER: "quiniela", SMTP_PASSWORD: " clave " })).toMatchObject({
    auth: { user: "quiniela", pass: " clave " },
  });
  expect(problems({ ...base, SMTP_USER: "quiniela" })).toEqual({
    SMTP_PASSWORD: "SMTP_USER y SMTP_PASSWORD van juntos: da los dos o ninguno",
  });
  expect(problems({ ...base, SMTP_PASSWORD: "clave" })).toEqual({
    SMTP_USER: "SMTP_USER y SMTP_PASSWORD van juntos: da los dos o ninguno",
  });
});

test("bad settings are refused with Spanish messages", () => {
  expect(problems({ SMTP_HOST: "smtp.example.com" })).toEqual({
    SMTP_FROM: "SMTP_FROM es obligatorio cuando se da SMTP_HOST",
  });
  const base = { SMTP_HOST: "smtp.example.com", SMTP_FROM: "quiniela@example.com" };
  for (const port of ["0", "65536", "abc", "25.5"]) {
    expect(problems({ ...base, SMTP_PORT: port })).toEqual({
      SMTP_PORT: "SMTP_PORT debe ser un número de puerto (1 a 65535)",
    });
  }
  expect(problems({ ...base, SMTP_SECURE: "yes" })).toEqual({ SMTP_SECURE: "SMTP_SECURE debe ser true o false" });
  for (const from of ["quiniela", "Quiniela <quiniela>", "a@b.com\r\nBcc: x@y.com", "Quiniela\u0000 <a@b.com>"]) {
    expect(problems({ ...base, SMTP_FROM: from })).toEqual({
      SMTP_FROM: "SMTP_FROM debe ser una dirección de correo, por ejemplo Quiniela <quiniela@example.com>",
    });
  }
});

test("DATABASE_CONNECT_TIMEOUT_MS: 5 s unless set; a number of milliseconds from 500 to 60000, refused in Spanish otherwise", () => {
  expect(getConfig({}).DATABASE_CONNECT_TIMEOUT_MS).toBe(5_000);
  expect(getConfig({ DATABASE_CONNECT_TIMEOUT_MS: "1500" }).DATABASE_CONNECT_TIMEOUT_MS).toBe(1_500);
  expect(() => getConfig({ DATABASE_CONNECT_TIMEOUT_MS: "100" })).toThrow(
    "DATABASE_CONNECT_TIMEOUT_MS: DATABASE_CONNECT_TIMEOUT_MS debe ser de al menos 500 ms",
  );
  expect(() => getConfig({ DATABASE_CONNECT_TIMEOUT_MS: "90000" })).toThrow("debe ser de 60000 ms como máximo");
  expect(() => getConfig({ DATABASE_CONNECT_TIMEOUT_MS: "2.5" })).toThrow("debe ser un número entero de milisegundos");
  expect(() => getConfig({ DATABASE_CONNECT_TIMEOUT_MS: "pronto" })).toThrow("debe ser un número de milisegundos");
});

test("ADMIN_LINK_DAYS: the admin's one-time links last 7 days unless set; 1 to 30 whole days, refused in Spanish otherwise", () => {
  expect(getConfig({}).ADMIN_LINK_DAYS).toBe(7);
  expect(getConfig({ ADMIN_LINK_DAYS: "2" }).ADMIN_LINK_DAYS).toBe(2);
  expect(() => getConfig({ ADMIN_LINK_DAYS: "0" })).toThrow(
    "ADMIN_LINK_DAYS: ADMIN_LINK_DAYS debe ser de al menos 1 día",
  );
  expect(() => getConfig({ ADMIN_LINK_DAYS: "31" })).toThrow("debe ser de 30 días como máximo");
  expect(() => getConfig({ ADMIN_LINK_DAYS: "1.5" })).toThrow("debe ser un número entero de días");
  expect(() => getConfig({ ADMIN_LINK_DAYS: "una semana" })).toThrow("debe ser un número de días");
});

/** A VAPID key pair as `web-push generate-vapid-keys` prints it (base64url). */
function vapidPair() {
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  // A private key is 32 bytes, its leading zeros too (Node drops them).
  const privateKey = Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()]).subarray(-32);
  return { publicKey: ecdh.getPublicKey("base64url"), privateKey: privateKey.toString("base64url") };
}

function pushProblems(env: Record<string, string>) {
  const parsed = PushEnvSchema.safeParse(env);
  expect(parsed.success).toBe(false);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

test("Web Push: the browsers' push services by default, keys from the database unless both are given", () => {
  expect(PushEnvSchema.parse({})).toEqual({
    services: ["fcm.googleapis.com", "updates.push.services.mozilla.com", "web.push.apple.com", "*.notify.windows.com"],
    keys: undefined,
    subject: undefined,
  });
  expect(
    PushEnvSchema.parse({ PUSH_SERVICES: "Push.Example.com, 127.0.0.1", VAPID_SUBJECT: "mailto:ops@example.com" }),
  ).toEqual({
    services: ["push.example.com", "127.0.0.1"],
    keys: undefined,
    subject: "mailto:ops@example.com",
  });
  const keys = vapidPair();
  expect(
    PushEnvSchema.parse({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: "https://quiniela.example.com",
    }),
  ).toMatchObject({ keys, subject: "https://quiniela.example.com" });
});

test("Web Push: bad settings are refused at start with Spanish messages", () => {
  const keys = vapidPair();
  const subject = "mailto:ops@example.com";
  expect(pushProblems({ PUSH_SERVICES: "https://push.example.com/x" })).toEqual({
    PUSH_SERVICES: expect.stringContaining("https://push.example.com/x"),
  });
  expect(pushProblems({ PUSH_SERVICES: " , " })).toEqual({
    PUSH_SERVICES: expect.stringContaining("separados por comas"),
  });
  expect(pushProblems({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_SUBJECT: subject })).toEqual({
    VAPID_PRIVATE_KEY: "VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY van juntas: da las dos o ninguna",
  });
  expect(
    pushProblems({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: vapidPair().privateKey,
      VAPID_SUBJECT: subject,
    }),
  ).toEqual({
    VAPID_PRIVATE_KEY: expect.stringContaining("no es la clave privada"),
  });
  expect(pushProblems({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey })).toEqual({
    VAPID_SUBJECT: "VAPID_SUBJECT es obligatorio con las claves VAPID",
  });
  expect(
    pushProblems({ VAPID_PUBLIC_KEY: "abc", VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: subject }),
  ).toMatchObject({
    VAPID_PUBLIC_KEY: expect.stringContaining("P-256"),
  });
  expect(pushProblems({ VAPID_SUBJECT: "ops@example.com" })).toEqual({
    VAPID_SUBJECT: "VAPID_SUBJECT debe ser mailto:correo@dominio o una URL https://",
  });
  expect(() => getConfig({ VAPID_SUBJECT: "http://example.com" })).toThrow(/VAPID_SUBJECT debe ser/);
});
